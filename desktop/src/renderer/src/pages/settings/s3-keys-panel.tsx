import type { S3Key, S3KeyList } from '@cairn/shared/api-types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { s3KeyApi } from '../../api/s3-keys';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyButton } from '../../components/copy-button';
import { Icon } from '../../components/icons';
import { LastUse } from '../../components/last-use';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { TableWrap } from '../../components/table-wrap';
import { useAsync } from '../../hooks/use-async';
import { useErrorText } from '../../hooks/use-error-text';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { awsCliSetup, rcloneSetup, S3_CLIENT_NAMES } from '../../lib/s3-setup';
import { S3KeyCreateModal } from './s3-key-create-modal';
import { SettingsPanel } from '../../components/settings-panel';
import { TableHead } from '../../components/table-head';

/**
 * The account's S3 access keys: where S3 clients connect and how to set them up, the keys (never a
 * secret), create (secret shown once) and delete with confirmation. On a server without the S3 API
 * it says so, and offers no key to create.
 */
export function S3KeysPanel({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const { state, reload, setData } = useAsync((signal) => s3KeyApi.list(signal), []);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<S3Key | null>(null);
  const [busy, setBusy] = useState(false);
  const list: S3KeyList | null = state.status === 'ready' ? state.data : null;
  const enabled = Boolean(list?.endpoint);

  const remove = async () => {
    if (!deleting || !list) return;
    setBusy(true);
    try {
      await s3KeyApi.remove(deleting.id);
      setData({ ...list, keys: list.keys.filter((key) => key.id !== deleting.id) });
      toast.success(t('s3_keys.deleted', { name: deleting.name }));
      setDeleting(null);
    } catch (error) {
      toast.error(errorText(error, 'settings:s3_keys.errors.delete'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsPanel
      name="s3-keys"
      title={t('s3_keys.title')}
      description={t('s3_keys.description')}
      standalone={standalone}
      actions={
        enabled && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <Icon name="key" size={16} />
            <span>{t('s3_keys.new')}</span>
          </button>
        )
      }
    >
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'settings:s3_keys.errors.load')} onRetry={reload} />}
      {list && !list.endpoint && (
        <div className="alert alert-info" role="note" data-s3-disabled>
          <Icon name="info" size={16} />
          <div className="stacked">
            <strong>{t('s3_keys.disabled_title')}</strong>
            <span>{t('s3_keys.disabled_message')}</span>
          </div>
        </div>
      )}
      {list?.endpoint && <S3Setup endpoint={list.endpoint} region={list.region} />}
      {list && list.keys.length === 0 && enabled && (
        <EmptyState title={t('s3_keys.empty_title')} message={t('s3_keys.empty_message')} icon="key" />
      )}
      {list && list.keys.length > 0 && <S3KeysTable keys={list.keys} onDelete={setDeleting} />}
      {creating && list && (
        <S3KeyCreateModal
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            const { secretAccessKey: _secret, ...key } = created;
            setData({ ...list, keys: [key, ...list.keys] });
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('s3_keys.delete_title')}
          message={t('s3_keys.delete_message', { name: deleting.name, accessKeyId: deleting.accessKeyId })}
          confirmLabel={t('s3_keys.delete')}
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </SettingsPanel>
  );
}

/** The endpoint and region with copy buttons, and the lines that set up aws-cli and rclone. */
function S3Setup({ endpoint, region }: { endpoint: string; region: string }) {
  const { t } = useTranslation('settings');
  const aws = awsCliSetup(endpoint, region);
  const rclone = rcloneSetup(endpoint, region);
  return (
    <div className="s3-setup" data-s3-setup>
      <dl className="s3-connection">
        <div>
          <dt>{t('s3_keys.endpoint')}</dt>
          <dd className="secret-box" data-endpoint>
            <input className="mono" readOnly value={endpoint} aria-label={t('s3_keys.endpoint')} onFocus={(e) => e.target.select()} />
            <CopyButton text={endpoint} label={t('s3_keys.copy_endpoint')} compact />
          </dd>
        </div>
        <div>
          <dt>{t('s3_keys.region')}</dt>
          <dd className="secret-box" data-region>
            <input className="mono" readOnly value={region} aria-label={t('s3_keys.region')} onFocus={(e) => e.target.select()} />
            <CopyButton text={region} label={t('s3_keys.copy_region')} compact />
          </dd>
        </div>
      </dl>
      <details className="s3-snippets">
        <summary>{t('s3_keys.setup_title')}</summary>
        <p className="field-hint">{t('s3_keys.setup_hint')}</p>
        <div className="s3-snippet">
          <div className="s3-snippet-head">
            <span className="s3-snippet-title">{S3_CLIENT_NAMES.aws}</span>
            <CopyButton text={aws} label={t('s3_keys.copy_setup_aws')} compact />
          </div>
          <pre className="code-block" data-snippet="aws">
            <code>{aws}</code>
          </pre>
        </div>
        <div className="s3-snippet">
          <div className="s3-snippet-head">
            <span className="s3-snippet-title">{S3_CLIENT_NAMES.rclone}</span>
            <CopyButton text={rclone} label={t('s3_keys.copy_setup_rclone')} compact />
          </div>
          <pre className="code-block" data-snippet="rclone">
            <code>{rclone}</code>
          </pre>
        </div>
      </details>
    </div>
  );
}

function S3KeysTable({ keys, onDelete }: { keys: S3Key[]; onDelete(key: S3Key): void }) {
  const { t } = useTranslation('settings');
  const language = currentLanguage();
  return (
    <TableWrap>
      <table className="table s3-keys-table">
        <TableHead
          caption={t('s3_keys.title')}
          columns={[
            t('s3_keys.col_name'),
            t('s3_keys.col_access_key_id'),
            t('s3_keys.col_access'),
            t('s3_keys.col_created'),
            t('s3_keys.col_last_used'),
          ]}
          actions={t('s3_keys.col_actions')}
        />
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-s3-key-id={key.id} data-access-key-id={key.accessKeyId}>
              <td data-label={t('s3_keys.col_name')}>
                <span className="token-name">{key.name}</span>
              </td>
              <td data-label={t('s3_keys.col_access_key_id')}>
                <span className="s3-access-key">
                  <code>{key.accessKeyId}</code>
                  <CopyButton text={key.accessKeyId} label={t('s3_keys.copy_access_key_id_named', { name: key.name })} compact />
                </span>
              </td>
              <td data-label={t('s3_keys.col_access')} data-read-only={key.readOnly}>
                {key.readOnly ? (
                  <span className="badge badge-read-only">{t('s3_keys.access_read_only')}</span>
                ) : (
                  <span>{t('s3_keys.access_read_write')}</span>
                )}
              </td>
              <td data-label={t('s3_keys.col_created')}>{formatDate(key.createdAt, language)}</td>
              <td data-label={t('s3_keys.col_last_used')}>
                <LastUse at={key.lastUsedAt} ip={null} never={t('s3_keys.never_used')} from={() => ''} />
              </td>
              <td className="cell-actions">
                <button
                  type="button"
                  className="btn btn-danger-ghost btn-small"
                  onClick={() => onDelete(key)}
                  aria-label={t('s3_keys.delete_named', { name: key.name })}
                >
                  {t('s3_keys.delete')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

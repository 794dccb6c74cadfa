import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '@cairn/shared/api-types';
import { tokenApi } from '../../api/endpoints';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { IpText } from '../../components/ip-text';
import { LastUse } from '../../components/last-use';
import { Icon } from '../../components/icons';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useAsync } from '../../hooks/use-async';
import { useErrorText } from '../../hooks/use-error-text';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { TokenGenerateModal } from './token-generate-modal';
import { useTokenGroupText } from './token-group-field';
import { useScopesText } from './token-scopes-field';
import { TableWrap } from '../../components/table-wrap';
import { shownTokenStatus } from '../../lib/token-status';
import { SettingsPanel } from '../../components/settings-panel';
import { TableHead } from '../../components/table-head';

/** The user's API tokens: list (no secrets), create (secret shown once), revoke with confirmation. */
/** `standalone` (the /settings/tokens page) leaves the title to the page header above it. */
export function TokensPanel({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const language = currentLanguage();
  const scopesText = useScopesText();
  const groupText = useTokenGroupText();
  const { state, reload, setData } = useAsync((signal) => tokenApi.list(signal).then((body) => body.tokens), []);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [busy, setBusy] = useState(false);
  const tokens = state.status === 'ready' ? state.data : [];

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      const revoked = await tokenApi.revoke(revoking.id);
      setData(tokens.map((token) => (token.id === revoked.id ? revoked : token)));
      toast.success(t('tokens.revoked', { name: revoked.name }));
      setRevoking(null);
    } catch (error) {
      toast.error(errorText(error, 'errors.token_revoke'));
    } finally {
      setBusy(false);
    }
  };

  const hasRevoked = tokens.some((token) => token.status === 'revoked');
  const removeRevoked = async () => {
    setBusy(true);
    try {
      await tokenApi.removeRevoked();
      setData(tokens.filter((token) => token.status !== 'revoked'));
      toast.success(t('tokens.revoked_removed'));
    } catch (error) {
      toast.error(errorText(error, 'errors.tokens_remove_revoked'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsPanel
      name="tokens"
      title={t('tokens.title')}
      description={t('tokens.description')}
      standalone={standalone}
      actions={
        <>
          {hasRevoked && (
            <button type="button" className="btn btn-secondary" onClick={() => void removeRevoked()} disabled={busy}>
              {t('tokens.remove_revoked')}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <Icon name="key" size={16} />
            <span>{t('tokens.new')}</span>
          </button>
        </>
      }
    >
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.tokens_load')} onRetry={reload} />}
      {state.status === 'ready' && tokens.length === 0 && (
        <EmptyState title={t('tokens.empty_title')} message={t('tokens.empty_message')} icon="key" />
      )}
      {state.status === 'ready' && tokens.length > 0 && (
        <TableWrap>
          <table className="table tokens-table">
            <TableHead
              caption={t('tokens.title')}
              columns={[
                t('tokens.col_name'),
                t('tokens.col_status'),
                t('tokens.col_access'),
                t('tokens.col_created'),
                t('tokens.col_expires'),
                t('tokens.col_last_used'),
                t('tokens.col_ip'),
              ]}
              actions={t('tokens.col_actions')}
            />
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id} data-token-id={token.id}>
                  <td data-label={t('tokens.col_name')}>
                    <span className="token-name">{token.name}</span>
                    <code className="token-prefix">{token.prefix}…</code>
                  </td>
                  <td data-label={t('tokens.col_status')}>
                    <span className={`badge badge-${shownTokenStatus(token)}`}>{t(`tokens.status_${shownTokenStatus(token)}`)}</span>
                  </td>
                  <td data-label={t('tokens.col_access')} data-scopes={token.scopes.join(' ')}>
                    <span className="stacked">
                      <span>{scopesText(token.scopes)}</span>
                      {token.groupId !== null && (
                        <span className="muted" data-group={token.groupId}>
                          {groupText(token)}
                        </span>
                      )}
                    </span>
                  </td>
                  <td data-label={t('tokens.col_created')}>{formatDate(token.createdAt, language)}</td>
                  <td data-label={t('tokens.col_expires')}>
                    {token.expiresAt ? formatDate(token.expiresAt, language) : t('tokens.expiry_never')}
                  </td>
                  <td data-label={t('tokens.col_last_used')}>
                    <LastUse
                      at={token.lastUsedAt}
                      ip={token.lastUsedIp}
                      never={t('tokens.never_used')}
                      from={(ip) => t('tokens.last_used_from', { ip })}
                    />
                  </td>
                  <td data-label={t('tokens.col_ip')}>{token.allowedIp ? <IpText ips={[token.allowedIp]} /> : t('tokens.any_ip')}</td>
                  <td className="cell-actions">
                    {token.status === 'active' && (
                      <button
                        type="button"
                        className="btn btn-danger-ghost btn-small"
                        onClick={() => setRevoking(token)}
                        aria-label={t('tokens.revoke_named', { name: token.name })}
                      >
                        {t('tokens.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {creating && <TokenGenerateModal onClose={() => setCreating(false)} onCreated={(token) => setData([token, ...tokens])} />}
      {revoking && (
        <ConfirmDialog
          title={t('tokens.revoke_title')}
          message={t('tokens.revoke_message', { name: revoking.name })}
          confirmLabel={t('tokens.revoke')}
          danger
          busy={busy}
          onConfirm={() => void revoke()}
          onCancel={() => setRevoking(null)}
        />
      )}
    </SettingsPanel>
  );
}

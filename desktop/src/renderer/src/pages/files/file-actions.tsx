import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Upload } from '@cairn/shared/api-types';
import { ContentLink } from '../../components/content-link';
import { CopyButton } from '../../components/copy-button';
import { Icon } from '../../components/icons';
import { dagPath, downloadUrl, gatewayUrl } from '../../lib/content-links';
import { useAppStore } from '../../store/app-store';

export type FileDialog = 'rename' | 'info' | 'delete';

/** A row's actions as labelled icon buttons: view, share (copies the gateway link), download, DAG, rename, info, delete. */
export function FileActions({ upload, onOpen }: { upload: Upload; onOpen(dialog: FileDialog, upload: Upload): void }) {
  const { t } = useTranslation('content');
  const origin = useAppStore((state) => state.serverOrigin);
  const name = upload.name;
  return (
    <div className="row-actions">
      <ContentLink href={gatewayUrl(origin, upload.cid)} className="icon-btn" label={t('actions.view_named', { name })}>
        <Icon name="eye" size={16} />
      </ContentLink>
      {/* The link to hand out: absolute, whatever origin the app runs on. */}
      <CopyButton
        text={new URL(gatewayUrl(origin, upload.cid), window.location.href).href}
        label={t('actions.share_named', { name })}
        icon="link"
        compact
      />
      {/* A folder has nothing to download; the spacer keeps every row's buttons in line. */}
      {upload.type === 'file' ? (
        <ContentLink
          href={downloadUrl(origin, upload.cid, name)}
          download
          className="icon-btn"
          label={t('actions.download_named', { name })}
        >
          <Icon name="download" size={16} />
        </ContentLink>
      ) : (
        <span className="icon-spacer" aria-hidden="true" />
      )}
      <Link
        to={dagPath(upload.cid)}
        className="icon-btn"
        aria-label={t('actions.view_dag_named', { name })}
        title={t('actions.view_dag_named', { name })}
      >
        <Icon name="dag" size={16} />
      </Link>
      <button
        type="button"
        className="icon-btn"
        onClick={() => onOpen('rename', upload)}
        aria-label={t('actions.rename_named', { name })}
        title={t('actions.rename_named', { name })}
      >
        <Icon name="edit" size={16} />
      </button>
      <button
        type="button"
        className="icon-btn"
        onClick={() => onOpen('info', upload)}
        aria-label={t('actions.info_named', { name })}
        title={t('actions.info_named', { name })}
      >
        <Icon name="info" size={16} />
      </button>
      <button
        type="button"
        className="icon-btn icon-btn-danger"
        onClick={() => onOpen('delete', upload)}
        aria-label={t('actions.delete_named', { name })}
        title={t('actions.delete_named', { name })}
      >
        <Icon name="trash" size={16} />
      </button>
    </div>
  );
}

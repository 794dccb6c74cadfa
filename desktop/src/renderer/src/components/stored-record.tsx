import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dagPath, gatewayUrl } from '../lib/content-links';
import { useAppStore } from '../store/app-store';
import { CidField } from './cid-field';
import { ContentLink } from './content-link';
import { Icon } from './icons';

/**
 * A record just stored (uploaded or pinned): its CID to copy, what the screen tells about it
 * (`children`), and where to see it: on the gateway, in the DAG viewer, in My files.
 */
export function StoredRecord({ cid, children }: { cid: string; children?: ReactNode }) {
  const { t } = useTranslation('content');
  const origin = useAppStore((state) => state.serverOrigin);
  return (
    <>
      <CidField cid={cid} />
      {children}
      <div className="link-row">
        <ContentLink href={gatewayUrl(origin, cid)} className="btn btn-secondary">
          <Icon name="external" size={16} />
          <span>{t('actions.view')}</span>
        </ContentLink>
        <Link to={dagPath(cid)} className="btn btn-secondary">
          <Icon name="dag" size={16} />
          <span>{t('actions.view_dag')}</span>
        </Link>
        <Link to="/files" className="btn btn-ghost">
          {t('upload.go_to_files')}
        </Link>
      </div>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Upload } from '../../api/content-types';
import { CidField } from '../../components/cid-field';
import { ContentLink } from '../../components/content-link';
import { Icon } from '../../components/icons';
import { dagPath, gatewayUrl } from '../../lib/content-links';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, formatNumber } from '../../lib/units';
import { useAppStore } from '../../store/app-store';

/** What was pinned: CID, name (and which name was used), size, type, category, files included. */
export function PinResult({ upload }: { upload: Upload }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const origin = useAppStore((state) => state.serverOrigin);
  return (
    <section className="card pin-result" aria-labelledby="pin-result-title" data-pin-result>
      <div className="success-head">
        <span className="state-icon state-icon-success">
          <Icon name="check" size={22} />
        </span>
        <div>
          <h2 id="pin-result-title">{t('pin.pinned_title')}</h2>
          <p className="card-description">{t('pin.pinned_message')}</p>
        </div>
      </div>
      <CidField cid={upload.cid} />
      <dl className="facts">
        <dt>{t('fields.name')}</dt>
        <dd data-field="name">{upload.name}</dd>
        <dt>{t('fields.name_used')}</dt>
        <dd data-field="name-source">{t(`name_source.${upload.nameSource}`)}</dd>
        <dt>{upload.type === 'file' ? t('fields.size') : t('fields.total_size')}</dt>
        <dd>{formatBytes(upload.size, language)}</dd>
        <dt>{t('fields.type')}</dt>
        <dd>{t(`types.${upload.type}`)}</dd>
        <dt>{t('fields.category')}</dt>
        <dd>{t(`categories.${upload.category}`)}</dd>
        <dt>{t('fields.files_included')}</dt>
        <dd>{formatNumber(upload.filesCount, language)}</dd>
      </dl>
      <div className="link-row">
        <ContentLink href={gatewayUrl(origin, upload.cid)} className="btn btn-secondary">
          <Icon name="external" size={16} />
          <span>{t('actions.view')}</span>
        </ContentLink>
        <Link to={dagPath(upload.cid)} className="btn btn-secondary">
          <Icon name="dag" size={16} />
          <span>{t('actions.view_dag')}</span>
        </Link>
        <Link to="/files" className="btn btn-ghost">
          {t('upload.go_to_files')}
        </Link>
      </div>
    </section>
  );
}

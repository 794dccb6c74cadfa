import type { Name } from '@cairn/shared/api-types';
import { useTranslation } from 'react-i18next';
import type { FolderPublication } from '../../../../shared/desktop-bridge';
import { Icon } from '../../components/icons';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

/** What a folder's name points to now, and whether a newer version is on its way or failed. */
export function FolderPublicationStatus({ publication, names }: { publication: FolderPublication; names: readonly Name[] }) {
  const { t } = useTranslation('desktop');
  const language = currentLanguage();
  const label = names.find((name) => name.id === publication.nameId)?.label;
  const name = label ? `${label} (${publication.name})` : publication.name;
  return (
    <div className="watched-publication" data-publication={publication.state}>
      <p className="muted">
        {publication.cid && publication.publishedAt !== null
          ? t('watched.publication_done', {
              name,
              cid: publication.cid,
              time: formatDateTime(new Date(publication.publishedAt).toISOString(), language),
            })
          : t('watched.publication_never', { name })}
      </p>
      {publication.state === 'publishing' && (
        <p className="muted" role="status">
          {t('watched.publication_publishing', { name })}
        </p>
      )}
      {publication.error && (
        <p className="alert alert-error" role="alert">
          <Icon name="alert" />
          <span>
            {t(publication.state === 'retrying' ? 'watched.publication_retrying' : 'watched.publication_failed', {
              name,
              error: publication.error,
            })}
          </span>
        </p>
      )}
    </div>
  );
}

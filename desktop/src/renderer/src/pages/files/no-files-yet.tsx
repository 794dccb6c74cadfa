import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/states';

/** An account with no records yet, and the way to its first upload. */
export function NoFilesYet() {
  const { t } = useTranslation('content');
  return (
    <EmptyState title={t('files.empty_title')} message={t('files.empty_message')} icon="files">
      <Link to="/upload" className="btn btn-primary">
        {t('files.upload_first')}
      </Link>
    </EmptyState>
  );
}

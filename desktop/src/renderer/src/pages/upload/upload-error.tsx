import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { ApiError } from '../../lib/api-client';
import type { UploadMode } from './selection';

const FALLBACK: Record<UploadMode, string> = {
  file: 'errors.upload_failed',
  dag: 'errors.dag_upload_failed',
  files: 'errors.directory_upload_failed',
};

/** Why the upload failed, in words; a full account gets links to free space or to more of it. */
export function UploadError({ error, mode }: { error: unknown; mode: UploadMode }) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const quota = error instanceof ApiError && error.code === 'quota_exceeded';
  return (
    <div className="alert alert-error" role="alert" data-upload-error>
      <Icon name="alert" size={16} />
      <div className="alert-body">
        <p>{errorText(error, FALLBACK[mode])}</p>
        {quota && (
          <p className="alert-links">
            <Link to="/usage">{t('usage.see_usage')}</Link>
            <Link to="/plans">{t('usage.upgrade')}</Link>
          </p>
        )}
      </div>
    </div>
  );
}

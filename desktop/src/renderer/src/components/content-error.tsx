import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAreaErrorText } from '../hooks/use-area-error-text';
import { ApiError } from '../lib/api-client';
import type { DataAttributes } from './data-attributes';
import { Icon } from './icons';

/**
 * Why storing content failed, in words (the API's code, else `fallbackKey` in `content`); a full
 * account gets links to free space or to more of it.
 */
export function ContentError({ error, fallbackKey, ...data }: { error: unknown; fallbackKey: string } & DataAttributes) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const quota = error instanceof ApiError && error.code === 'quota_exceeded';
  return (
    <div className="alert alert-error" role="alert" {...data}>
      <Icon name="alert" size={16} />
      <div className="alert-body">
        <p>{errorText(error, fallbackKey)}</p>
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

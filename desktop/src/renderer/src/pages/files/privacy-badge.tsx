import { useTranslation } from 'react-i18next';
import type { Upload } from '@cairn/shared/api-types';
import { Icon } from '../../components/icons';

/** Whether the gateway serves a record to anyone (public) or only through signed links (private): an icon and its word. */
export function PrivacyBadge({ upload }: { upload: Pick<Upload, 'private'> }) {
  const { t } = useTranslation('content');
  return (
    <span className={`badge badge-privacy${upload.private ? ' badge-private' : ''}`} data-privacy={upload.private ? 'private' : 'public'}>
      <Icon name={upload.private ? 'lock' : 'globe'} size={12} />
      <span>{t(upload.private ? 'privacy.private' : 'privacy.public')}</span>
    </span>
  );
}

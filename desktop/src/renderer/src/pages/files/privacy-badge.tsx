import { useTranslation } from 'react-i18next';
import type { Upload } from '@cairn/shared/api-types';
import { Icon } from '../../components/icons';

/**
 * Whether the gateway serves a record to anyone (public) or only through signed links (private):
 * an icon and its word. In the file list (`compact`) a public record, the default, shows its icon
 * with the word as its tooltip and for screen readers, so that the word of the exception stands
 * out and the name column keeps its room.
 */
export function PrivacyBadge({ upload, compact = false }: { upload: Pick<Upload, 'private'>; compact?: boolean }) {
  const { t } = useTranslation('content');
  const word = t(upload.private ? 'privacy.private' : 'privacy.public');
  const quiet = compact && !upload.private;
  return (
    <span
      className={`badge badge-privacy${upload.private ? ' badge-private' : ''}${quiet ? ' badge-quiet' : ''}`}
      data-privacy={upload.private ? 'private' : 'public'}
      title={quiet ? word : undefined}
    >
      <Icon name={upload.private ? 'lock' : 'globe'} size={12} />
      <span className={quiet ? 'visually-hidden' : undefined}>{word}</span>
    </span>
  );
}

import { ContentError } from '../../components/content-error';
import type { UploadMode } from './selection';

const FALLBACK: Record<UploadMode, string> = {
  file: 'errors.upload_failed',
  dag: 'errors.dag_upload_failed',
  files: 'errors.directory_upload_failed',
  car: 'errors.car_upload_failed',
};

/** Why the upload failed, in words; a full account gets links to free space or to more of it. */
export function UploadError({ error, mode }: { error: unknown; mode: UploadMode }) {
  return <ContentError error={error} fallbackKey={FALLBACK[mode]} data-upload-error />;
}

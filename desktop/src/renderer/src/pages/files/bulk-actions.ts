import type { Upload } from '@cairn/shared/api-types';
import { carUrl, downloadUrl } from '../../lib/content-links';

export interface BulkOutcome {
  removed: Upload[];
  failed: Array<{ upload: Upload; error: unknown }>;
}

/**
 * Deletes each record in turn, one request at a time: a failure is noted and the others still
 * go, so one bad record never keeps the rest.
 */
export async function removeEach(uploads: readonly Upload[], remove: (upload: Upload) => Promise<unknown>): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { removed: [], failed: [] };
  for (const upload of uploads) {
    try {
      await remove(upload);
      outcome.removed.push(upload);
    } catch (error) {
      outcome.failed.push({ upload, error });
    }
  }
  return outcome;
}

/** What "download" gives for a record: the file under its record name, or a folder as a CAR of its DAG. */
export function recordDownloadUrl(origin: string, upload: Upload): string {
  return upload.type === 'file' ? downloadUrl(origin, upload.cid, upload.name) : carUrl(origin, upload.cid);
}

/** Pause between two downloads: browsers drop downloads started in the same instant. */
const DOWNLOAD_GAP_MS = 400;

/**
 * Starts one download per URL, in order. `open` is the desktop app's way out (the system browser);
 * on the web each goes through a temporary `download` link, as a click on one would.
 */
export async function downloadEach(urls: readonly string[], open?: (url: string) => void): Promise<void> {
  for (const [index, url] of urls.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, DOWNLOAD_GAP_MS));
    if (open) {
      open(url);
      continue;
    }
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  }
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { perFileProgress, speedMeter, type UploadProgress } from './progress';
import type { PickedFile, UploadMode } from './selection';
import { startUpload, UploadCancelled, type RunningUpload, type UploadOutcome } from './upload-request';

export type UploadPhase =
  | { status: 'idle' }
  | { status: 'cancelled' }
  | { status: 'uploading' | 'storing'; progress: UploadProgress }
  | { status: 'done'; outcome: UploadOutcome }
  | { status: 'error'; error: unknown };

/** One upload at a time: start, follow its progress, cancel it; cancelled on leaving the screen. */
export function useUpload() {
  const [phase, setPhase] = useState<UploadPhase>({ status: 'idle' });
  const running = useRef<RunningUpload | null>(null);

  useEffect(() => () => running.current?.cancel(), []);

  const start = useCallback((mode: UploadMode, files: readonly PickedFile[], cidVersion: 0 | 1) => {
    const sizes = files.map((item) => item.file.size);
    const measure = speedMeter();
    let progress: UploadProgress = { loaded: 0, total: 0, perFile: sizes.map(() => 0), bytesPerSecond: null };
    setPhase({ status: 'uploading', progress });
    const upload = startUpload({
      mode,
      files,
      cidVersion,
      onProgress(loaded, total) {
        progress = {
          loaded,
          total,
          perFile: perFileProgress(sizes, loaded, total),
          bytesPerSecond: measure(loaded) ?? progress.bytesPerSecond,
        };
        setPhase({ status: 'uploading', progress });
      },
      onSent() {
        progress = { ...progress, loaded: progress.total, perFile: sizes.map(() => 1) };
        setPhase({ status: 'storing', progress });
      },
    });
    running.current = upload;
    void upload.done
      .then(
        (outcome) => setPhase({ status: 'done', outcome }),
        (error: unknown) => setPhase(error instanceof UploadCancelled ? { status: 'cancelled' } : { status: 'error', error }),
      )
      .finally(() => {
        if (running.current === upload) running.current = null;
      });
  }, []);

  const cancel = useCallback(() => running.current?.cancel(), []);
  const reset = useCallback(() => setPhase({ status: 'idle' }), []);
  return { phase, start, cancel, reset };
}

/** Upload progress as the screen shows it: overall, per file, and the recent speed. */
export interface UploadProgress {
  /** Bytes of the files sent, and their size. */
  loaded: number;
  total: number;
  /** 0..1 for each file, in the order they are sent. */
  perFile: number[];
  /** Bytes per second over the last few seconds; null until it can be measured. */
  bytesPerSecond: number | null;
}

/**
 * Each file's share of `loaded`. Files go one after the other; whatever `total` holds besides
 * their bytes (none when it counts the files alone) is spread evenly over them, so the last file
 * ends exactly at `total`.
 */
export function perFileProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const payload = sizes.reduce((sum, size) => sum + size, 0);
  const framing = sizes.length > 0 ? Math.max(0, total - payload) / sizes.length : 0;
  let start = 0;
  return sizes.map((size) => {
    const span = size + framing;
    const done = span === 0 ? (loaded >= start ? 1 : 0) : Math.min(1, Math.max(0, (loaded - start) / span));
    start += span;
    return done;
  });
}

const WINDOW_MS = 3000;

/** Measures speed over a sliding window of progress events. */
export function speedMeter(now: () => number = () => performance.now()) {
  const samples: { at: number; loaded: number }[] = [];
  return (loaded: number): number | null => {
    const at = now();
    samples.push({ at, loaded });
    while (samples.length > 2 && at - samples[0]!.at > WINDOW_MS) samples.shift();
    const first = samples[0]!;
    const elapsed = (at - first.at) / 1000;
    return elapsed >= 0.2 ? (loaded - first.loaded) / elapsed : null;
  };
}

/**
 * Progress on stderr: a redrawn bar with speed and ETA on a terminal; plain lines (every 10%) when
 * piped, so logs stay readable; nothing with `--quiet`.
 */
import { formatBytes, formatDuration } from './format';

export interface ProgressOptions {
  stream?: NodeJS.WriteStream;
  quiet?: boolean;
  now?: () => number;
}

export interface Progress {
  update(loaded: number, total?: number): void;
  done(): void;
}

const WIDTH = 24;

export function createProgress(label: string, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const started = now();
  let lastDraw = 0;
  let lastStep = -1;
  let latest = { loaded: 0, total: undefined as number | undefined };
  if (options.quiet) return { update() {}, done() {} };

  const describe = () => {
    const elapsed = Math.max((now() - started) / 1000, 0.001);
    const speed = latest.loaded / elapsed;
    const total = latest.total;
    const eta = total && speed > 0 ? (total - latest.loaded) / speed : Number.NaN;
    const ratio = total ? Math.min(latest.loaded / total, 1) : 0;
    return { speed, eta, ratio, total };
  };

  if (stream.isTTY) {
    const draw = (final: boolean) => {
      const { speed, eta, ratio, total } = describe();
      const filled = Math.round(ratio * WIDTH);
      const bar = total ? `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ` : '';
      const size = total ? `${formatBytes(latest.loaded)}/${formatBytes(total)}` : formatBytes(latest.loaded);
      const tail = final ? `in ${formatDuration((now() - started) / 1000)}` : `ETA ${formatDuration(eta)}`;
      stream.write(`\r\x1b[2K${label} ${bar}${size} ${formatBytes(speed)}/s ${tail}`);
    };
    return {
      update(loaded, total) {
        latest = { loaded, total };
        if (now() - lastDraw >= 100) {
          lastDraw = now();
          draw(false);
        }
      },
      done() {
        draw(true);
        stream.write('\n');
      },
    };
  }
  return {
    update(loaded, total) {
      latest = { loaded, total };
      if (!total) return;
      const step = Math.floor((loaded / total) * 10);
      if (step > lastStep && step < 10) {
        lastStep = step;
        stream.write(`${label}: ${step * 10}% (${formatBytes(loaded)} of ${formatBytes(total)})\n`);
      }
    },
    done() {
      const { speed } = describe();
      stream.write(`${label}: done, ${formatBytes(latest.loaded)} at ${formatBytes(speed)}/s\n`);
    },
  };
}

import lockfile from 'proper-lockfile';

/** A second instance pointed at a data directory the embedded engine already uses. */
export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(
      `${dir} is in use by another Cairn instance: the embedded engine keeps one instance per data directory (use CONTENT_ENGINE=kubo or cluster to run several)`,
    );
  }
}

/**
 * Holds the embedded engine's directory for this process. The lock is refreshed while held and
 * counts as stale a few seconds after its holder died (kill -9), so a crash never needs cleaning up.
 */
export async function lockDataDir(dir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, { stale: 10_000, update: 2_000, retries: 0, realpath: false, onCompromised: onLost });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dir);
    throw error;
  }
}

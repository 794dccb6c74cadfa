// What a test file of the unit or api project must not start fails at once, naming the project
// it belongs to (server/test/setup.ts arms it for the project running): the classification of
// scripts/test-projects.mjs stays honest whatever its reading of imports misses.
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const HOW = 'scripts/test-projects.mjs classifies a test file by what it starts (through its imports)';

/** unit: no socket at all (no server, no database server, no daemon, no network). */
export function refuseSockets(): void {
  const refuse = (what: string) =>
    function refused(): never {
      throw new Error(`a unit test ${what}: it belongs in the api or engines project (${HOW})`);
    };
  net.Server.prototype.listen = refuse('listens on a socket');
  net.Socket.prototype.connect = refuse('opens a connection');
  dgram.Socket.prototype.bind = refuse('binds a UDP socket');
}

/** The daemons only the engines project runs. */
const DAEMONS = new Set(['ipfs', 'ipfs-cluster-service', 'ipfs-cluster-ctl', 'ipfs-cluster-follow']);

type Starter = ((command: string, ...rest: unknown[]) => unknown) & { [promisify.custom]?: Starter };

/** api: no Kubo or IPFS Cluster daemon. */
export function refuseDaemons(): void {
  const cp = childProcess as unknown as Record<string, Starter>;
  const guard = (original: Starter): Starter =>
    function guarded(this: unknown, command: string, ...rest: unknown[]) {
      if (DAEMONS.has(path.basename(String(command)))) {
        throw new Error(`an api test starts ${path.basename(command)}: it belongs in the engines project (${HOW})`);
      }
      return original.call(this, command, ...rest);
    };
  for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync'] as const) {
    const original = cp[name]!;
    const guarded = guard(original);
    // `promisify(execFile)` resolves with { stdout, stderr } through execFile's own promisified form.
    if (original[promisify.custom]) guarded[promisify.custom] = guard(original[promisify.custom]);
    cp[name] = guarded;
  }
  // `import { spawn } from 'node:child_process'` sees the guarded functions too.
  syncBuiltinESMExports();
}

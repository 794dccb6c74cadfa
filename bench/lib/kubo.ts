import path from 'node:path';
import { TOOLS_BIN } from '../../scripts/build-tools.mjs';
import type { KuboNode } from '../../scripts/ipfs-local.mjs';
import { timed } from './measure';
import { curlDownload } from './upload';

const IPFS = path.join(TOOLS_BIN, 'ipfs');

/** The RPC API of a running daemon as the CLI's `--api` takes it. */
const apiAddress = (kubo: KuboNode): string => {
  const { hostname, port } = new URL(kubo.apiUrl);
  return `/ip4/${hostname}/tcp/${port}`;
};

/** The `ipfs` CLI against a running daemon: its wall time and what it printed. */
export const ipfs = (kubo: KuboNode, args: string[]) => timed(IPFS, [`--api=${apiAddress(kubo)}`, ...args]);

/** `ipfs add` (`-r` of a folder) by the CLI against a running daemon, as its users run it (pinned; only the root's CID printed). */
export async function ipfsAdd(
  kubo: KuboNode,
  file: string,
  cidVersion: 0 | 1,
  recursive = false,
): Promise<{ seconds: number; cid: string }> {
  const { seconds, stdout } = await ipfs(kubo, ['add', '-Q', ...(recursive ? ['-r'] : []), `--cid-version=${cidVersion}`, file]);
  return { seconds, cid: stdout.trim() };
}

/** Unpins a CID on a daemon and collects its garbage, so the next import of the same bytes writes every block again. */
export async function ipfsRemove(kubo: KuboNode, cid: string): Promise<void> {
  await ipfs(kubo, ['pin', 'rm', cid]);
  await ipfsCollect(kubo);
}

/** Collects a daemon's garbage: every block no pin holds. */
export async function ipfsCollect(kubo: KuboNode): Promise<void> {
  await ipfs(kubo, ['repo', 'gc', '-q']);
}

/** GET /ipfs/{cid} from Kubo's own gateway with curl, bytes thrown away. */
export function kuboGatewayDownload(kubo: KuboNode, cid: string): Promise<{ seconds: number; bytes: number }> {
  return curlDownload(`${kubo.gatewayUrl}/ipfs/${cid}`);
}

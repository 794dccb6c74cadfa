import { parseArgs } from 'node:util';
import { UsageError, type CliContext } from '../context';

/** `cairn status <cid>`: how each IPFS node holds one of your CIDs, and its replication factors. */
export async function status(ctx: CliContext): Promise<void> {
  const { positionals } = parseArgs({ args: ctx.args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('Give one CID: cairn status <cid>');
  const client = ctx.client();
  const cid = positionals[0]!;
  const [pins, allocation] = await Promise.all([
    client.pins.status(cid, { signal: ctx.signal }),
    client.pins.allocations(cid, { signal: ctx.signal }),
  ]);
  const factor = (n: number) => (n === -1 ? 'every peer' : String(n));
  const lines = [
    `${cid}  (${pins.engine}, replication ${factor(allocation.replicationMin)} to ${factor(allocation.replicationMax)})`,
    ...pins.peers.map((p) => `  ${p.peerName || p.peerId}  ${p.status}${p.error ? `  ${p.error}` : ''}`),
  ];
  ctx.print(
    {
      ...pins,
      allocation: { peers: allocation.peers, replicationMin: allocation.replicationMin, replicationMax: allocation.replicationMax },
    },
    lines.join('\n'),
  );
}

import http from 'node:http';
import { send, smallFile, smallSize, type Answer } from './mixed-client';

export type Operation = 'upload' | 'list' | 'record' | 'delete' | 'usage' | 'gateway';

/** What a client of the mix does next, by weight; one with no record of its own uploads. */
const MIX: Array<[Operation, number]> = [
  ['upload', 30],
  ['list', 25],
  ['record', 15],
  ['delete', 10],
  ['usage', 10],
  ['gateway', 10],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);

export interface Tally {
  requests: number;
  /** Any answer but the expected one, and 429s without Retry-After. */
  errors: number;
  /** 429 too_many_uploads with Retry-After: the account already streams its allowed uploads. */
  limited: number;
  /** The first few errors, for the report. */
  samples: string[];
  latencies: Record<Operation, number[]>;
}

export const emptyTally = (): Tally => ({
  requests: 0,
  errors: 0,
  limited: 0,
  samples: [],
  latencies: { upload: [], list: [], record: [], delete: [], usage: [], gateway: [] },
});

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

interface Held {
  id: string;
  cid: string;
  size: number;
}

/**
 * Closed-loop clients for `seconds`: client i acts for account `tokens[i % tokens.length]` and
 * works only on the records it made itself. `only` restricts every client to one operation.
 */
export async function runClients(options: {
  url: string;
  tokens: string[];
  clients: number;
  seconds: number;
  only?: Operation;
}): Promise<Tally> {
  const { url, tokens, clients, seconds, only } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const tally = emptyTally();
  const deadline = performance.now() + seconds * 1000;
  const client = async (index: number): Promise<void> => {
    const token = tokens[index % tokens.length]!;
    const held: Held[] = [];
    let sequence = 0;
    while (performance.now() < deadline) {
      const operation = only ?? (held.length === 0 ? 'upload' : pick());
      const api = `${url}/api/v2`;
      const target = held[Math.floor(Math.random() * held.length)];
      let answer: Answer;
      let expected = 200;
      if (operation === 'upload') {
        answer = await send(agent, 'POST', `${api}/upload`, token, smallFile(smallSize(), `mixed-${index}-${sequence++}.bin`));
        expected = 201;
        if (answer.status === 201) {
          const record = JSON.parse(answer.body.toString()) as { uploadId: string; cid: string; size: number };
          held.push({ id: record.uploadId, cid: record.cid, size: record.size });
        }
      } else if (operation === 'list') {
        answer = await send(agent, 'GET', `${api}/users/me/uploads?page=1&limit=20`, token);
      } else if (operation === 'record') {
        answer = await send(agent, 'GET', `${api}/uploads/${target!.id}`, token);
      } else if (operation === 'delete') {
        held.splice(held.indexOf(target!), 1);
        answer = await send(agent, 'DELETE', `${api}/uploads/${target!.id}`, token);
      } else if (operation === 'usage') {
        answer = await send(agent, 'GET', `${api}/users/me/usage`, token);
      } else {
        answer = await send(agent, 'GET', `${url}/ipfs/${target!.cid}`, token);
        if (answer.status === 200 && answer.body.length !== target!.size) answer = { ...answer, status: -1 };
      }
      tally.requests++;
      if (answer.status === expected) tally.latencies[operation].push(answer.ms);
      else if (answer.status === 429 && operation === 'upload' && answer.retryAfter) tally.limited++;
      else {
        tally.errors++;
        if (tally.samples.length < 5) tally.samples.push(`${operation} ${answer.status} ${answer.body.toString().slice(0, 160)}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  } finally {
    agent.destroy();
  }
  return tally;
}

function pick(): Operation {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [operation, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return operation;
  }
  return 'list';
}

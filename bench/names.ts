import fs from 'node:fs';
import path from 'node:path';
import { createTestDatabase } from '../server/test/pg';
import type { Benchmark } from './lib/context';
import { load } from './lib/load';
import type { Figure } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';
import { uploadFolderWithCurl } from './lib/upload';

/** Names of the bench account (an account's most), each published to a site of its own. */
const NAMES = 100;
const SECONDS = 3;
const WARM_UP_SECONDS = 0.5;
/** Publications timed from the API call to the new page at the gateway. */
const PUBLICATIONS = 20;

/**
 * IPNS names on SQLite and PostgreSQL: one client's p99 reading `/ipns/{name}/` (rotating over 100
 * names, every answer a fresh database read of the record) against `/ipfs/{cid}/` of the same
 * sites, and `GET /routing/v1/ipns/{name}`; and how long a publication takes to show at the
 * gateway (the API call returning, then the first request answering the new page).
 */
export const names: Benchmark = async (env) => {
  const figures: Figure[] = [];
  for (const driver of ['sqlite', 'pg'] as const) {
    const pg = driver === 'pg' ? await createTestDatabase() : null;
    try {
      const server = await startBenchServer(env.workDir, pg ? { DATABASE_URL: pg.url } : {});
      try {
        figures.push(...(await measure(server, env.inputDir, driver)));
      } finally {
        await server.stop();
      }
    } finally {
      await pg?.drop();
    }
  }
  return figures;
};

async function measure(server: BenchServer, inputDir: string, driver: string): Promise<Figure[]> {
  const sites: string[] = [];
  for (let n = 0; n < 2; n++) sites.push((await uploadFolderWithCurl(server, ...site(inputDir, n))).cid);
  const names: { id: string; name: string }[] = [];
  for (let n = 0; n < NAMES; n++) {
    const created = await server.api<{ id: string; name: string }>('POST', '/names', { label: `site ${n}` });
    await server.api('POST', `/names/${created.id}/publish`, { value: sites[n % 2] });
    names.push(created);
  }
  const headers = { authorization: `Bearer ${server.token}` };
  const timedLoad = async (url: (n: number) => string) => {
    await load(url, headers, 1, WARM_UP_SECONDS);
    const result = await load(url, headers, 1, SECONDS);
    if (result.errors > 0 || result.requests === 0) throw new Error(`${result.errors} errors, ${result.requests} answers`);
    return result;
  };
  const byCid = await timedLoad((n) => `${server.url}/ipfs/${sites[n % 2]}/`);
  const byName = await timedLoad((n) => `${server.url}/ipns/${names[n % NAMES]!.name}/`);
  const record = await timedLoad((n) => `${server.url}/routing/v1/ipns/${names[n % NAMES]!.name}`);

  // Publish the other site, then read until the gateway answers it.
  const shown: number[] = [];
  const name = names[0]!;
  for (let n = 1; n <= PUBLICATIONS; n++) {
    const expected = `site ${n % 2}`;
    const started = performance.now();
    await server.api('POST', `/names/${name.id}/publish`, { value: sites[n % 2] });
    for (let tries = 0; ; tries++) {
      const page = await (await fetch(`${server.url}/ipns/${name.name}/`)).text();
      if (page.includes(expected)) break;
      if (tries > 1000) throw new Error(`the gateway never answered ${expected}`);
    }
    shown.push(performance.now() - started);
  }
  shown.sort((a, b) => a - b);
  return [
    {
      benchmark: `names (${driver}): /ipns/{name}/, p99`,
      value: byName.p99Ms,
      unit: 'ms',
      reference: byCid.p99Ms,
      referenceLabel: '/ipfs/{cid}/',
      target: { max: 100, of: 'value' },
      note: `p50 ${byName.p50Ms.toFixed(1)} ms (by CID ${byCid.p50Ms.toFixed(1)} ms); ${byName.requests} requests over ${NAMES} names`,
    },
    {
      benchmark: `names (${driver}): routing GET ipns, p99`,
      value: record.p99Ms,
      unit: 'ms',
      reference: byCid.p99Ms,
      referenceLabel: '/ipfs/{cid}/',
      target: { max: 100, of: 'value' },
      note: `p50 ${record.p50Ms.toFixed(1)} ms; ${record.requests} requests`,
    },
    {
      benchmark: `names (${driver}): publish to shown, slowest`,
      value: shown.at(-1)!,
      unit: 'ms',
      reference: null,
      referenceLabel: '',
      target: { max: 1000, of: 'value' },
      note: `median ${shown[Math.floor(shown.length / 2)]!.toFixed(1)} ms over ${PUBLICATIONS} publications`,
    },
  ];
}

/** A small site folder (`index.html` naming it, and a stylesheet). */
function site(dir: string, n: number): [string, string[]] {
  const folder = path.join(dir, `names-site-${n}`);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'index.html'), `<!doctype html><title>site ${n}</title><h1>site ${n}</h1>`);
  fs.writeFileSync(path.join(folder, 'style.css'), `h1 { color: #${n}${n}${n}; }`);
  return [folder, ['index.html', 'style.css']];
}

import { statSync } from 'node:fs';
import { setStorageLimit } from '../server/test/factories';
import { awsCli } from '../server/test/s3/clients';
import { startS3Server, type S3TestServer } from '../server/test/s3/s3-harness';
import { s3Client, xmlText, xmlTexts } from '../server/test/s3-client';
import { seededRecord } from './lib/seed-records';
import type { Benchmark } from './lib/context';
import { startS3Sink } from './lib/s3-sink';
import { randomFile } from './lib/inputs';
import { MiB, mibPerSecond, timed } from './lib/measure';
import type { Figure } from './lib/report';

/** BENCH_S3_MIB sets the upload's size (1 GiB by default, 256 MiB with --quick). */
const uploadMib = (full: boolean): number => Number(process.env.BENCH_S3_MIB ?? (full ? 1024 : 256));
/** BENCH_S3_KEYS sets the listing's size. */
const KEYS = Number(process.env.BENCH_S3_KEYS ?? 100_000);
const S3_PAGE = 1000;
/** The file list API's largest page. */
const API_PAGE = 100;

/**
 * Cairn's S3 endpoint against Cairn's own API on one server (the API's server started in this
 * process, SQLite, the embedded IPFS node), same run:
 * - `aws s3 cp` of a file (aws-cli's defaults: 8 MiB parts, 10 at once) against `curl -F` of a
 *   file of the same size to `POST /api/v2/upload`; target at least 0.8x.
 * - every key of a bucket of 100,000 objects listed by ListObjectsV2 in pages of 1,000 against the
 *   same records listed by the file list API (`GET /api/v2/users/me/uploads?groupId=`, pages of
 *   100, its largest); report only. The objects' rows and their records are written straight into
 *   the database (nothing stored in IPFS for them, as the file-list benchmark does).
 */
export const s3: Benchmark = async (env) => {
  const server = await startS3Server();
  const aws = awsCli(server);
  try {
    await setStorageLimit(server.server, server.user, 64 * 1024 ** 4);
    return [...(await upload(env.inputDir, uploadMib(env.full), server, aws)), await listing(server)];
  } finally {
    aws.remove();
    await server.close();
  }
};

async function upload(inputDir: string, mib: number, server: S3TestServer, aws: ReturnType<typeof awsCli>): Promise<Figure[]> {
  const bytes = mib * MiB;
  // Two files: the second upload of the same bytes would be a duplicate of the first.
  const viaS3 = randomFile(inputDir, `s3-${mib}m-a.bin`, bytes);
  const viaApi = randomFile(inputDir, `s3-${mib}m-b.bin`, bytes);
  const warmUp = randomFile(inputDir, 's3-warm-16m.bin', 16 * MiB);
  const ok = async (args: string[]) => {
    const started = process.hrtime.bigint();
    const result = await aws.run(args, { timeoutMs: 30 * 60_000 });
    if (result.code !== 0) throw new Error(`aws ${args.join(' ')}: ${result.stderr}`);
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  const curl = (file: string) =>
    timed('curl', [
      '-sS',
      '--fail-with-body',
      '-H',
      `authorization: Bearer ${server.token}`,
      '-H',
      'Expect:',
      '-F',
      `file=@${file};type=application/octet-stream`,
      `${server.apiUrl}/api/v2/upload`,
    ]);
  await ok(['s3', 'mb', 's3://bench']);
  await ok(['s3', 'cp', warmUp, 's3://bench/warm.bin', '--no-progress']);
  await curl(warmUp);

  const api = await curl(viaApi);
  const s3Seconds = await ok(['s3', 'cp', viaS3, 's3://bench/large.bin', '--no-progress']);
  const head = await aws.run(['s3api', 'head-object', '--bucket', 'bench', '--key', 'large.bin']);
  const size = (JSON.parse(head.stdout) as { ContentLength: number }).ContentLength;
  if (size !== statSync(viaS3).size) throw new Error(`the object holds ${size} bytes, ${statSync(viaS3).size} were sent`);
  // The same client against an endpoint that drops the bytes: the most any S3 server could give it here.
  const sink = await startS3Sink();
  const floorCli = awsCli({ ...server, s3Url: sink.url });
  let floorSeconds: number;
  try {
    const started = process.hrtime.bigint();
    const result = await floorCli.run(['s3', 'cp', viaS3, 's3://sink/large.bin', '--no-progress'], { timeoutMs: 30 * 60_000 });
    if (result.code !== 0) throw new Error(`aws s3 cp to the sink: ${result.stderr}`);
    floorSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    floorCli.remove();
    await sink.close();
  }
  const floor: Figure = {
    benchmark: `aws s3 cp ${mib} MiB to the S3 endpoint, against the client's floor`,
    value: mibPerSecond(bytes, s3Seconds),
    unit: 'MiB/s',
    reference: mibPerSecond(bytes, floorSeconds),
    referenceLabel: 'aws s3 cp to a byte sink',
    note: 'the sink checks and keeps nothing: the reference is what aws-cli itself reaches on this machine',
  };
  return [
    {
      benchmark: `aws s3 cp ${mib} MiB to the S3 endpoint`,
      value: mibPerSecond(bytes, s3Seconds),
      unit: 'MiB/s',
      reference: mibPerSecond(bytes, api.seconds),
      referenceLabel: 'curl -F to /upload',
      target: { min: 0.8, of: 'ratio' },
      note: "aws-cli's default transfer settings (8 MiB parts, 10 requests at once)",
    },
    floor,
  ];
}

async function listing(server: S3TestServer): Promise<Figure> {
  const app = server.server.app;
  const client = s3Client(server.s3Url, server);
  if ((await client.send('PUT', '/listing')).status !== 200) throw new Error('bucket not created');
  const bucket = await app.db
    .selectFrom('s3_buckets')
    .selectAll()
    .where('name', '=', 'listing')
    .where('user_id', '=', server.user.id)
    .executeTakeFirstOrThrow();
  await seedObjects(server, bucket.id, bucket.group_id);

  let s3Keys = 0;
  let token: string | undefined;
  const s3Started = process.hrtime.bigint();
  for (let page = 0; page <= KEYS / S3_PAGE + 1; page++) {
    const query = `list-type=2&max-keys=${S3_PAGE}${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`;
    const res = await client.send('GET', '/listing', { query });
    if (res.status !== 200) throw new Error(`ListObjectsV2: ${res.status} ${res.text}`);
    s3Keys += xmlTexts(res.text, 'Key').length;
    token = xmlText(res.text, 'NextContinuationToken');
    if (xmlText(res.text, 'IsTruncated') !== 'true') break;
  }
  const s3Seconds = Number(process.hrtime.bigint() - s3Started) / 1e9;
  if (s3Keys !== KEYS) throw new Error(`ListObjectsV2 gave ${s3Keys} keys, expected ${KEYS}`);

  let apiRecords = 0;
  const apiStarted = process.hrtime.bigint();
  for (let page = 1; page <= KEYS / API_PAGE + 1; page++) {
    const res = await fetch(`${server.apiUrl}/api/v2/users/me/uploads?groupId=${bucket.group_id}&limit=${API_PAGE}&page=${page}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (res.status !== 200) throw new Error(`file list: ${res.status} ${await res.text()}`);
    const files = ((await res.json()) as { files: unknown[] }).files.length;
    apiRecords += files;
    if (files < API_PAGE) break;
  }
  const apiSeconds = Number(process.hrtime.bigint() - apiStarted) / 1e9;
  if (apiRecords !== KEYS) throw new Error(`the file list gave ${apiRecords} records, expected ${KEYS}`);

  return {
    benchmark: `list ${KEYS.toLocaleString('en')} keys, ListObjectsV2 pages of ${S3_PAGE}`,
    value: KEYS / s3Seconds,
    unit: 'keys/s',
    reference: KEYS / apiSeconds,
    referenceLabel: `file list, pages of ${API_PAGE}`,
    note: `${s3Seconds.toFixed(1)} s against ${apiSeconds.toFixed(1)} s; rows seeded in the database (records with made-up CIDs)`,
  };
}

/** KEYS records in the bucket's group, each named by an object key of the bucket, in batches. */
async function seedObjects(server: S3TestServer, bucketId: string, groupId: string): Promise<void> {
  const db = server.server.app.db;
  const start = Date.now() - KEYS * 1000;
  const BATCH = 500;
  for (let at = 0; at < KEYS; at += BATCH) {
    const uploads = [];
    const objects = [];
    const members = [];
    for (let i = at; i < Math.min(KEYS, at + BATCH); i++) {
      const key = `logs/${String(i % 100).padStart(2, '0')}/entry-${String(i).padStart(6, '0')}.json`;
      const createdAt = new Date(start + i * 1000).toISOString();
      const record = seededRecord(server.user.id, i, key, createdAt);
      uploads.push(record);
      objects.push({
        bucket_id: bucketId,
        key,
        upload_id: record.id,
        etag: '"d41d8cd98f00b204e9800998ecf8427e"',
        size: 1000 + i,
        content_type: 'application/json',
        meta: '{}',
        last_modified: createdAt,
        created_record: 1,
      });
      members.push({ group_id: groupId, upload_id: record.id, created_at: createdAt });
    }
    await db.insertInto('uploads').values(uploads).execute();
    await db.insertInto('upload_groups').values(members).execute();
    await db.insertInto('s3_objects').values(objects).execute();
  }
}

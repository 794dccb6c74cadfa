// boto3 (pinned in requirements.txt) against Cairn's S3 endpoint: boto3_scenario.py asserts each
// step and names the steps that passed; this file checks that every one of them ran.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../harness';
import { createS3Key } from '../s3-client';
import { boto3Script } from './clients';
import { startS3Server, type S3TestServer } from './s3-harness';

const SCRIPT = fileURLToPath(new URL('boto3_scenario.py', import.meta.url));
const STEPS = [
  'create_bucket',
  'put_get_head',
  'list_objects_v2',
  'copy_delete',
  'presigned_put',
  'multipart',
  'multipart_abort',
  'errors',
  'delete_bucket',
  'complete_location',
];

// The one client scenario also run on PostgreSQL: it goes through every kind of S3 request.
describe.each(DRIVERS)('boto3 (%s)', (driver) => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server(driver);
  }, 600_000);
  afterAll(() => s3?.close());

  it('puts, gets, lists, copies, deletes, presigns and uploads in parts; errors come as boto3 raises them', async () => {
    const readOnly = await createS3Key(s3.server, s3.user, { name: 'reader', readOnly: true });
    const result = await boto3Script(s3, SCRIPT, {
      CAIRN_S3_RO_KEY: readOnly.accessKeyId,
      CAIRN_S3_RO_SECRET: readOnly.secretAccessKey,
    });
    expect(result.code, result.stderr).toBe(0);
    const lastLine = result.stdout.trim().split('\n').at(-1)!;
    expect((JSON.parse(lastLine) as { passed: string[] }).passed).toEqual(STEPS);
  }, 300_000);
});

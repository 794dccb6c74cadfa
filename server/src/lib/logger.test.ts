import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

/** A logger at `debug` whose lines the test reads back, parsed. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  return { logger: createLogger('debug', out), lines };
}

describe('createLogger', () => {
  it('redacts secret-named fields at any depth, in objects, arrays and errors', () => {
    const { logger, lines } = capture();
    const failure = Object.assign(new Error('stripe refused'), { code: 'card_declined', headers: { Authorization: 'Bearer sk_live_1' } });
    logger.warn('nested', {
      user: { email: 'a@example.com', password: 'hunter2', session: { token: 'tok_abc', cookie: 'sid=1' } },
      attempts: [{ apiToken: 'ct_xyz', ok: false }, 'plain'],
      failure,
      clientSecret: 'whsec_1',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      message: 'nested',
      user: { email: 'a@example.com', password: '[redacted]', session: { token: '[redacted]', cookie: '[redacted]' } },
      attempts: [{ apiToken: '[redacted]', ok: false }, 'plain'],
      failure: { name: 'Error', message: 'stripe refused', code: 'card_declined', headers: { Authorization: '[redacted]' } },
      clientSecret: '[redacted]',
    });
    const text = JSON.stringify(lines);
    for (const secret of ['hunter2', 'tok_abc', 'sid=1', 'ct_xyz', 'sk_live_1', 'whsec_1']) expect(text).not.toContain(secret);
  });

  it('cuts cycles and very deep values, and keeps a value met twice', () => {
    const { logger, lines } = capture();
    const shared = { name: 'shared' };
    const cyclic: Record<string, unknown> = { name: 'cyclic' };
    cyclic.self = cyclic;
    let deep: Record<string, unknown> = { secret: 'at the bottom' };
    for (let i = 0; i < 20; i++) deep = { inner: deep };
    logger.info('shapes', { a: shared, b: shared, cyclic, deep });
    expect(lines[0]).toMatchObject({ a: { name: 'shared' }, b: { name: 'shared' }, cyclic: { name: 'cyclic', self: '[circular]' } });
    expect(JSON.stringify(lines[0]!.deep)).toContain('[too deep]');
    expect(JSON.stringify(lines)).not.toContain('at the bottom');
  });
});

/** Step 22 of the SDK scenario (sdks/scenario.md): a custom domain added for an IPNS name, checked, listed and deleted. */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { NotFoundError } from '../src';
import { freshClient } from './scenario-later';

/** 22: the harness's DNS server holds no records, so the check fails. */
export async function customDomains(url: string): Promise<void> {
  const cairn = await freshClient(url);
  const name = await cairn.names.create('website');
  const hostname = `site-${crypto.randomBytes(4).toString('hex')}.example.org`;
  const target = `/ipns/${name.name}`;

  const added = await cairn.domains.add(hostname, target);
  expect(added).toMatchObject({ hostname, target, status: 'pending', verifiedAt: null, lastCheckedAt: null, lastError: null });
  expect(added.dnslinkRecord).toEqual({ name: `_dnslink.${hostname}`, type: 'TXT', value: `dnslink=${target}` });

  const checked = await cairn.domains.verify(added.id);
  expect(checked).toMatchObject({ id: added.id, status: 'failed', lastError: 'no dnslink= TXT record', verifiedAt: null });
  expect(checked.lastCheckedAt).toEqual(expect.any(String));

  const listed = await cairn.domains.list();
  expect(listed).toEqual([expect.objectContaining({ id: added.id, hostname, status: 'failed' })]);

  expect(await cairn.domains.delete(added.id)).toEqual({ deleted: true });
  const again = await cairn.domains.delete(added.id).catch((e: unknown) => e);
  expect(again).toBeInstanceOf(NotFoundError);
  expect(again).toMatchObject({ status: 404, code: 'domain_not_found' });
}

import { CID } from 'multiformats/cid';
import { base36 } from 'multiformats/bases/base36';
import { base58btc } from 'multiformats/bases/base58';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { isCidSyntax } from './cid';

describe('isCidSyntax', () => {
  it('accepts the CIDs IPFS prints, in v0 and the usual v1 encodings', async () => {
    const digest = await sha256.digest(new TextEncoder().encode('hello'));
    const v0 = CID.createV0(digest);
    const raw = CID.createV1(0x55, digest);
    const dagPb = CID.createV1(0x70, digest);
    for (const text of [v0.toString(), raw.toString(), dagPb.toString(), dagPb.toString(base58btc), dagPb.toString(base36), ` ${v0} `]) {
      expect(isCidSyntax(text), text).toBe(true);
    }
  });

  it('refuses text that cannot be a CID', () => {
    for (const text of [
      '',
      'not-a-cid',
      'Qm123',
      'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbd0',
      'https://example.com/ipfs/x',
      'bafy'.padEnd(300, 'a'),
    ]) {
      expect(isCidSyntax(text), text).toBe(false);
    }
  });
});

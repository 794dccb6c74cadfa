import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyPair, privateKeyFromProtobuf, privateKeyToProtobuf } from '@libp2p/crypto/keys';
import type { PrivateKey } from '@libp2p/interface';

/** The node's identity, kept on disk so its peer id (and thus its multiaddrs) survives restarts. */
export async function loadPeerKey(file: string): Promise<PrivateKey> {
  if (existsSync(file)) return privateKeyFromProtobuf(readFileSync(file));
  const key = await generateKeyPair('Ed25519');
  writeFileSync(file, privateKeyToProtobuf(key), { mode: 0o600 });
  return key;
}

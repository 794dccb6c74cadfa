import { generateKeyPair, privateKeyFromProtobuf, privateKeyToProtobuf } from '@libp2p/crypto/keys';
import type { PrivateKey } from '@libp2p/interface';
import type { AppContext } from '../context';
import { secretBox } from '../auth/secret-box';
import { ipnsNameOf } from './ipns-name';

/** Name keys are sealed under their own server secret, apart from the other sealed secrets. */
const box = secretBox('ipns-keys', 'ipns-keys.secret');

export interface NewNameKey {
  name: string;
  privateKeyCiphertext: string;
}

/** A fresh Ed25519 key, its IPNS name and its private key sealed for the database. */
export async function newNameKey(app: AppContext): Promise<NewNameKey> {
  const key = await generateKeyPair('Ed25519');
  const name = ipnsNameOf(key.publicKey.toMultihash());
  const privateKeyCiphertext = await box.seal(app, Buffer.from(privateKeyToProtobuf(key)).toString('base64'));
  return { name, privateKeyCiphertext };
}

/** The libp2p protobuf of a sealed private key (what `ipfs key import` reads), base64. */
export const openNameKey = (app: AppContext, ciphertext: string): Promise<string> => box.open(app, ciphertext);

export async function privateKeyOf(app: AppContext, ciphertext: string): Promise<PrivateKey> {
  return privateKeyFromProtobuf(Buffer.from(await openNameKey(app, ciphertext), 'base64'));
}

import { randomUUID } from 'node:crypto';
import { nameOrderKey } from '../../server/src/lib/name-order';

/**
 * The `i`th record a benchmark writes straight into the database: a made-up CID (nothing is stored
 * in IPFS for it), 1,000 + i bytes, named `name`.
 */
export function seededRecord(userId: string, i: number, name: string, createdAt: string) {
  return {
    id: randomUUID(),
    user_id: userId,
    cid: `bafkreiseed${i.toString(36).padStart(8, '0')}`,
    name,
    name_key: nameOrderKey(name),
    original_name: name,
    custom_name: null,
    name_source: 'original' as const,
    size: 1000 + i,
    charged_bytes: 1000 + i,
    type: 'file' as const,
    category: 'text' as const,
    files_count: 1,
    source: 'upload' as const,
    created_at: createdAt,
  };
}

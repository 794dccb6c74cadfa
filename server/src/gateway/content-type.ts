import { fileTypeFromBuffer } from 'file-type';
import mime from 'mime-types';

const TEXTUAL = /^(text\/|application\/(json|javascript|xml|yaml|toml))/;

function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return true;
  for (const byte of head.subarray(0, 1024)) if (byte === 0) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/** Content type from the name's extension, else from the first bytes, else octet-stream. */
export async function contentTypeFor(name: string | null, head: Uint8Array): Promise<string> {
  const byName = name ? mime.lookup(name) : false;
  let type = byName || (await fileTypeFromBuffer(head))?.mime || (looksLikeText(head) ? 'text/plain' : 'application/octet-stream');
  if (TEXTUAL.test(type) && !type.includes('charset')) type = `${type}; charset=utf-8`;
  return type;
}

import { fileTypeFromBuffer } from 'file-type';
import mime from 'mime-types';

function isUtf8Text(head: Uint8Array, complete: boolean): boolean {
  if (head.length === 0) return true;
  for (const byte of head.subarray(0, 1024)) if (byte === 0) return false;
  try {
    // A head cut inside a character is still text: leave its last bytes out unless the file ends there.
    new TextDecoder('utf-8', { fatal: true }).decode(complete ? head : head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/** JSON by its bytes: parsed whole when the head is the whole file, else by how it opens. */
function looksLikeJson(head: Uint8Array, complete: boolean): boolean {
  const text = Buffer.from(head).toString('utf8').trimStart();
  if (!text.startsWith('{') && !text.startsWith('[')) return false;
  if (!complete) return /^(\{\s*("|\})|\[\s*[-\d"[{\]tfn])/.test(text);
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The WHATWG MIME sniffing standard's HTML signatures: a tag name, then a space or `>`. */
const HTML_TAGS = /^<(!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[ >]/i;

/** Markup by how it opens, as browsers sniff it: HTML, SVG, other XML. */
function markupType(head: Uint8Array): string | null {
  const text = Buffer.from(head.subarray(0, 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (HTML_TAGS.test(text)) return 'text/html';
  if (/^<svg[\s>]/i.test(text) || (/^<\?xml/i.test(text) && /<svg[\s>]/i.test(text))) return 'image/svg+xml';
  if (/^<\?xml/i.test(text)) return 'text/xml';
  return null;
}

async function sniff(head: Uint8Array, complete: boolean): Promise<string> {
  const known = (await fileTypeFromBuffer(head))?.mime;
  if (known) return known;
  if (!isUtf8Text(head, complete)) return 'application/octet-stream';
  return markupType(head) ?? (looksLikeJson(head, complete) ? 'application/json' : 'text/plain');
}

/**
 * A file's content type: from its name's extension when it has a known one, else from its first
 * bytes (read only then; `complete` when they are the whole file), else `application/octet-stream`. Text types say
 * UTF-8, but JSON (always UTF-8) and HTML (whose pages may declare their own) carry no charset.
 */
export async function contentTypeFor(name: string | null, readHead: () => Promise<Uint8Array>, complete = false): Promise<string> {
  let type = name ? mime.lookup(name) || (await sniff(await readHead(), complete)) : await sniff(await readHead(), complete);
  if (type.startsWith('text/') && type !== 'text/html' && !type.includes('charset')) type = `${type}; charset=utf-8`;
  return type;
}

import { XMLBuilder, XMLParser } from 'fast-xml-parser';

const NS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', suppressEmptyNode: false, processEntities: true });
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  // A key may begin or end with spaces: values are kept as sent (fields that are numbers are trimmed where read).
  trimValues: false,
  processEntities: true,
  // Go's XML encoder (rclone's) writes quotes as `&#34;`: numeric references are decoded like named ones.
  htmlEntities: true,
  // Keys, ETags and part numbers stay strings: `007` is a key, not 7.
  isArray: (name) => ['Object', 'Part', 'CORSRule'].includes(name),
});

export type XmlValue = string | number | boolean | null | undefined | XmlValue[] | { [name: string]: XmlValue };

/** `<?xml …?><root xmlns="…">…</root>`: a repeated element is an array value; undefined values are left out. */
export function toXml(root: string, body: Record<string, XmlValue>, namespace = true): string {
  const element = namespace ? { '@xmlns': NS, ...body } : body;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: element }) as string}`;
}

/** A request's XML body as plain objects (`Object`, `Part` always arrays); MalformedXML when it is none. */
export function fromXml(text: string): Record<string, unknown> {
  try {
    const parsed = parser.parse(text, true) as Record<string, unknown>;
    if (!parsed || typeof parsed !== 'object') throw new Error('empty');
    return parsed;
  } catch {
    return {};
  }
}

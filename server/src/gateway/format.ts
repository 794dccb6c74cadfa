import { AppError } from '../lib/errors';
import type { Ctx } from '../koa-types';

/** The response formats of the path and trustless gateways, by their `?format=` name. */
export const MEDIA_TYPES = {
  raw: 'application/vnd.ipld.raw',
  car: 'application/vnd.ipld.car',
  tar: 'application/x-tar',
  json: 'application/json',
  cbor: 'application/cbor',
  'dag-json': 'application/vnd.ipld.dag-json',
  'dag-cbor': 'application/vnd.ipld.dag-cbor',
} as const;

export type Format = keyof typeof MEDIA_TYPES;

export interface RequestedFormat {
  /** null: the default answer, chosen by what the CID is (UnixFS, or the block of its codec). */
  format: Format | null;
  /** Parameters of the `Accept` item that named the same format (a CAR's version, order, dups). */
  params: Record<string, string>;
}

const BY_MEDIA_TYPE = new Map(Object.entries(MEDIA_TYPES).map(([name, type]) => [type as string, name as Format]));

/** Accept items that name a response format of their own; generic ones (`text/html`, `*\/*`) do not. */
const SPECIFIC = /^application\/(vnd\.ipld\.|vnd\.ipfs\.|x-tar|json|cbor)/;

/**
 * Which answer the client asked for. `?format=` wins over `Accept` (IPIP-523), so that a link
 * always means the same thing; `Accept` counts only for the first item that names a specific
 * format, as browsers send generic lists.
 */
export function requestedFormat(ctx: Ctx): RequestedFormat {
  const accept = acceptedFormat(ctx.get('Accept'));
  const query = single(ctx.query.format);
  if (query !== undefined && query !== '') {
    if (!(query in MEDIA_TYPES)) {
      throw badParameter(`format must be one of ${Object.keys(MEDIA_TYPES).join(', ')}`);
    }
    const format = query as Format;
    return { format, params: accept?.format === format ? accept.params : {} };
  }
  return accept ?? { format: null, params: {} };
}

/** Whether the client would rather see HTML (a browser): the DAG preview instead of the block. */
export const acceptsHtml = (ctx: Ctx): boolean => ctx.get('Accept').includes('text/html');

function acceptedFormat(header: string): RequestedFormat | null {
  for (const item of header.split(',')) {
    const [type = '', ...rest] = item.split(';').map((part) => part.trim());
    const mediaType = type.toLowerCase();
    if (!SPECIFIC.test(mediaType)) continue;
    const format = BY_MEDIA_TYPE.get(mediaType);
    if (!format) throw new AppError(406, 'not_acceptable', `This gateway cannot answer ${mediaType}`);
    const params: Record<string, string> = {};
    for (const param of rest) {
      const at = param.indexOf('=');
      if (at > 0)
        params[param.slice(0, at).trim().toLowerCase()] = param
          .slice(at + 1)
          .trim()
          .replace(/^"|"$/g, '')
          .toLowerCase();
    }
    return { format, params };
  }
  return null;
}

export function single(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badParameter('a query parameter was given twice');
  return value;
}

export function badParameter(message: string): AppError {
  return new AppError(400, 'invalid_parameter', message);
}

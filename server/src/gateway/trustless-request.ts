import { AppError } from '../lib/errors';
import type { Ctx } from '../koa-types';

export const RAW_TYPE = 'application/vnd.ipld.raw';
export const CAR_TYPE = 'application/vnd.ipld.car';

export type DagScope = 'all' | 'entity' | 'block';

/** Inclusive byte offsets; a negative `from` counts from the end, `to` null means the end. */
export interface EntityBytes {
  from: number;
  to: number | null;
}

export type TrustlessRequest = { format: 'raw' } | { format: 'car'; scope: DagScope; bytes: EntityBytes | null };

const SCOPES: readonly string[] = ['all', 'entity', 'block'];

/**
 * Which verifiable answer the client asked for, if any. A specific `Accept` type wins over
 * `?format=` (the path gateway's rule); a browser's usual `Accept` names neither, so `format` applies.
 */
export function trustlessRequest(ctx: Ctx): TrustlessRequest | null {
  const format = accepted(ctx.get('Accept')) ?? queryFormat(ctx.query.format);
  if (format === 'raw') return { format };
  if (format !== 'car') return null;
  // The query forms of the CAR content type parameters, for clients that cannot set Accept.
  for (const name of ['version', 'order', 'dups'] as const) {
    const value = single(ctx.query[`car-${name}`]);
    if (value !== undefined) checkCarParameter(name, value.toLowerCase());
  }
  const scope = single(ctx.query['dag-scope']) ?? 'all';
  if (!SCOPES.includes(scope)) throw badParameter('dag-scope must be all, entity or block');
  const range = single(ctx.query['entity-bytes']);
  if (range === undefined) return { format, scope: scope as DagScope, bytes: null };
  // entity-bytes implies dag-scope=entity; asked with `block`, the block alone is still the narrower answer.
  return { format, scope: scope === 'block' ? 'block' : 'entity', bytes: entityBytes(range) };
}

function queryFormat(value: unknown): 'raw' | 'car' | null {
  const format = single(value);
  if (format === undefined) return null;
  if (format === 'raw' || format === 'car') return format;
  throw badParameter('format must be raw or car');
}

/** The first IPLD type the Accept header names; CAR parameters we cannot honour are 406. */
function accepted(header: string): 'raw' | 'car' | null {
  for (const item of header.split(',')) {
    const [type, ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (type === RAW_TYPE) return 'raw';
    if (type !== CAR_TYPE) continue;
    for (const param of params) {
      const [name, value] = param.split('=').map((part) => part.trim());
      checkCarParameter(name ?? '', value ?? '');
    }
    return 'car';
  }
  return null;
}

const CAR_PARAMETERS: Record<string, readonly string[] | undefined> = { version: ['1'], order: ['dfs', 'unk'], dups: ['n'] };

/** A CAR parameter the answer cannot honour is a 406; parameters of no meaning here are ignored. */
function checkCarParameter(name: string, value: string): void {
  const supported = CAR_PARAMETERS[name];
  if (supported && !supported.includes(value)) {
    throw new AppError(406, 'not_acceptable', `Only CAR version=1, order=dfs or unk, dups=n can be sent (asked for ${name}=${value})`);
  }
}

function entityBytes(value: string): EntityBytes {
  const match = /^(-?\d{1,15}):(-?\d{1,15}|\*)$/.exec(value);
  if (!match) throw badParameter('entity-bytes must be from:to (integers, to may be *)');
  const from = Number(match[1]);
  const to = match[2] === '*' ? null : Number(match[2]);
  if (to !== null && to >= 0 && from >= 0 && to < from) throw badParameter('entity-bytes must not end before it starts');
  return { from, to };
}

function single(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badParameter('a query parameter was given twice');
  return value;
}

function badParameter(message: string): AppError {
  return new AppError(400, 'invalid_parameter', message);
}

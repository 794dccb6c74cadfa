import type { Ctx } from '../koa-types';
import { badParameter, single } from './format';

export type DagScope = 'all' | 'entity' | 'block';

/** Inclusive byte offsets; a negative `from` counts from the end, `to` null means the end. */
export interface EntityBytes {
  from: number;
  to: number | null;
}

export interface CarParams {
  scope: DagScope;
  bytes: EntityBytes | null;
  /** Whether a block the DAG links to again is sent again (`dups=y`). */
  dups: boolean;
  /** `unk` asks for no particular order; the answer is depth-first all the same, and says so. */
  order: 'dfs';
}

const SCOPES: readonly string[] = ['all', 'entity', 'block'];

/**
 * The CAR a request asks for: the `Accept` item's parameters, each overridden by its query form
 * (`car-version`, `car-order`, `car-dups`; IPIP-523), then `dag-scope` and `entity-bytes`.
 */
export function carParams(ctx: Ctx, accepted: Record<string, string>): CarParams {
  const value = (name: 'version' | 'order' | 'dups') => single(ctx.query[`car-${name}`])?.toLowerCase() || accepted[name] || '';
  const version = value('version');
  if (version !== '' && version !== '1') throw badParameter('Only CAR version 1 can be sent');
  const order = value('order');
  if (order !== '' && order !== 'dfs' && order !== 'unk') throw badParameter('CAR order must be dfs or unk');
  const dups = value('dups');
  if (dups !== '' && dups !== 'y' && dups !== 'n') throw badParameter('CAR dups must be y or n');

  const scope = single(ctx.query['dag-scope']) ?? 'all';
  if (!SCOPES.includes(scope)) throw badParameter('dag-scope must be all, entity or block');
  const range = single(ctx.query['entity-bytes']);
  const base = { dups: dups === 'y', order: 'dfs' as const };
  if (range === undefined) return { ...base, scope: scope as DagScope, bytes: null };
  // entity-bytes implies dag-scope=entity; asked with `block`, the block alone is still the narrower answer.
  return { ...base, scope: scope === 'block' ? 'block' : 'entity', bytes: entityBytes(range) };
}

/** The Content-Type of a CAR answer, naming what the client may rely on. */
export const carContentType = (params: CarParams): string =>
  `application/vnd.ipld.car; version=1; order=${params.order}; dups=${params.dups ? 'y' : 'n'}`;

/** What sets one CAR of a path apart from another, for its ETag. */
export function carVariant(params: CarParams): string {
  const range = params.bytes ? `.${params.bytes.from}-${params.bytes.to ?? '*'}` : '';
  return `${params.order}.${params.dups ? 'y' : 'n'}.${params.scope}${range}`;
}

function entityBytes(value: string): EntityBytes {
  const match = /^(-?\d{1,15}):(-?\d{1,15}|\*)$/.exec(value);
  if (!match) throw badParameter('entity-bytes must be from:to (integers, to may be *)');
  const from = Number(match[1]);
  const to = match[2] === '*' ? null : Number(match[2]);
  if (to !== null && to >= 0 && from >= 0 && to < from) throw badParameter('entity-bytes must not end before it starts');
  return { from, to };
}

import type { Next } from 'koa';
import type { Ctx } from '../koa-types';

interface MatchedLayer {
  paramNames: unknown[];
  methods: string[];
}

/**
 * `/file/folder` is a route of its own, yet `/file/{cid}` matches it too, so the router would
 * answer OPTIONS and 405 with the methods of both (`Allow: POST, DELETE`). When a route without
 * parameters matches the path, the parameterised ones that also matched are dropped before
 * `allowedMethods` (upstream of this) reads them, so `Allow` lists what the path really serves.
 */
export function exactRoutesFirst() {
  return async (ctx: Ctx, next: Next) => {
    await next();
    const state = ctx as unknown as { matched?: MatchedLayer[] };
    const matched = state.matched;
    if (!matched?.some((layer) => layer.paramNames.length === 0 && layer.methods.length > 0)) return;
    state.matched = matched.filter((layer) => layer.paramNames.length === 0);
  };
}

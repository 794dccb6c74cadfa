import type { AdminListQuery } from '@cairn/shared';
import type { Ctx } from '../../koa-types';
import { input } from '../../middleware/validate';

/** The validated `?page&limit&search` of an admin list, as a store page. */
export function listPage(ctx: Ctx) {
  const { page, limit, search } = input<undefined, AdminListQuery>(ctx).query;
  return { page, limit, query: { offset: (page - 1) * limit, limit, search: search || undefined } };
}

import type { LanguageCode } from '@cairn/shared';
import type { Ctx } from '../koa-types';
import { callerLanguage } from '../lib/caller-language';

/** The language to answer this request in (see callerLanguage). */
export const requestLanguage = (ctx: Ctx): LanguageCode => callerLanguage(ctx.state.user, ctx.get('Accept-Language'));

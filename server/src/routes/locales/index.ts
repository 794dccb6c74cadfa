import Router from '@koa/router';
import { LANGUAGES, SUPPORTED_LANGUAGES } from '@cairn/shared';
import { z } from 'zod';
import { countryList } from '../../lib/countries';
import type { AppState } from '../../koa-types';
import { input, validate } from '../../middleware/validate';

const countriesQuery = z.object({ lang: z.enum(SUPPORTED_LANGUAGES, { error: 'Unsupported language' }).default('en') });

export function localeRoutes() {
  const router = new Router<AppState>();

  router.get('/locales/languages', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = { languages: LANGUAGES };
  });

  router.get('/locales/countries', validate({ query: countriesQuery }), (ctx) => {
    const { lang } = input<undefined, z.infer<typeof countriesQuery>>(ctx).query;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = { language: lang, countries: countryList(lang) };
  });

  return router;
}

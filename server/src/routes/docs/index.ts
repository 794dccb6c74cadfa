import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Router from '@koa/router';
import type { AppState } from '../../koa-types';
import { repoPath } from '../../lib/repo-path';
import { docsPage, SWAGGER_INIT, SWAGGER_PAGE, SWAGGER_THEME } from './pages';
import { loadSnippets } from './snippets';

const OPENAPI_FILE = repoPath('openapi.yaml');
const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-bundle.js.map', 'favicon-32x32.png']);

/**
 * /docs (quick start with every SDK's snippet), /docs/snippets.json (the same snippets for the app's
 * API page), /docs/swagger (Swagger UI from the package, no CDN), /docs/openapi.yaml.
 */
export function docsRoutes() {
  const router = new Router<AppState>();
  const spec = fs.readFileSync(OPENAPI_FILE, 'utf8');
  const snippets = loadSnippets();

  router.get('/docs', (ctx) => {
    const base = ctx.state.app.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
    ctx.type = 'html';
    ctx.body = docsPage(base, snippets);
  });

  router.get('/docs/snippets.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { snippets };
  });

  router.get('/docs/openapi.yaml', (ctx) => {
    ctx.type = 'application/yaml; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = spec;
  });

  router.get('/docs/swagger', (ctx) => {
    ctx.type = 'html';
    ctx.body = SWAGGER_PAGE;
  });

  router.get('/docs/swagger/init.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.body = SWAGGER_INIT;
  });

  router.get('/docs/swagger/theme.css', (ctx) => {
    ctx.type = 'text/css';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = SWAGGER_THEME;
  });

  router.get('/docs/swagger/:asset', async (ctx, next) => {
    const asset = ctx.params.asset!;
    if (!SWAGGER_ASSETS.has(asset)) return next();
    ctx.type = path.extname(asset) === '.map' ? 'application/json' : path.extname(asset);
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = fs.createReadStream(path.join(SWAGGER_DIR, asset));
  });

  return router;
}

import type { Snippet } from './snippets';

/** Server-rendered documentation pages. No inline script: the app's CSP forbids it. */

const STYLE = `
  body { font: 16px/1.6 system-ui, sans-serif; margin: 0; color: #1f2933; background: #f7f8fa; }
  main { max-width: 860px; margin: 0 auto; padding: 32px 20px 64px; }
  h1 { margin-top: 0; } h2 { margin-top: 2em; border-bottom: 1px solid #d9dee5; padding-bottom: 4px; }
  pre { background: #0f1720; color: #e6edf3; padding: 14px 16px; border-radius: 8px; overflow-x: auto; font-size: 14px; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
  nav a { margin-right: 16px; } a { color: #0b63ce; }
  h3 { margin-bottom: 0; } .note { color: #52606d; margin-top: 4px; }
`;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const block = (code: string, language?: string) =>
  // Focusable, so that a block wider than the page scrolls from the keyboard.
  `<pre tabindex="0"><code${language ? ` class="language-${escape(language)}"` : ''}>${escape(code.trim())}</code></pre>`;

/** Install and quick start of each SDK and the CLI, from `sdks/snippets`. */
function sdkSection(baseUrl: string, snippets: Snippet[]): string {
  const items = snippets.map(
    (s) => `<section id="sdk-${escape(s.id)}"><h3>${escape(s.title)}</h3><p class="note">${escape(s.note)}</p>
${block(s.install)}
${block(s.code, s.language)}
<p class="note">Run: <code>${escape(s.run)}</code></p></section>`,
  );
  return `<h2>SDKs and command line</h2>
<p>Official clients for TypeScript, JavaScript, Python, PHP and Go, and the <code>cairn</code> command. Each quick
start uploads <code>hello.txt</code> and prints its CID; they read the server and an API token from the environment:</p>
${block(`export CAIRN_API_URL=${baseUrl}
export CAIRN_TOKEN=cairn_...`)}
<nav aria-label="SDKs">${snippets.map((s) => `<a href="#sdk-${escape(s.id)}">${escape(s.title)}</a>`).join('')}</nav>
${items.join('\n')}`;
}

export function docsPage(baseUrl: string, snippets: Snippet[]): string {
  const api = `${baseUrl}/api/v2`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cairn API</title><style>${STYLE}</style></head>
<body><main>
<h1>Cairn API</h1>
<p>Store and pin files on IPFS over a JSON HTTP API. Every endpoint lives under <code>${escape(api)}</code>
and answers errors as <code>{"error": "...", "code": "..."}</code>.</p>
<nav aria-label="Reference"><a href="/docs/swagger">Interactive explorer</a><a href="/docs/openapi.yaml">OpenAPI 3.1 specification</a></nav>

<h2>1. Sign in</h2>
${block(`curl -s ${api}/auth/login -H 'Content-Type: application/json' \\
  -d '{"email": "you@example.com", "password": "your-password"}'
# {"token": "eyJhbGciOi...", "expiresAt": "..."}`)}

<h2>2. Make an API token for scripts</h2>
<p>Session tokens expire; API tokens last until they expire or you revoke them. The secret is shown once.</p>
${block(`curl -s ${api}/tokens/generate -H "Authorization: Bearer $SESSION" \\
  -H 'Content-Type: application/json' -d '{"name": "laptop", "expiresInDays": 30}'
# {"id": "...", "name": "laptop", "token": "cairn_...", "expiresAt": "..."}`)}

<h2>3. Call the API with it</h2>
${block(`export CAIRN_TOKEN=cairn_...
curl -s ${api}/users/me -H "Authorization: Bearer $CAIRN_TOKEN"`)}

${sdkSection(baseUrl, snippets)}

<h2>Errors</h2>
<p>401 means a missing, invalid, expired or revoked credential (the <code>code</code> says which);
403 a disabled account or missing rights; 429 too many attempts (see <code>Retry-After</code>).</p>
</main></body></html>`;
}

export const SWAGGER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cairn API explorer</title><link rel="stylesheet" href="/docs/swagger/swagger-ui.css">
<link rel="stylesheet" href="/docs/swagger/theme.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/swagger/swagger-ui-bundle.js"></script>
<script src="/docs/swagger/init.js"></script>
</body></html>`;

/**
 * Without deep links an operation's summary holds no link inside its button (axe: nested
 * interactive controls). Its selects get the names their labels do not give them, the webhooks'
 * headings their level, and the parts
 * above the operations (Swagger UI's own <main>) become named regions, so that all is in a landmark.
 */
export const SWAGGER_INIT = `window.ui = SwaggerUIBundle({ url: '/docs/openapi.yaml', dom_id: '#swagger-ui', deepLinking: false, persistAuthorization: true });
new MutationObserver(() => {
  for (const select of document.querySelectorAll('#swagger-ui select:not([aria-label])')) {
    const name = select.id === 'servers' ? 'Server' : select.closest('.examples-select') ? 'Example' : select.closest('.content-type-wrapper, .response-control-media-type') ? 'Media type' : 'Choice';
    select.setAttribute('aria-label', name);
  }
  // The webhooks' h2 comes before the schemas' h4 (after the operations' h3s): it is a level below.
  for (const heading of document.querySelectorAll('#swagger-ui .webhooks h4, #swagger-ui section.models > h4')) {
    if (!heading.hasAttribute('aria-level')) heading.setAttribute('aria-level', '3');
  }
  for (const [selector, label] of [['.information-container', 'About the API'], ['.schemes-server-container', 'Server and authorization']]) {
    const part = document.querySelector(selector);
    if (part && !part.hasAttribute('role')) { part.setAttribute('role', 'region'); part.setAttribute('aria-label', label); }
  }
}).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });`;

/**
 * Swagger UI's colours where they are too faint to read (WCAG AA, 4.5:1): the HTTP methods' white
 * labels, the deprecated operations' grey, links and small buttons.
 */
export const SWAGGER_THEME = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1f7a4d; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a5200; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #00695c; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6b3fa0; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #0d5a7a; }
.swagger-ui .opblock.opblock-deprecated { opacity: 1; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-method { background: #555b66; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-path,
.swagger-ui .opblock.opblock-deprecated .opblock-summary-path span,
.swagger-ui .opblock.opblock-deprecated .opblock-summary-description { color: #4a505c; }
.swagger-ui .info .title small { background: #4a5160; }
.swagger-ui .info .title small.version-stamp { background: #1f7a4d; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1d5fa8; }
.swagger-ui .btn.authorize { color: #1f7a4d; border-color: #1f7a4d; }
.swagger-ui .btn.authorize svg { fill: #1f7a4d; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #3d3d3d; }`;

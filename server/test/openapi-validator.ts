import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

/**
 * Checks real responses against openapi.yaml, so the spec cannot drift from what the server
 * answers. The spec is parsed once, schemas are compiled on first use and cached.
 */

export const OPENAPI_FILE = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
/** Where component schemas live for Ajv: `#/components/schemas/X` becomes `<id>#/$defs/X`. */
const DEFS_ID = 'https://cairn.invalid/openapi/components';

type Json = Record<string, any>;

export interface ResponseUnderTest {
  method: string;
  /** The request path or URL, e.g. `/api/v2/tokens/3b2...?x=1` or `http://127.0.0.1:8080/...`. */
  url: string;
  status: number;
  /** The response Content-Type header ('' or undefined when there is none). */
  contentType?: string | null;
  /** Parsed JSON for JSON responses, the text otherwise; undefined (or '') when there is no body. */
  body?: unknown;
  /** Optional response headers: when given, headers the spec marks `required` are checked too. */
  headers?: Headers | Record<string, string | undefined>;
}

interface Operation {
  method: string;
  /** Full path template, server URL included: `/api/v2/tokens/{id}`. */
  path: string;
  /** The template as written under `paths`: `/tokens/{id}`. */
  template: string;
  operation: Json;
}

interface PathEntry {
  path: string;
  template: string;
  regex: RegExp;
  params: number;
  operations: Map<string, Operation>;
}

interface Loaded {
  spec: Json;
  apiBase: string;
  paths: PathEntry[];
  ajv: Ajv2020;
}

let loaded: Loaded | null = null;
const validators = new Map<string, ValidateFunction>();

/** The parsed openapi.yaml (read once). */
export function openapiSpec(): Json {
  return load().spec;
}

/**
 * Every documented operation as `{method: 'GET', path: '/api/v2/tokens/{id}'}`: the full path,
 * server URL included, so API paths carry the `/api/v2` prefix and the docs pages are `/docs...`.
 */
export function documentedOperations(): { method: string; path: string }[] {
  return load().paths.flatMap((entry) => [...entry.operations.values()].map(({ method, path }) => ({ method, path })));
}

/**
 * Checks one response against the spec and returns its problems ([] when it conforms): an
 * undocumented path or method, an undocumented status, an undocumented content type, a body where
 * none is documented (bodiless 204s), or a body that does not match the schema (Ajv's messages).
 *
 * Judged are the paths under the API base path and any other documented path (the docs pages);
 * anything else (the UI, static assets) gets []. Answers the router gives by itself are accepted
 * when they are the documented generic errors: a JSON `404 not_found` for an unknown API path, a
 * `405 method_not_allowed` for a method a documented path lacks, and the answer to OPTIONS.
 */
export function validateResponse(res: ResponseUnderTest): string[] {
  const { apiBase, paths } = load();
  const method = res.method.toUpperCase();
  const path = pathnameOf(res.url);
  const label = `${method} ${path} → ${res.status}`;

  const matches = paths.filter((entry) => entry.regex.test(path));
  if (matches.length === 0) {
    if (path !== apiBase && !path.startsWith(`${apiBase}/`)) return [];
    if (res.status === 404) return genericError(res, 'not_found', label);
    return [`${label}: path is not documented in openapi.yaml`];
  }

  // A concrete path wins over a templated one (OpenAPI's rule and the router's), but only if it
  // has the method: DELETE /tokens/generate is answered by DELETE /tokens/{id}.
  const lookup = method === 'HEAD' && !matches.some((candidate) => candidate.operations.has('HEAD')) ? 'GET' : method;
  const entry = matches.find((candidate) => candidate.operations.has(lookup)) ?? matches[0]!;
  const op = entry.operations.get(lookup);
  if (!op) {
    if (method === 'OPTIONS' && (res.status === 200 || res.status === 204) && isEmpty(res.body)) return [];
    if (res.status === 405) return genericError(res, 'method_not_allowed', label);
    return [`${label}: method ${method} is not documented for ${entry.path}`];
  }

  const where = `${method} ${op.path} → ${res.status}`;
  const responses: Json = op.operation.responses ?? {};
  const key = [String(res.status), `${String(res.status)[0]}XX`, 'default'].find((k) => k in responses);
  if (!key) {
    return [`${where}: status ${res.status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
  }
  const response = deref(responses[key]);
  const problems = checkHeaders(response, res.headers, where);
  const content: Json | undefined = response.content;

  if (!content || Object.keys(content).length === 0) {
    if (!isEmpty(res.body)) problems.push(`${where}: no body is documented but the response has one: ${preview(res.body)}`);
    return problems;
  }
  if (isEmpty(res.body)) {
    if (method !== 'HEAD') problems.push(`${where}: a body is documented (${Object.keys(content).join(', ')}) but the response has none`);
    return problems;
  }
  const mediaType = mediaTypeOf(res.contentType);
  const mediaKey = matchMediaType(Object.keys(content), mediaType);
  if (!mediaKey) {
    problems.push(`${where}: content type '${res.contentType ?? ''}' is not documented (documented: ${Object.keys(content).join(', ')})`);
    return problems;
  }
  const schema = content[mediaKey]?.schema;
  // Bytes (a download, a gateway read) are judged by status and content type only.
  if (!schema || (typeof res.body === 'object' && (ArrayBuffer.isView(res.body) || res.body instanceof ArrayBuffer))) return problems;
  const validate = validatorFor(`${op.method} ${op.path} ${key} ${mediaKey}`, schema);
  const body = isJson(mediaKey) && typeof res.body === 'string' ? tryJson(res.body) : res.body;
  if (!validate(body)) {
    problems.push(`${where}: body does not match the schema: ${errorsText(validate)}; body: ${preview(body)}`);
  }
  return problems;
}

/** Checks an event body (a webhook delivery's, a live event's) against its type's entry under `webhooks`. */
export function validateWebhookEvent(event: Record<string, unknown>): string[] {
  const type = String(event.type);
  const schema = load().spec.webhooks?.[type]?.post?.requestBody?.content?.['application/json']?.schema;
  if (!schema) return [`event type ${type} is not documented under webhooks in openapi.yaml`];
  const validate = validatorFor(`webhook ${type}`, schema);
  return validate(event) ? [] : [`${type}: body does not match the schema: ${errorsText(validate)}; body: ${preview(event)}`];
}

/**
 * Compiles every component schema and the schema of every documented response, and returns a
 * problem for each that does not compile or whose `$ref`s do not resolve.
 */
export function compileAllSchemas(): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(load().spec.components?.schemas ?? {})) {
    try {
      validatorFor(`component ${name}`, { $ref: `#/components/schemas/${name}` });
    } catch (error) {
      problems.push(`#/components/schemas/${name}: ${(error as Error).message}`);
    }
  }
  for (const entry of load().paths) {
    for (const op of entry.operations.values()) {
      for (const [status, raw] of Object.entries<Json>(op.operation.responses ?? {})) {
        try {
          const response = deref(raw);
          for (const [mediaKey, media] of Object.entries<Json>(response.content ?? {})) {
            if (media.schema) validatorFor(`${op.method} ${op.path} ${status} ${mediaKey}`, media.schema);
          }
          for (const header of Object.values<Json>(response.headers ?? {})) {
            const schema = deref(header).schema;
            if (schema) validatorFor(`header ${JSON.stringify(schema)}`, schema);
          }
        } catch (error) {
          problems.push(`${op.method} ${op.path} ${status}: ${(error as Error).message}`);
        }
      }
    }
  }
  return problems;
}

/** Every `$ref` in the spec that does not point at anything. */
export function unresolvedRefs(): string[] {
  const { spec } = load();
  const missing: string[] = [];
  walk(spec, (node, at) => {
    if (typeof node.$ref !== 'string') return;
    try {
      resolvePointer(spec, node.$ref);
    } catch {
      missing.push(`${at}: ${node.$ref}`);
    }
  });
  return missing;
}

function load(): Loaded {
  if (loaded) return loaded;
  const spec = YAML.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Json;
  const apiBase = trimSlash(spec.servers?.[0]?.url ?? '');
  const paths: PathEntry[] = [];
  for (const [template, item] of Object.entries<Json>(spec.paths ?? {})) {
    const server = trimSlash(item.servers?.[0]?.url ?? apiBase);
    const path = server + template;
    const operations = new Map<string, Operation>();
    for (const method of METHODS) {
      if (item[method]) operations.set(method.toUpperCase(), { method: method.toUpperCase(), path, template, operation: item[method] });
    }
    const pattern = path
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    paths.push({ path, template, regex: new RegExp(`^${pattern}$`), params: (path.match(/\{/g) ?? []).length, operations });
  }
  paths.sort((a, b) => a.params - b.params);

  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, strictTuples: false });
  addFormats(ajv);
  // OpenAPI's own schema keywords, which carry no validation.
  ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
  ajv.addSchema({ $id: DEFS_ID, $defs: rewriteRefs(spec.components?.schemas ?? {}, spec) });
  loaded = { spec, apiBase, paths, ajv };
  return loaded;
}

function validatorFor(key: string, schema: Json): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    const { ajv, spec } = load();
    validate = ajv.compile(rewriteRefs(schema, spec) as Json);
    validators.set(key, validate);
  }
  return validate;
}

/** Points schema `$ref`s at the component schemas registered with Ajv. */
function rewriteRefs(node: unknown, spec: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, spec));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      if (!value.startsWith('#/components/schemas/')) throw new Error(`schema $ref ${value} must point into #/components/schemas`);
      resolvePointer(spec, value);
      out.$ref = `${DEFS_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`;
    } else {
      out[key] = rewriteRefs(value, spec);
    }
  }
  return out;
}

/** Follows OpenAPI-level `$ref`s (responses, headers, parameters) to the object itself. */
function deref(node: Json): Json {
  let current = node;
  for (let hops = 0; typeof current?.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${node.$ref}`);
    current = resolvePointer(load().spec, current.$ref);
  }
  return current;
}

function resolvePointer(spec: Json, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  let node: any = spec;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(key in node)) throw new Error(`$ref ${ref} does not resolve`);
    node = node[key];
  }
  return node as Json;
}

function walk(node: unknown, visit: (node: Json, at: string) => void, at = '#'): void {
  if (!node || typeof node !== 'object') return;
  if (!Array.isArray(node)) visit(node as Json, at);
  for (const [key, value] of Object.entries(node)) walk(value, visit, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
}

function checkHeaders(response: Json, headers: ResponseUnderTest['headers'], where: string): string[] {
  if (!headers) return [];
  const problems: string[] = [];
  const get = (name: string) =>
    headers instanceof Headers
      ? headers.get(name)
      : (Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? null);
  for (const [name, raw] of Object.entries<Json>(response.headers ?? {})) {
    const header = deref(raw);
    const value = get(name);
    if (value === null || value === undefined) {
      if (header.required) problems.push(`${where}: required header ${name} is missing`);
      continue;
    }
    if (!header.schema) continue;
    const validate = validatorFor(`header ${JSON.stringify(header.schema)}`, header.schema);
    const type = deref(header.schema).type;
    const typed = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    if (!validate(typed)) problems.push(`${where}: header ${name}: ${errorsText(validate)}`);
  }
  return problems;
}

function genericError(res: ResponseUnderTest, code: string, label: string): string[] {
  const validate = validatorFor('generic Error', { $ref: '#/components/schemas/Error' });
  const body = typeof res.body === 'string' ? tryJson(res.body) : res.body;
  if (!isJson(mediaTypeOf(res.contentType)) || !validate(body) || (body as Json).code !== code) {
    return [`${label}: expected the generic JSON error with code '${code}', got ${preview(res.body)}`];
  }
  return [];
}

function matchMediaType(documented: string[], actual: string): string | undefined {
  return (
    documented.find((key) => key.toLowerCase() === actual) ??
    documented.find((key) => key.endsWith('/*') && actual.startsWith(key.slice(0, -1).toLowerCase())) ??
    documented.find((key) => key === '*/*')
  );
}

function errorsText(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .map((error) => {
      const extra =
        error.keyword === 'additionalProperties'
          ? ` '${String(error.params.additionalProperty)}'`
          : error.keyword === 'unevaluatedProperties'
            ? ` '${String(error.params.unevaluatedProperty)}'`
            : '';
      return `body${error.instancePath} ${error.message ?? error.keyword}${extra}`;
    })
    .join('; ');
}

const pathnameOf = (url: string): string => {
  const { pathname } = new URL(url, 'http://localhost');
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
};
const trimSlash = (url: string): string => url.replace(/\/+$/, '');
const mediaTypeOf = (contentType: string | null | undefined): string => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const isJson = (mediaType: string): boolean => mediaType === 'application/json' || mediaType.endsWith('+json');
const isEmpty = (body: unknown): boolean => body === undefined || body === null || body === '';
const tryJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const preview = (body: unknown): string => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

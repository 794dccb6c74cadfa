import { z } from 'zod';
import { VALIDATES } from '../src/middleware/validate';
import { openapiSpec } from './openapi-validator';

/**
 * The two sides of every request contract: what the server's zod schemas accept (found on the
 * `validate()` middleware of each route, so a new route cannot be forgotten) and what openapi.yaml
 * documents for the same operation, both as JSON Schema reduced to the keywords that decide which
 * requests are valid.
 */

type Json = Record<string, any>;
type Where = 'body' | 'query';

export interface ValidatedRequest {
  /** `POST /api/v2/pins`, with `{param}` templates like openapi.yaml. */
  operation: string;
  where: Where;
  /** JSON Schema of the input zod accepts. */
  zod: Json;
}

interface Layer {
  path: string | RegExp;
  methods: string[];
  stack: ((...args: never[]) => unknown)[];
}

/** Every body and query schema a router's routes validate with. */
export function validatedRequests(router: { stack: Layer[] }): ValidatedRequest[] {
  return router.stack.flatMap((layer) => {
    const schemas = layer.stack.map((fn) => (fn as { [VALIDATES]?: Partial<Record<Where, z.ZodType>> })[VALIDATES]).find(Boolean);
    if (!schemas || typeof layer.path !== 'string') return [];
    const path = layer.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    return layer.methods
      .filter((method) => method !== 'HEAD')
      .flatMap((method) =>
        (['body', 'query'] as const)
          .filter((where) => schemas[where])
          .map((where) => ({
            operation: `${method} ${path}`,
            where,
            zod: normalize(z.toJSONSchema(schemas[where]!, { io: 'input', unrepresentable: 'any' })),
          })),
      );
  });
}

/** The documented request body (JSON) or query string of an operation, as one JSON Schema. */
export function documentedRequest(operation: string, where: Where): Json | undefined {
  const spec = openapiSpec();
  const [method, fullPath] = operation.split(' ') as [string, string];
  const base = (spec.servers?.[0]?.url as string | undefined) ?? '';
  const template = fullPath.startsWith(`${base}/`) && !spec.paths[fullPath] ? fullPath.slice(base.length) : fullPath;
  const item = spec.paths[template];
  const op = item?.[method.toLowerCase()];
  if (!op) return undefined;
  if (where === 'body') {
    const schema = resolve(spec, resolve(spec, op.requestBody)?.content?.['application/json']?.schema);
    return schema && normalize(inline(spec, schema));
  }
  const parameters: Json[] = [...(item.parameters ?? []), ...(op.parameters ?? [])]
    .map((parameter: Json) => resolve(spec, parameter)!)
    .filter((parameter: Json) => parameter.in === 'query');
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return normalize({
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, inline(spec, parameter.schema)])),
    ...(required.length > 0 ? { required } : {}),
  });
}

function resolve(spec: Json, node: Json | undefined): Json | undefined {
  if (!node?.$ref) return node;
  const target = (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Json | undefined>((at, key) => at?.[key], spec);
  return resolve(spec, target);
}

/** Replaces every `$ref` of a schema by what it points at, keywords beside it (a `default`) kept. */
function inline(spec: Json, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(spec, item));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...beside } = node as Json;
  const resolved = $ref ? { ...resolve(spec, { $ref }), ...beside } : beside;
  return Object.fromEntries(Object.entries(resolved).map(([key, value]) => [key, inline(spec, value)]));
}

/** What decides which requests are valid; prose (description, examples, title) is the spec's own. */
const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'default',
  'anyOf',
  'oneOf',
  'allOf',
]);
/** zod's `.int()` alone bounds a number to the integers JavaScript holds exactly; the spec says `integer`. */
const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

/** One spelling for schemas that accept the same values, so the two sides compare key by key. */
export function normalize(node: unknown): any {
  if (Array.isArray(node)) return node.map(normalize);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (!KEYWORDS.has(key) || value === undefined) continue;
    if (key === 'properties')
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, schema]) => [name, normalize(schema)]));
    else if (key === 'required') out[key] = [...(value as string[])].sort();
    else if (['items', 'additionalProperties', 'propertyNames', 'anyOf', 'oneOf', 'allOf'].includes(key)) out[key] = normalize(value);
    else out[key] = value;
  }
  // zod renders a format (uuid, date-time) also as the pattern it checks it with.
  if (out.format) delete out.pattern;
  if (out.type === 'integer' && out.minimum === -SAFE_BOUND) delete out.minimum;
  if (out.type === 'integer' && out.maximum === SAFE_BOUND) delete out.maximum;
  if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
  return mergeNullable(recordAsProperties(mergeAllOf(out)));
}

/** `allOf: [X]` (a `$ref` with a description beside it) is X. */
function mergeAllOf(schema: Json): Json {
  if (!Array.isArray(schema.allOf) || schema.allOf.length !== 1) return schema;
  const { allOf, ...rest } = schema;
  return { ...allOf[0], ...rest };
}

/** A map over a fixed set of keys (zod's `partialRecord`) is an object with those optional properties. */
function recordAsProperties(schema: Json): Json {
  const keys = schema.propertyNames?.enum as string[] | undefined;
  if (!keys || schema.properties || typeof schema.additionalProperties !== 'object') return schema;
  const each = schema.additionalProperties as Json;
  const rest = { ...schema };
  delete rest.propertyNames;
  return { ...rest, properties: Object.fromEntries(keys.map((key) => [key, each])), additionalProperties: false };
}

/** `anyOf: [X, {type: null}]` (zod's nullable) is `X` with `null` added to its types. */
function mergeNullable(schema: Json): Json {
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (branches?.length === 2 && Object.keys(schema).length === 1) {
    const nullIndex = branches.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = branches[1 - nullIndex];
    if (nullIndex >= 0 && typeof other?.type === 'string' && !other.enum && !other.const)
      return { ...other, type: [other.type, 'null'].sort() };
  }
  if (Array.isArray(schema.type)) return { ...schema, type: [...schema.type].sort() };
  return schema;
}

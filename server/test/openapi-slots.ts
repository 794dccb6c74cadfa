import crypto from 'node:crypto';
import { openapiSpec } from './openapi-validator';

/**
 * Every place an operation of openapi.yaml takes text from a client, as requests that put a given
 * string there: each path parameter, each query parameter, each string field of a JSON body (at
 * any depth, map keys and values included) and one unknown key of the body. The rest of each
 * request is a plausible filler: what decides the answer is the one slot under test.
 */

type Json = Record<string, any>;

export interface SlotRequest {
  method: string;
  /** Path and query, encoded. */
  path: string;
  /** The required headers the operation documents, and the content type of a body that is not JSON. */
  headers: Record<string, string>;
  json?: unknown;
}

export interface Slot {
  /** `POST /api/v2/psa/pins body.meta.<key>`: what is under test. */
  label: string;
  operationId: string;
  where: 'path' | 'query' | 'body';
  /** The request with `text` in this slot. */
  request(text: string): SlotRequest;
}

const resolve = (spec: Json, node: Json | undefined): Json | undefined => {
  if (!node?.$ref) return node;
  const target = (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Json | undefined>((at, key) => at?.[key], spec);
  return resolve(spec, target);
};

/** The schema's alternatives and parts merged into one, enough to know its type and properties. */
function flatten(spec: Json, raw: Json | undefined): Json {
  const schema = resolve(spec, raw) ?? {};
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []).slice(0, 1), ...(schema.oneOf ?? []).slice(0, 1)].map((part: Json) =>
    flatten(spec, part),
  );
  const merged: Json = { ...schema };
  for (const part of parts) {
    merged.type ??= part.type;
    merged.properties = { ...part.properties, ...merged.properties };
    merged.additionalProperties ??= part.additionalProperties;
    merged.items ??= part.items;
  }
  return merged;
}

const typeOf = (schema: Json): string => (Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type) ?? '';

/** A value of the schema's type: its example, default or first enum value where there is one. */
function filler(spec: Json, raw: Json | undefined, depth = 0): unknown {
  const schema = flatten(spec, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value: unknown) => value !== null);
  switch (typeOf(schema)) {
    case 'object':
      if (depth > 6) return {};
      return Object.fromEntries(Object.entries<Json>(schema.properties ?? {}).map(([key, value]) => [key, filler(spec, value, depth + 1)]));
    case 'array':
      return depth > 6 ? [] : [filler(spec, schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'uuid' ? crypto.randomUUID() : 'text';
    default:
      return 'text';
  }
}

/** Paths (as key lists) of every string field of a JSON body; `*` stands for any key of a map. */
function stringFields(spec: Json, raw: Json | undefined, at: string[] = [], depth = 0): string[][] {
  const schema = flatten(spec, raw);
  if (depth > 6) return [];
  const type = typeOf(schema);
  if (type === 'string') return [at];
  if (type === 'array') return stringFields(spec, schema.items, [...at, '0'], depth + 1);
  if (type !== 'object') return [];
  const fields = Object.entries<Json>(schema.properties ?? {}).flatMap(([key, value]) =>
    stringFields(spec, value, [...at, key], depth + 1),
  );
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    fields.push([...at, '*key'], ...stringFields(spec, schema.additionalProperties, [...at, '*'], depth + 1));
  }
  return fields;
}

/** `body` with `text` at `field` (`*key`: as a new key of that map; `*`: the value of a new key). */
function withText(body: unknown, field: string[], text: string): unknown {
  const copy = structuredClone(body ?? {}) as Json;
  let at: Json = copy;
  for (const [i, key] of field.entries()) {
    const last = i === field.length - 1;
    if (key === '*key') {
      at[text] = 'value';
      return copy;
    }
    const name = key === '*' ? 'key' : key;
    if (last) at[name] = text;
    else {
      const next = field[i + 1] === '0' ? [] : {};
      if (typeof at[name] !== 'object' || at[name] === null) at[name] = next;
      at = at[name] as Json;
    }
  }
  return field.length === 0 ? text : copy;
}

/** Every slot of every operation of openapi.yaml (HEAD is the GET's; OPTIONS takes no text). */
export function textSlots(): Slot[] {
  const spec = openapiSpec();
  const apiBase = (spec.servers?.[0]?.url as string | undefined) ?? '';
  const slots: Slot[] = [];
  for (const [template, item] of Object.entries<Json>(spec.paths ?? {})) {
    const base = (item.servers?.[0]?.url as string | undefined)?.replace(/\/$/, '') ?? apiBase;
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters: Json[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => resolve(spec, p)!);
      const pathParams = parameters.filter((p) => p.in === 'path');
      const queryParams = parameters.filter((p) => p.in === 'query');
      const content = Object.keys(resolve(spec, op.requestBody)?.content ?? {});
      const json = resolve(spec, op.requestBody)?.content?.['application/json']?.schema;
      const baseBody = json ? filler(spec, json) : undefined;
      const headers = Object.fromEntries(
        parameters.filter((p) => p.in === 'header' && p.required).map((p) => [p.name, String(filler(spec, p.schema))]),
      );
      // A body of bytes (a tus PATCH) is sent empty, with its type; multipart bodies are left out.
      if (!json && content[0] && !content[0].startsWith('multipart/')) headers['Content-Type'] = content[0];
      const fill = (name: string) => {
        const param = pathParams.find((p) => p.name === name);
        return String(param ? filler(spec, param.schema) : 'text');
      };
      const build = (path: Record<string, string>, query: Record<string, string>, body: unknown): SlotRequest => {
        const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? encodeURIComponent(fill(name)));
        const search = new URLSearchParams(query).toString();
        return { method: method.toUpperCase(), path: `${base}${filled}${search ? `?${search}` : ''}`, headers, json: body };
      };
      const name = `${method.toUpperCase()} ${base}${template}`;
      for (const param of pathParams) {
        slots.push({
          label: `${name} path.${param.name}`,
          operationId: op.operationId,
          where: 'path',
          request: (text) => build({ [param.name]: encode(text) }, {}, baseBody),
        });
      }
      for (const param of queryParams) {
        slots.push({
          label: `${name} query.${param.name}`,
          operationId: op.operationId,
          where: 'query',
          request: (text) => build({}, { [param.name]: text }, baseBody),
        });
      }
      if (json) {
        for (const field of [...stringFields(spec, json), ['*key']]) {
          slots.push({
            label: `${name} body${field.length ? `.${field.join('.')}` : ''}`,
            operationId: op.operationId,
            where: 'body',
            request: (text) => build({}, {}, withText(baseBody, field, text)),
          });
        }
      }
    }
  }
  return slots;
}

/** `encodeURIComponent`, but an unpaired surrogate goes as the bytes UTF-8 would give it (`%ED%A0%80`). */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(ch);
  }
  return out;
}

export interface OperationUnderTest {
  /** `GET /api/v2/tokens/{id}` */
  label: string;
  /** The operation as openapi.yaml writes it (its `x-` extensions included). */
  operation: Json;
  /** Whether a request may go without any credential (`{}` among its security requirements). */
  anonymous: boolean;
  /** Whether it takes a Bearer credential (its own `security` or the document's). */
  bearer: boolean;
  /** A plausible request: path parameters, required headers and a JSON body from the schemas' fillers. */
  request: SlotRequest;
}

/** Every operation of openapi.yaml (HEAD included, OPTIONS left out) with a plausible request for it. */
export function everyOperation(): OperationUnderTest[] {
  const spec = openapiSpec();
  const apiBase = (spec.servers?.[0]?.url as string | undefined) ?? '';
  const operations: OperationUnderTest[] = [];
  for (const [template, item] of Object.entries<Json>(spec.paths ?? {})) {
    const base = (item.servers?.[0]?.url as string | undefined)?.replace(/\/$/, '') ?? apiBase;
    for (const method of ['get', 'head', 'put', 'post', 'delete', 'patch']) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters: Json[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => resolve(spec, p)!);
      const content = Object.keys(resolve(spec, op.requestBody)?.content ?? {});
      const json = resolve(spec, op.requestBody)?.content?.['application/json']?.schema;
      const headers = Object.fromEntries(
        parameters.filter((p) => p.in === 'header' && p.required).map((p) => [p.name, String(filler(spec, p.schema))]),
      );
      if (!json && content[0] && !content[0].startsWith('multipart/')) headers['Content-Type'] = content[0];
      const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const param = parameters.find((p) => p.in === 'path' && p.name === name);
        return encodeURIComponent(String(param ? filler(spec, param.schema) : 'text'));
      });
      const security: Json[] = op.security ?? spec.security ?? [];
      operations.push({
        label: `${method.toUpperCase()} ${base}${template}`,
        operation: op,
        anonymous: security.some((requirement) => Object.keys(requirement).length === 0),
        bearer: security.some((requirement) => 'bearerAuth' in requirement),
        request: { method: method.toUpperCase(), path: `${base}${path}`, headers, json: json ? filler(spec, json) : undefined },
      });
    }
  }
  return operations;
}

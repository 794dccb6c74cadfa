/** The parts of an OpenAPI 3.1 document the in-app reference shows. */
export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string;
  /** Base path in front of `path`: the document's server, or the path's own (the gateway and docs live at /). */
  basePath: string;
  authenticated: boolean;
  parameters: { name: string; in: string; required: boolean; description: string }[];
  requestSchema: string | null;
  responses: { status: string; description: string }[];
}

export interface ApiReference {
  title: string;
  version: string;
  summary: string;
  basePath: string;
  groups: { tag: string; description: string; operations: ApiOperation[] }[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `#/components/schemas/SignupRequest` → `SignupRequest`. */
function schemaName(schema: unknown): string | null {
  const ref = str(obj(schema).$ref);
  if (ref) return ref.split('/').pop() ?? ref;
  const type = str(obj(schema).type);
  return type || null;
}

/** Follows a local `$ref` (`#/components/...`) once; anything else is returned as is. */
function resolveRef(document: Obj, raw: unknown): Obj {
  const ref = str(obj(raw).$ref);
  if (!ref.startsWith('#/')) return obj(raw);
  return ref
    .slice(2)
    .split('/')
    .reduce<Obj>((node, key) => obj(node[key]), document);
}

/** Flattens a parsed OpenAPI document into tag groups of operations, in document order. */
export function buildReference(raw: unknown): ApiReference {
  const document = obj(raw);
  const info = obj(document.info);
  const globalSecurity = arr(document.security).length > 0;
  const serverUrl = (node: Obj) => (arr(node.servers).length ? str(obj(arr(node.servers)[0]).url) : null);
  const documentBase = serverUrl(document) ?? '';
  const tagDescriptions = new Map(arr(document.tags).map((tag) => [str(obj(tag).name), str(obj(tag).description)]));
  const groups = new Map<string, ApiOperation[]>();

  for (const [path, item] of Object.entries(obj(document.paths))) {
    for (const method of METHODS) {
      const operation = obj(obj(item)[method]);
      if (Object.keys(operation).length === 0) continue;
      const tag = str(arr(operation.tags)[0]) || 'API';
      const security = operation.security === undefined ? globalSecurity : arr(operation.security).length > 0;
      const content = obj(obj(obj(operation.requestBody).content)['application/json']);
      const entry: ApiOperation = {
        id: str(operation.operationId) || `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: str(operation.summary),
        description: str(operation.description),
        tag,
        basePath: (serverUrl(operation) ?? serverUrl(obj(item)) ?? documentBase).replace(/\/$/, ''),
        authenticated: security,
        parameters: [...arr(obj(item).parameters), ...arr(operation.parameters)].map((param) => {
          const resolved = resolveRef(document, param);
          return {
            name: str(resolved.name),
            in: str(resolved.in),
            required: resolved.required === true,
            description: str(resolved.description),
          };
        }),
        requestSchema: Object.keys(content).length ? schemaName(content.schema) : null,
        responses: Object.entries(obj(operation.responses)).map(([status, response]) => ({
          status,
          description: str(resolveRef(document, response).description),
        })),
      };
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }

  return {
    title: str(info.title),
    version: str(info.version),
    summary: str(info.summary),
    basePath: documentBase,
    groups: [...groups].map(([tag, operations]) => ({ tag, description: tagDescriptions.get(tag) ?? '', operations })),
  };
}

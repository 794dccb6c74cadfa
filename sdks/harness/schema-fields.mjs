// openapi.yaml's component schemas as plain field tables, for the model tests of the Python, Go and
// PHP SDKs (each in its own language): `node sdks/harness/schema-fields.mjs` prints, as JSON,
//
//   { "<Schema>": { "fields": { "<name>": { "required": bool, "type": <type> } } }, ... }
//
// where a type is `{ "kind": "string" | "integer" | "number" | "boolean" | "array" | "object" |
// "map", "nullable"?: true, "enum"?: [...], "format"?: "date-time", "items"?: <type>,
// "fields"?: {...}, "values"?: <type> }` (`values`: the type of a map's values, or of the keys an
// object takes beyond its named fields). References are followed (an object is given by its
// fields), `allOf` is merged, `oneOf` of objects is one object whose fields not in every variant
// are optional, and a `null` variant, type or enum value makes the type nullable.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const spec = YAML.parse(fs.readFileSync(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), 'utf8'));
const resolve = (ref) => spec.components.schemas[ref.slice('#/components/schemas/'.length)];

/** The schema with references followed and `allOf` merged into one object. */
function flatten(schema) {
  if (schema.$ref) return flatten({ ...resolve(schema.$ref), ...omit(schema, '$ref') });
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(flatten);
  if (!parts.some((part) => part.properties)) return Object.assign({}, ...parts, omit(schema, 'allOf'));
  return {
    ...omit(schema, 'allOf'),
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), schema.properties),
    required: [...new Set(parts.flatMap((part) => part.required ?? []).concat(schema.required ?? []))],
  };
}

/** Keywords that say something about a schema without constraining its values. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated']);
const omit = (object, key) => Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));
const isNull = (schema) => schema.type === 'null' || (schema.enum?.length === 1 && schema.enum[0] === null);

function typeOf(raw) {
  const schema = flatten(raw);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    const rest = variants.filter((variant) => !isNull(flatten(variant)));
    const nullable = rest.length < variants.length;
    const type = rest.length === 1 ? typeOf(rest[0]) : union(rest.map((variant) => flatten(variant)));
    return nullable ? { ...type, nullable: true } : type;
  }
  let types = Array.isArray(schema.type) ? schema.type : [schema.type];
  let nullable = types.includes('null');
  types = types.filter((type) => type !== 'null');
  let values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values?.includes(null)) {
    nullable = true;
    values = values.filter((value) => value !== null);
  }
  const inferred = values?.length ? { string: 'string', boolean: 'boolean', number: 'number' }[typeof values[0]] : undefined;
  const kind = types[0] ?? inferred ?? (schema.properties ? 'object' : undefined);
  // A field that is always null where the schema stands (a value set only later).
  if (!kind && nullable) return { kind: 'null', nullable: true };
  // A schema of words only (`description`, `example`) allows any JSON value (an event's `data`).
  if (!kind && Object.keys(schema).every((key) => ANNOTATIONS.has(key))) return { kind: 'any' };
  if (!kind) throw new Error(`no type in ${JSON.stringify(raw)}`);
  const type = { kind };
  if (kind === 'string' && values) type.enum = values;
  if (kind === 'string' && schema.format === 'date-time') type.format = 'date-time';
  if (kind === 'array') type.items = typeOf(schema.items);
  if (kind === 'object') {
    if (schema.properties) type.fields = fieldsOf(schema);
    else type.kind = 'map';
    // Keys beyond the named ones (or any key, for a map): their values' type.
    if (typeof schema.additionalProperties === 'object') type.values = typeOf(schema.additionalProperties);
  }
  if (nullable) type.nullable = true;
  return type;
}

function fieldsOf(schema) {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.properties).map(([name, field]) => [name, { required: required.has(name), type: typeOf(field) }]),
  );
}

/** Variants of one object (a tagged union) as one object: a field not in every variant is optional. */
function union(variants) {
  const fields = {};
  for (const variant of variants) {
    for (const [name, field] of Object.entries(fieldsOf(variant))) {
      const seen = fields[name];
      const inAll = variants.every((other) => (other.required ?? []).includes(name));
      if (!seen) fields[name] = { ...field, required: inAll };
      else if (seen.type.enum && field.type.enum) seen.type.enum = [...new Set([...seen.type.enum, ...field.type.enum])];
    }
  }
  return { kind: 'object', fields };
}

const tables = {};
for (const [name, schema] of Object.entries(spec.components.schemas)) {
  const type = typeOf(schema);
  if (type.kind === 'object') tables[name] = { fields: type.fields };
}
process.stdout.write(`${JSON.stringify(tables)}\n`);

import type Joi from 'joi';

/** A JSON Schema 2020-12 object, the dialect of OpenAPI 3.1. */
export type JsonSchema = Record<string, unknown>;

interface Description {
  type: string;
  flags?: {
    presence?: string;
    default?: unknown;
    description?: string;
    only?: boolean;
    result?: string;
    unknown?: boolean;
    format?: unknown;
  };
  rules?: { name: string; args?: { limit?: number; regex?: string; enabled?: boolean } }[];
  allow?: unknown[];
  keys?: Record<string, Description>;
  items?: Description[];
  /** Keys matching a regex, or (`schema`) any key that schema accepts. */
  patterns?: { regex?: string; rule: Description }[];
  matches?: { schema: Description }[];
}

/** `/^a$/u` (as describe() writes a regex) -> `^a$`. */
const regexSource = (regex: string) => regex.slice(1, regex.lastIndexOf('/'));

const LIMITS: Record<string, Record<string, string>> = {
  string: { min: 'minLength', max: 'maxLength', length: 'minLength' },
  number: { min: 'minimum', max: 'maximum', greater: 'exclusiveMinimum', less: 'exclusiveMaximum' },
  array: { min: 'minItems', max: 'maxItems' },
  object: { min: 'minProperties', max: 'maxProperties' },
};

function base(d: Description): JsonSchema {
  switch (d.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: d.rules?.some((r) => r.name === 'integer') ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'array':
      return {
        type: 'array',
        ...(d.items?.length && {
          items: d.items.length === 1 ? toJsonSchema(d.items[0]) : { anyOf: d.items.map(toJsonSchema) },
        }),
      };
    case 'object': {
      const keys = Object.entries(d.keys ?? {}).filter(([, k]) => k.flags?.presence !== 'forbidden');
      const required = keys.filter(([, k]) => k.flags?.presence === 'required').map(([name]) => name);
      const anyKey = d.patterns?.find((p) => !p.regex);
      return {
        type: 'object',
        ...(d.keys && { properties: Object.fromEntries(keys.map(([name, k]) => [name, toJsonSchema(k)])) }),
        ...(required.length && { required }),
        ...(d.patterns?.some((p) => p.regex) && {
          patternProperties: Object.fromEntries(
            d.patterns.flatMap((p) => (p.regex ? [[regexSource(p.regex), toJsonSchema(p.rule)]] : [])),
          ),
        }),
        ...(anyKey && { additionalProperties: toJsonSchema(anyKey.rule) }),
        // Joi refuses unknown keys unless told otherwise; so does the document.
        ...(!d.flags?.unknown && !d.patterns?.length && { additionalProperties: false }),
      };
    }
    case 'alternatives':
      return { anyOf: (d.matches ?? []).map((m) => toJsonSchema(m.schema)) };
    default:
      return {};
  }
}

/** Converts a joi schema (through `describe()`) to the JSON Schema that the OpenAPI document shows. */
export function joiToJsonSchema(schema: Joi.Schema): JsonSchema {
  return toJsonSchema(schema.describe() as Description);
}

function toJsonSchema(d: Description): JsonSchema {
  const schema = base(d);
  for (const rule of d.rules ?? []) {
    const keyword = LIMITS[d.type]?.[rule.name];
    // A limit relative to another field (Joi.ref) has no JSON Schema form: the description says it.
    if (keyword && rule.args?.limit !== undefined && typeof rule.args.limit !== 'object')
      schema[keyword] = rule.args.limit;
    if (rule.name === 'length' && d.type === 'string') schema.maxLength = rule.args?.limit;
    if (rule.name === 'pattern' && rule.args?.regex) schema.pattern = regexSource(rule.args.regex);
    if (rule.name === 'email') schema.format = 'email';
    if (rule.name === 'guid') schema.format = 'uuid';
    if (rule.name === 'unique') schema.uniqueItems = true;
  }
  const allowed = d.allow ?? [];
  if (d.flags?.only) {
    schema.enum = allowed;
    delete schema.type;
  } else if (allowed.length) {
    if (allowed.includes(null) && typeof schema.type === 'string') schema.type = [schema.type, 'null'];
    const literals = allowed.filter((v) => v !== null);
    if (literals.length) return withFlags(d, { anyOf: [schema, { enum: literals }] });
  }
  return withFlags(d, schema);
}

function withFlags(d: Description, schema: JsonSchema): JsonSchema {
  if (d.flags?.description) schema.description = d.flags.description;
  if (d.flags?.default !== undefined && typeof d.flags.default !== 'function') schema.default = d.flags.default;
  if (d.flags?.result === 'strip') schema.description = schema.description ?? 'Accepted and ignored';
  return schema;
}

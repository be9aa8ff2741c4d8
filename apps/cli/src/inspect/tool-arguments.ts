// `kitchen call SERVER TOOL k=v … --args '{…}'`: the arguments a person typed, read against the
// tool's input schema (types from its properties, required ones present, unknown ones named, a
// value outside an enum refused with the choices) before anything is sent. App side.

export type ToolArgumentsResult = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  /** Titled choices: `oneOf: [{ const, title }]` (JSON Schema 2020-12, as MCP forms use them). */
  oneOf?: Array<{ const?: unknown; title?: string }>;
  anyOf?: Array<{ const?: unknown; title?: string }>;
  /** The older way to title an enum's values, one title per value. */
  enumNames?: string[];
  default?: unknown;
  items?: PropertySchema;
}

interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
  required?: string[];
  additionalProperties?: unknown;
}

export function readToolArguments(
  inputSchema: Record<string, unknown>,
  pairs: readonly string[],
  json: string | undefined,
): ToolArgumentsResult {
  const schema = inputSchema as ObjectSchema;
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const known = Object.keys(properties);
  const fields = known.length === 0 ? '(it takes no arguments)' : `its arguments are ${known.join(', ')}`;
  let input: Record<string, unknown> = {};
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      return {
        ok: false,
        message: `--args is not JSON (${(error as Error).message}); give an object, e.g. --args '{"count": 3}'`,
      };
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return { ok: false, message: `--args must be a JSON object, e.g. --args '{"count": 3}'` };
    }
    input = { ...(parsed as Record<string, unknown>) };
  }
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    const key = pair.slice(0, separator);
    const raw = pair.slice(separator + 1);
    const value = convert(raw, properties[key]);
    if (value === undefined) {
      return { ok: false, message: `${key}=${raw}: ${JSON.stringify(raw)} is not ${describeType(properties[key])}` };
    }
    input[key] = value;
  }
  const closed = schema.additionalProperties === false || known.length > 0;
  const unknown = Object.keys(input).filter((key) => !known.includes(key));
  if (closed && unknown.length > 0 && schema.additionalProperties !== true) {
    return { ok: false, message: `unknown argument ${unknown.map((key) => `"${key}"`).join(', ')}; ${fields}` };
  }
  for (const [key, value] of Object.entries(input)) {
    const problem = choiceProblem(properties[key], value);
    if (problem !== undefined) return { ok: false, message: `${key}=${formatValue(value)}: ${problem}` };
  }
  const missing = (schema.required ?? []).filter((key) => !(key in input));
  if (missing.length > 0) {
    return {
      ok: false,
      message: `missing required argument ${missing.map((key) => `"${key}"`).join(', ')}; ${fields}`,
    };
  }
  return { ok: true, input };
}

/**
 * A short form of a tool's arguments for a listing: `count: integer* = 1, size: small|large`
 * (* required; an enum's values, titled ones as `value "Title"`; `= x` the default).
 */
export function summariseArguments(inputSchema: Record<string, unknown>): string {
  const schema = inputSchema as ObjectSchema;
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const required = new Set(schema.required ?? []);
  return Object.entries(properties)
    .map(([name, property]) => {
      const choices = choicesOf(property) ?? choicesOf(property.items);
      const kind =
        choices === undefined
          ? typesOf(property).join('|') || 'any'
          : `${property.items === undefined ? '' : '['}${choices.map(describeChoice).join('|')}${property.items === undefined ? '' : ']'}`;
      const fallback = property.default === undefined ? '' : ` = ${formatValue(property.default)}`;
      return `${name}: ${kind}${required.has(name) ? '*' : ''}${fallback}`;
    })
    .join(', ');
}

export interface Choice {
  value: unknown;
  title?: string;
}

/** The values a property allows, with their titles where the schema gives them; undefined when it is free. */
export function choicesOf(property: PropertySchema | undefined): Choice[] | undefined {
  if (property === undefined) return undefined;
  if (Array.isArray(property.enum)) {
    return property.enum.map((value, index) => {
      const title = property.enumNames?.[index];
      return title === undefined ? { value } : { value, title };
    });
  }
  const options = property.oneOf ?? property.anyOf;
  if (Array.isArray(options) && options.length > 0 && options.every((option) => 'const' in option)) {
    return options.map((option) =>
      option.title === undefined ? { value: option.const } : { value: option.const, title: option.title },
    );
  }
  if ('const' in property) return [{ value: property.const }];
  return undefined;
}

/** Why a value is not one of the property's choices (for an array, each item's), or undefined when it is. */
function choiceProblem(property: PropertySchema | undefined, value: unknown): string | undefined {
  const choices = choicesOf(property);
  const offered = (list: Choice[]) => list.map(describeChoice).join(', ');
  if (choices !== undefined) {
    if (choices.some((choice) => sameValue(choice.value, value))) return undefined;
    return `${formatValue(value)} is not one of the allowed values: ${offered(choices)}`;
  }
  const itemChoices = choicesOf(property?.items);
  if (itemChoices !== undefined && Array.isArray(value)) {
    const outside = value.find((item) => !itemChoices.some((choice) => sameValue(choice.value, item)));
    if (outside !== undefined)
      return `${formatValue(outside)} is not one of the allowed values: ${offered(itemChoices)}`;
  }
  return undefined;
}

function describeChoice(choice: Choice): string {
  const value = formatValue(choice.value);
  return choice.title === undefined || choice.title === value ? value : `${value} "${choice.title}"`;
}

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function sameValue(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}

function convert(raw: string, property: PropertySchema | undefined): unknown {
  const types = typesOf(property);
  if (types.length === 0 || types.includes('string')) {
    // A string property keeps the text as typed; an untyped one takes JSON when it parses.
    if (types.includes('string')) return raw;
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    const number = Number(raw);
    if (raw.trim() !== '' && Number.isFinite(number) && (types.includes('number') || Number.isInteger(number))) {
      return number;
    }
  }
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  if (types.includes('null') && raw === 'null') return null;
  if (types.includes('array') || types.includes('object')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (types.includes('array') ? Array.isArray(parsed) : typeof parsed === 'object' && parsed !== null) {
        return parsed;
      }
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function typesOf(property: PropertySchema | undefined): string[] {
  if (property?.type === undefined) return [];
  return Array.isArray(property.type) ? property.type : [property.type];
}

function describeType(property: PropertySchema | undefined): string {
  const types = typesOf(property);
  const words: Record<string, string> = {
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
    array: 'a JSON array',
    object: 'a JSON object',
    null: 'null',
  };
  return types.map((type) => words[type] ?? type).join(' or ');
}

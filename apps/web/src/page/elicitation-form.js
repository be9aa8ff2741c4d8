// @ts-check
// Reads a server's elicitation form (MCP's flat schema) into fields the page can draw, and what a
// person filled in back into the content the server asked for. App side, no DOM: unit-tested in
// Node. The host checks the answer against the schema again before it leaves the kitchen.

/**
 * @typedef {{ value: string; label: string }} FieldOption
 * @typedef {{ name: string; label: string; description?: string;
 *   kind: 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices';
 *   options: FieldOption[]; required: boolean; minimum?: number; maximum?: number;
 *   format?: string; defaultValue?: unknown }} FormField
 * @typedef {string | boolean | string[]} TypedValue  what an input gives: text, a checkbox, a set of boxes
 */

/**
 * @param {Record<string, unknown>} schema the requestedSchema of an elicitation-request
 * @returns {FormField[]}
 */
export function formFields(schema) {
  const properties = isRecord(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((name) => typeof name === 'string')
    : [];
  return Object.entries(properties).map(([name, raw]) => {
    const property = isRecord(raw) ? raw : {};
    /** @type {FormField} */
    const field = {
      name,
      label: typeof property['title'] === 'string' ? property['title'] : name,
      kind: 'text',
      options: [],
      required: required.includes(name),
    };
    if (typeof property['description'] === 'string') field.description = property['description'];
    if (typeof property['minimum'] === 'number') field.minimum = property['minimum'];
    if (typeof property['maximum'] === 'number') field.maximum = property['maximum'];
    if (typeof property['format'] === 'string') field.format = property['format'];
    if ('default' in property) field.defaultValue = property['default'];
    const type = property['type'];
    if (type === 'boolean' || type === 'number' || type === 'integer') {
      field.kind = type;
    } else if (type === 'array') {
      field.kind = 'choices';
      field.options = optionsOf(isRecord(property['items']) ? property['items'] : {});
    } else {
      const options = optionsOf(property);
      if (options.length > 0) {
        field.kind = 'choice';
        field.options = options;
      }
    }
    return field;
  });
}

/**
 * Turns what the inputs hold into the form's content: numbers parsed, empty optional fields left
 * out. Problems name the field, as the host's own check does.
 * @param {FormField[]} fields
 * @param {Record<string, TypedValue | undefined>} typed
 * @returns {{ content: Record<string, string | number | boolean | string[]> } | { problems: string[] }}
 */
export function formContent(fields, typed) {
  /** @type {Record<string, string | number | boolean | string[]>} */
  const content = {};
  const problems = [];
  for (const field of fields) {
    const value = typed[field.name];
    if (field.kind === 'boolean') {
      content[field.name] = value === true;
      continue;
    }
    if (field.kind === 'choices') {
      const chosen = Array.isArray(value) ? value : [];
      if (chosen.length > 0 || field.required) content[field.name] = chosen;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      if (field.required) problems.push(`${field.label} is required.`);
      continue;
    }
    if (field.kind === 'number' || field.kind === 'integer') {
      const number = Number(text);
      if (!Number.isFinite(number)) problems.push(`${field.label} must be a number.`);
      else if (field.kind === 'integer' && !Number.isInteger(number))
        problems.push(`${field.label} must be a whole number.`);
      else if (field.minimum !== undefined && number < field.minimum)
        problems.push(`${field.label} must be at least ${field.minimum}.`);
      else if (field.maximum !== undefined && number > field.maximum)
        problems.push(`${field.label} must be at most ${field.maximum}.`);
      else content[field.name] = number;
      continue;
    }
    content[field.name] = text;
  }
  return problems.length > 0 ? { problems } : { content };
}

/** enum (+ legacy enumNames), oneOf / anyOf of {const, title}. @param {Record<string, unknown>} property @returns {FieldOption[]} */
function optionsOf(property) {
  const names = Array.isArray(property['enumNames']) ? property['enumNames'] : [];
  if (Array.isArray(property['enum'])) {
    return property['enum'].map((value, index) => ({
      value: String(value),
      label: typeof names[index] === 'string' ? names[index] : String(value),
    }));
  }
  const listed = Array.isArray(property['oneOf'])
    ? property['oneOf']
    : Array.isArray(property['anyOf'])
      ? property['anyOf']
      : [];
  return listed.filter(isRecord).map((option) => ({
    value: String(option['const']),
    label: typeof option['title'] === 'string' ? option['title'] : String(option['const']),
  }));
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

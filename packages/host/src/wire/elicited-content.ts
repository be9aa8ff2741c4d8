// Checking a user's answer against the flat form a server sent with elicitation/create (MCP's
// restricted schema: string, number, integer, boolean, single- and multi-select enums). Host side.

import type { ElicitRequestFormParams, PrimitiveSchemaDefinition } from '@modelcontextprotocol/sdk/types.js';

export type ElicitationSchema = ElicitRequestFormParams['requestedSchema'];
export type ElicitedValue = string | number | boolean | string[];

/** Problems with an accepted answer, one sentence each naming the field; empty when it fits. */
export function findContentProblems(schema: ElicitationSchema, content: Record<string, unknown> | undefined): string[] {
  const answer = content ?? {};
  const problems: string[] = [];
  for (const name of schema.required ?? []) {
    if (answer[name] === undefined) problems.push(`${name} is required.`);
  }
  for (const [name, value] of Object.entries(answer)) {
    const field = schema.properties[name];
    if (field === undefined) {
      problems.push(`${name} is not a field of this form (fields: ${Object.keys(schema.properties).join(', ')}).`);
      continue;
    }
    const problem = findValueProblem(field, value);
    if (problem !== undefined) problems.push(`${name} ${problem}.`);
  }
  return problems;
}

/** What is wrong with one value for one field, or undefined. */
function findValueProblem(field: PrimitiveSchemaDefinition, value: unknown): string | undefined {
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return `must be a ${field.type === 'integer' ? 'whole number' : 'number'}`;
      if (field.type === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
      if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}`;
      if (field.maximum !== undefined && value > field.maximum) return `must be at most ${field.maximum}`;
      return undefined;
    }
    case 'array': {
      const allowed = 'enum' in field.items ? field.items.enum : field.items.anyOf.map((option) => option.const);
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return 'must be a list of choices';
      const unknown = value.find((item) => !allowed.includes(item));
      if (unknown !== undefined) return `has "${unknown}", which is not one of: ${allowed.join(', ')}`;
      if (field.minItems !== undefined && value.length < field.minItems)
        return `needs at least ${field.minItems} choice(s)`;
      if (field.maxItems !== undefined && value.length > field.maxItems)
        return `allows at most ${field.maxItems} choice(s)`;
      return undefined;
    }
    case 'string': {
      if (typeof value !== 'string') return 'must be text';
      const choices =
        'enum' in field ? field.enum : 'oneOf' in field ? field.oneOf.map((option) => option.const) : undefined;
      if (choices !== undefined) return choices.includes(value) ? undefined : `must be one of: ${choices.join(', ')}`;
      if ('minLength' in field && field.minLength !== undefined && value.length < field.minLength)
        return `must be at least ${field.minLength} characters`;
      if ('maxLength' in field && field.maxLength !== undefined && value.length > field.maxLength)
        return `must be at most ${field.maxLength} characters`;
      if ('format' in field && field.format !== undefined && !FORMATS[field.format](value))
        return `must be a valid ${field.format}`;
      return undefined;
    }
  }
}

const FORMATS: Record<'email' | 'uri' | 'date' | 'date-time', (value: string) => boolean> = {
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => URL.canParse(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  'date-time': (value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
};

/**
 * Reads what a person typed for one field (a terminal prompt gets text) into the value the form
 * wants: numbers, yes/no, comma-separated choices. Gives back a problem sentence instead when it
 * does not fit.
 */
export function readFieldAnswer(
  field: PrimitiveSchemaDefinition,
  typed: string,
): { value: ElicitedValue } | { problem: string } {
  const text = typed.trim();
  let value: ElicitedValue;
  switch (field.type) {
    case 'boolean':
      if (/^(y|yes|true)$/i.test(text)) value = true;
      else if (/^(n|no|false)$/i.test(text)) value = false;
      else return { problem: 'answer yes or no' };
      break;
    case 'number':
    case 'integer':
      value = text === '' ? Number.NaN : Number(text);
      break;
    case 'array':
      value = text === '' ? [] : text.split(',').map((item) => item.trim());
      break;
    case 'string':
      value = text;
      break;
  }
  const problem = findValueProblem(field, value);
  return problem === undefined ? { value } : { problem };
}

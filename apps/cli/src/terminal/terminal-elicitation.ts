// A server's question (elicitation/create) at an interactive terminal: shows the message and the
// form's fields, reads each field, checks it against the form and answers accept, decline or
// cancel. App side; the host's elicitation handler sends the answer back to the server.

import {
  type ElicitationAnswer,
  type ElicitationQuestion,
  type ElicitedValue,
  type Person,
  readFieldAnswer,
} from '@kitchen/host';
import { cleanText } from '@kitchen/runtime/text/clean-text';
import type { PrimitiveSchemaDefinition } from '@modelcontextprotocol/sdk/types.js';
import { paint } from './paint.js';
import type { TerminalPrompt } from './terminal-prompt.js';

export const ELICITATION_HELP =
  'Enter takes the default shown in [brackets]; Enter on a first field without one, or decline, declines; type cancel or press Ctrl-D to cancel.';

export function createTerminalElicitationAsker(options: { prompt: TerminalPrompt; color: boolean }): Person['fillIn'] {
  const { color } = options;
  return (question, signal) =>
    options.prompt.ask(async (reader): Promise<ElicitationAnswer> => {
      if (signal.aborted) return { action: 'cancel' };
      const fields = Object.entries(question.schema.properties);
      const required = new Set(question.schema.required ?? []);
      for (const line of describeForm(question, color)) reader.say(line);
      const content: Record<string, ElicitedValue> = {};
      for (const [index, [name, field]] of fields.entries()) {
        for (;;) {
          // The default is in the prompt itself, where the person's eye is when they press Enter.
          const fallback = field.default === undefined ? '' : ` [${cleanText(formatDefault(field.default))}]`;
          const reply = await reader.readLine(`${paint('bold', name, color)}${fallback}: `, signal);
          if (reply.kind !== 'line') return { action: 'cancel' };
          const typed = reply.text.trim();
          if (typed.toLowerCase() === 'cancel') return { action: 'cancel' };
          if (typed.toLowerCase() === 'decline') return { action: 'decline' };
          if (typed === '') {
            if (field.default !== undefined) {
              content[name] = field.default as ElicitedValue;
              break;
            }
            if (index === 0) return { action: 'decline' };
            if (!required.has(name)) break;
            reader.say(paint('yellow', `   ${name} is required: type a value, or cancel.`, color));
            continue;
          }
          const read = readFieldAnswer(field, choiceByNumber(field, typed));
          if ('problem' in read) {
            reader.say(paint('yellow', `   ${name}: ${read.problem}; try again, or cancel.`, color));
            continue;
          }
          content[name] = read.value;
          break;
        }
      }
      return { action: 'accept', content };
    });
}

/** The question, one line per field (what it wants, whether it is required), and how to get out. */
export function describeForm(question: ElicitationQuestion, color: boolean): string[] {
  const required = new Set(question.schema.required ?? []);
  const lines = [paint('yellow', `❓ ${cleanText(question.server)} asks: ${cleanText(question.message)}`, color)];
  if (question.problem !== undefined)
    lines.push(paint('yellow', `   The last answer did not fit the form: ${cleanText(question.problem)}`, color));
  for (const [name, field] of Object.entries(question.schema.properties)) {
    const title =
      field.title === undefined || field.title.toLowerCase() === name.toLowerCase()
        ? ''
        : ` (${cleanText(field.title)})`;
    const description = field.description === undefined ? '' : ` — ${cleanText(field.description)}`;
    lines.push(
      `   ${name}${title}: ${describeField(field)}${required.has(name) ? ', required' : ', optional'}${description}`,
    );
  }
  lines.push(paint('dim', `   ${ELICITATION_HELP}`, color));
  return lines;
}

function describeField(field: PrimitiveSchemaDefinition): string {
  const fallback = field.default === undefined ? '' : ` (Enter: ${JSON.stringify(field.default)})`;
  switch (field.type) {
    case 'boolean':
      return `yes or no${fallback}`;
    case 'number':
    case 'integer': {
      const kind = field.type === 'integer' ? 'whole number' : 'number';
      const range =
        field.minimum !== undefined && field.maximum !== undefined
          ? ` from ${field.minimum} to ${field.maximum}`
          : field.minimum !== undefined
            ? ` of at least ${field.minimum}`
            : field.maximum !== undefined
              ? ` of at most ${field.maximum}`
              : '';
      return `${kind}${range}${fallback}`;
    }
    case 'array':
      return `one or more of ${numbered(choicesOf(field) ?? [])}, separated by commas${fallback}`;
    case 'string': {
      const choices = choicesOf(field);
      if (choices !== undefined) return `one of ${numbered(choices)}${fallback}`;
      const format = 'format' in field && field.format !== undefined ? ` (${field.format})` : '';
      return `text${format}${fallback}`;
    }
  }
}

/** A default as a person would type it: yes/no, a number, text, or choices separated by commas. */
function formatDefault(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** A choice of an enum field: the value sent, and the title shown beside it when the form gives one. */
interface FieldChoice {
  value: string;
  title?: string;
}

/**
 * The choices a field offers, for enums and multi-selects, with their titles (`oneOf`/`anyOf`
 * const + title, or the older `enumNames`); undefined for free fields.
 */
function choicesOf(field: PrimitiveSchemaDefinition): FieldChoice[] | undefined {
  const titled = (value: string, title: string | undefined): FieldChoice =>
    title === undefined || title === value ? { value } : { value, title };
  if (field.type === 'array') {
    return 'enum' in field.items
      ? field.items.enum.map((value) => ({ value }))
      : field.items.anyOf.map((option) => titled(option.const, option.title));
  }
  if (field.type !== 'string') return undefined;
  if ('enum' in field) {
    const names = 'enumNames' in field && Array.isArray(field.enumNames) ? (field.enumNames as string[]) : [];
    return field.enum.map((value, index) => titled(value, names[index]));
  }
  if ('oneOf' in field) return field.oneOf.map((option) => titled(option.const, option.title));
  return undefined;
}

function numbered(choices: FieldChoice[]): string {
  return choices
    .map(
      (choice, index) =>
        `${index + 1}) ${cleanText(choice.value)}${choice.title === undefined ? '' : ` "${cleanText(choice.title)}"`}`,
    )
    .join(' ');
}

/**
 * "2" picks the second choice of a single-choice field, and "1, 3" the first and third of a
 * multi-select; a choice's title picks it too. Anything else is read as typed.
 */
function choiceByNumber(field: PrimitiveSchemaDefinition, typed: string): string {
  const choices = choicesOf(field);
  if (choices === undefined) return typed;
  const pick = (word: string): string => {
    const trimmed = word.trim();
    if (/^\d+$/.test(trimmed)) return choices[Number(trimmed) - 1]?.value ?? trimmed;
    return choices.find((choice) => choice.title?.toLowerCase() === trimmed.toLowerCase())?.value ?? trimmed;
  };
  return field.type === 'array' ? typed.split(',').map(pick).join(', ') : pick(typed);
}

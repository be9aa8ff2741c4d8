// Checks a Messages API reply before the kitchen reads it, so a malformed one (a proxy's HTML page,
// a body that lost its content, a field of the wrong type) becomes one sentence naming the API,
// its base URL and what was wrong, instead of a JavaScript error deep in the mapping. Host side.

import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { ModelApiError } from '../model-errors.js';

const STOP_REASONS = [
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'refusal',
  'pause_turn',
  'model_context_window_exceeded',
] as const;

const replySchema = z.looseObject({
  content: z.array(z.looseObject({ type: z.string() })),
  stop_reason: z.enum(STOP_REASONS),
  model: z.string(),
  usage: z.looseObject({
    input_tokens: z.number().int().min(0),
    output_tokens: z.number().int().min(0),
    cache_creation_input_tokens: z.number().int().min(0).nullish(),
    cache_read_input_tokens: z.number().int().min(0).nullish(),
  }),
});
const textBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const toolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
});

/** The reply as a message the mapping can read, or a ModelApiError ("model-bad-response") saying what was wrong. */
export function checkApiReply(reply: unknown, baseURL: string): Anthropic.Message {
  const problem = replyProblem(reply);
  if (problem !== undefined) throw badReply(baseURL, problem);
  return reply as Anthropic.Message;
}

/** A reply whose body is not JSON at all (the SDK's JSON.parse threw). */
export function unreadableReply(baseURL: string, error: SyntaxError): ModelApiError {
  return badReply(baseURL, `its body is not JSON (${error.message})`);
}

function badReply(baseURL: string, problem: string): ModelApiError {
  return new ModelApiError(
    'model-bad-response',
    `The Anthropic API at ${baseURL} sent a reply that is not a Messages API message: ${problem}. Check the base URL (ANTHROPIC_BASE_URL) points at the Messages API.`,
    { retryable: false },
  );
}

function replyProblem(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply))
    return `the body is ${describeValue(reply)}, not a JSON object`;
  const parsed = replySchema.safeParse(reply);
  if (!parsed.success) return issueText(parsed.error.issues[0], reply);
  for (const [index, block] of parsed.data.content.entries()) {
    const schema = block.type === 'text' ? textBlock : block.type === 'tool_use' ? toolUseBlock : undefined;
    const checked = schema?.safeParse(block);
    if (checked !== undefined && !checked.success) return issueText(checked.error.issues[0], block, `content.${index}`);
  }
  return undefined;
}

function issueText(issue: z.core.$ZodIssue | undefined, value: unknown, where?: string): string {
  if (issue === undefined) return 'it could not be read';
  const path = issue.path.map(String).join('.');
  const field = [where, path].filter((part) => part !== undefined && part !== '').join('.');
  const found = issue.path.reduce<unknown>(
    (inside, key) =>
      typeof inside === 'object' && inside !== null ? (inside as Record<PropertyKey, unknown>)[key] : undefined,
    value,
  );
  if (found === undefined) return `"${field}" is missing`;
  if (issue.code === 'invalid_value') return `"${field}" is ${JSON.stringify(found)}, which the API does not define`;
  return `"${field}" is ${describeValue(found)}, expected ${expectedOf(issue)}`;
}

function expectedOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_type') return issue.message;
  return `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `text (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
  return `a ${typeof value}`;
}

// The JSON bodies the web UI's API accepts, validated once with zod, and the one-line message a
// bad one gets: the field, what is wrong, and what to send instead. App side.

import { MODEL_CHOICES } from '@kitchen/runtime/config/create-model';
import { z } from 'zod';
import { MAX_PACE_MS } from './paced-model.js';

export const MAX_TASK_LENGTH = 4000;

/** A model name as the Messages API spells one (claude-haiku-4-5), or offline. */
const MODEL_NAME = /^[a-z0-9][a-z0-9.-]{0,63}$/;

export const startRunBody = z.strictObject({
  task: z.string().trim().min(1).max(MAX_TASK_LENGTH),
  model: z.enum(MODEL_CHOICES).optional(),
  paceMs: z.number().int().min(0).max(MAX_PACE_MS).optional(),
  /** This run's workers: their model and the only tools they get (of the main agent's); the rest as configured. */
  workers: z
    .strictObject({
      model: z.string().trim().regex(MODEL_NAME).optional(),
      tools: z.array(z.string().trim().min(1).max(100)).min(1).max(100).optional(),
    })
    .optional(),
});

export const approvalAnswerBody = z.strictObject({
  approved: z.boolean(),
  reason: z.string().trim().max(500).optional(),
  always: z.boolean().optional(),
});

const elicitedValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.array(z.string().max(2000)).max(100)]);

export const handCallBody = z.strictObject({
  arguments: z.record(z.string(), z.unknown()),
  /** The model that answers the server's sampling requests; the kitchen's --model (auto: offline) by default. */
  model: z.enum(MODEL_CHOICES).optional(),
  /** false: answer 202 with the call's id at once, to follow at GET /api/hand-calls/:id (its questions too). */
  wait: z.boolean().optional(),
});

/** prompts/get by hand: the prompt's arguments, all strings. */
export const getPromptBody = z.strictObject({
  arguments: z.record(z.string(), z.string().max(10_000)).default({}),
});

/** completion/complete by hand: a prompt's argument or a resource template's variable, and what was typed. */
export const completeBody = z.strictObject({
  ref: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ref/prompt'), name: z.string().min(1) }),
    z.strictObject({ type: z.literal('ref/resource'), uri: z.string().min(1) }),
  ]),
  argument: z.string().min(1),
  value: z.string().max(1_000).default(''),
  context: z.record(z.string(), z.string()).optional(),
});

/** resources/read by hand: one URI the server listed (or one a template makes). */
export const readResourceBody = z.strictObject({ uri: z.string().min(1).max(2_048) });

export const elicitationAnswerBody = z.strictObject({
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z.record(z.string(), elicitedValue).optional(),
});

const FIXES: Record<string, string> = {
  task: `send the task as text, 1 to ${MAX_TASK_LENGTH} characters, e.g. {"task": "Roll 3 dice"}`,
  model: 'use "offline", "anthropic" or "auto", or leave it out',
  paceMs: `send a whole number of milliseconds from 0 to ${MAX_PACE_MS} to wait before each model call, or leave it out`,
  always: 'send true with "approved": true to allow this tool for the rest of the run, or leave it out',
  workers:
    'send an object with "model" and/or "tools", e.g. {"workers": {"model": "offline", "tools": ["inspect_jar"]}}',
  'workers.model': 'name a Claude model (e.g. "claude-haiku-4-5") or "offline", or leave it out',
  'workers.tools':
    'send a list of tool names, e.g. ["list_jars", "inspect_jar"], or leave it out (workers get every tool)',
  approved: 'send true to allow the call or false to refuse it, e.g. {"approved": true}',
  reason: 'send a short sentence (at most 500 characters), or leave it out',
  action: 'use "accept", "decline" or "cancel"',
  arguments: 'send the tool\'s arguments as a JSON object, e.g. {"arguments": {"count": 3}}',
  content: 'send an object of field values (text, numbers, true/false or lists of text), e.g. {"servings": 4}',
};

export type BodyResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Parses a request body; the message names the first bad field and the fix. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): BodyResult<T> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, message: 'The body must be a JSON object sent with Content-Type: application/json.' };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  if (issue === undefined) return { ok: false, message: 'The body is not valid.' };
  const where = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const prefix = where.map((part) => `${part}.`).join('');
    const fields = where.length === 0 ? fieldsOf(schema) : FIXES[where.join('.')];
    return {
      ok: false,
      message: `Unknown field ${issue.keys.map((key) => `"${prefix}${key}"`).join(', ')}; ${where.length === 0 ? `the fields are ${fields}` : fields}.`,
    };
  }
  // The field the issue is about, "workers.tools" for a bad list (not "workers.tools.0").
  const path = where.filter((part) => !/^\d+$/.test(part));
  const field = FIXES[path.slice(0, 2).join('.')] === undefined ? (path[0] ?? '') : path.slice(0, 2).join('.');
  const value = field
    .split('.')
    .reduce<unknown>((inside, key) => (inside as Record<string, unknown> | undefined)?.[key], body);
  const what = value === undefined ? 'is missing' : `is not allowed (${issue.message})`;
  return { ok: false, message: `"${field}" ${what}; ${FIXES[field] ?? `the fields are ${fieldsOf(schema)}`}.` };
}

function fieldsOf(schema: z.ZodType): string {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.keys(shape)
    .map((key) => `"${key}"`)
    .join(', ');
}

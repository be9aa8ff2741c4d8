// Reads the host's answers to the chef's questions from a retried call's `inputResponses`. They
// come from the client, so they are untrusted: anything that is not the kind of answer asked for
// reads as missing, and the chef asks again (the SDK caps the rounds). Server side.

import { inputResponse } from '@modelcontextprotocol/server';

export type CritiqueAnswer =
  | { kind: 'missing' }
  | { kind: 'not text'; contentType: string }
  | { kind: 'text'; text: string; model: string; stopReason: string };

/** The host's model call, as the answer to the sampling request under `key`. */
export function readCritiqueAnswer(responses: Record<string, unknown> | undefined, key: string): CritiqueAnswer {
  const view = inputResponse(responses, key);
  if (view.kind !== 'sampling') return { kind: 'missing' };
  const { content, model, stopReason } = view.result;
  // A model call made with tools may answer with several blocks; the chef asked for one text.
  const block = Array.isArray(content) ? content[0] : content;
  if (block?.type !== 'text') return { kind: 'not text', contentType: block?.type ?? 'no' };
  return { kind: 'text', text: block.text, model: String(model), stopReason: stopReason ?? 'unknown' };
}

export type FillingAnswer =
  | { action: 'missing' }
  | { action: 'decline' | 'cancel' }
  | { action: 'accept'; content: Record<string, unknown> | undefined };

/** The user's answer to the form under `key`; its content is checked against the form by the caller. */
export function readFillingAnswer(responses: Record<string, unknown> | undefined, key: string): FillingAnswer {
  const view = inputResponse(responses, key);
  if (view.kind !== 'elicit') return { action: 'missing' };
  if (view.action === 'accept') return { action: 'accept', content: view.content };
  return { action: view.action };
}

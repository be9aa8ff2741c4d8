// The config's "model" section: an Anthropic-compatible endpoint (a local runtime, a proxy), the
// model it serves and, if it costs anything, its price. Below --base-url, --model-name and the
// environment in precedence. Runtime side; checked once, with the field and the fix.

import type { ModelPrice } from '@kitchen/host';
import { withDefined } from '@kitchen/host';
import { z } from 'zod';

export interface ModelSection {
  /** The endpoint's base URL, without /v1 (the Messages API's path is /v1/messages). */
  baseUrl?: string;
  /** The model the endpoint serves, e.g. "qwen3:8b". */
  name?: string;
  /** Cents per million tokens; a model at a non-Anthropic URL is priced 0 without it. */
  price?: ModelPrice;
}

const EXAMPLE = '{"model": {"baseUrl": "http://localhost:11434", "name": "qwen3:8b"}}';

const FIXES: Record<string, string> = {
  baseUrl: 'give the endpoint\'s URL without /v1, e.g. "http://localhost:11434"',
  name: 'name the model the endpoint serves, e.g. "qwen3:8b"',
  price: 'give cents per million tokens, e.g. {"inputPerMillion": 30, "outputPerMillion": 60}',
};

const perMillion = z.number().min(0).max(1_000_000);
const section = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  name: z.string().trim().min(1).optional(),
  price: z.strictObject({ inputPerMillion: perMillion, outputPerMillion: perMillion }).optional(),
});

export function parseModelSection(
  input: unknown,
  shown: string,
): { ok: true; model?: ModelSection } | { ok: false; message: string } {
  if (input === undefined) return { ok: true };
  const parsed = section.safeParse(input);
  if (parsed.success) {
    const { baseUrl, name, price } = parsed.data;
    return {
      ok: true,
      model: {
        ...withDefined({ baseUrl, name, price }),
      },
    };
  }
  const issue = parsed.error.issues[0];
  if (issue === undefined || issue.path.length === 0)
    return {
      ok: false,
      message:
        issue?.code === 'unrecognized_keys'
          ? `${shown}: unknown field ${issue.keys.map((key) => `"model.${key}"`).join(', ')}; "model" holds "baseUrl", "name" and "price"`
          : `${shown}: "model" must be an object; fix: e.g. ${EXAMPLE}`,
    };
  const field = String(issue.path[0]);
  return {
    ok: false,
    message: `${shown}: "model.${issue.path.map(String).join('.')}" is not allowed (${issue.message}); fix: ${FIXES[field] ?? EXAMPLE}`,
  };
}

// Reading tool results the way the servers write them: one JSON object as text (docs/servers.md).
// Host side; this is an edge, so results are checked with zod and anything else is "unreadable".

import { z } from 'zod';

/** The JSON in a tool result: the whole text, or the first {...} in it when a host added words around. */
export function parseJsonResult(content: string): unknown {
  const attempts = [content.trim()];
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start >= 0 && end > start) attempts.push(content.slice(start, end + 1));
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt) as unknown;
    } catch {
      // not JSON; try the next reading
    }
  }
  return undefined;
}

export const inspectionSchema = z.object({
  id: z.number().int(),
  label: z.string().optional(),
  seal: z.string(),
  expectedGrams: z.number(),
  measuredGrams: z.number(),
  toleranceGrams: z.number().nonnegative(),
  note: z.string().nullish(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

export const listingSchema = z.object({
  total: z.number().int().nonnegative(),
  jars: z.array(z.object({ id: z.number().int(), label: z.string().optional() })),
});
export type Listing = z.infer<typeof listingSchema>;

export function readInspection(content: string): Inspection | undefined {
  const parsed = inspectionSchema.safeParse(parseJsonResult(content));
  return parsed.success ? parsed.data : undefined;
}

export function readListing(content: string): Listing | undefined {
  const parsed = listingSchema.safeParse(parseJsonResult(content));
  return parsed.success ? parsed.data : undefined;
}

/** The first line of a tool's error text, short enough to quote in a sentence (no final full stop). */
export function errorSummary(content: string, maxLength = 400): string {
  const parsed = parseJsonResult(content);
  const fromJson =
    typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string'
      ? (parsed as { error: string }).error
      : undefined;
  const line = (fromJson ?? content).split('\n').find((candidate) => candidate.trim() !== '') ?? 'no details';
  const trimmed = line
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '');
  return trimmed.length > maxLength ? `${trimmed.slice(0, maxLength - 1)}…` : trimmed;
}

/** A short "key: value" rendering of a JSON result, for reports about tools the model does not know. */
export function summariseResult(content: string, maxLength = 400): string {
  const parsed = parseJsonResult(content);
  const text =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? Object.entries(parsed)
          .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
          .join('; ')
      : content.trim().replace(/\s+/g, ' ');
  return text.length > maxLength ? `${text.slice(0, maxLength - 3)}...` : text;
}

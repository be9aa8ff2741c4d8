// The name a model API accepts for a tool, from the name the index chose. Host side: the
// descriptor keeps the server's real name, so dispatch maps the model-facing name back to it.

import { createHash } from 'node:crypto';

/** What every model API the kitchen speaks accepts as a tool name (Anthropic's rule). */
export const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
export const MAX_MODEL_TOOL_NAME = 64;

/** Hex digits of the real name's hash added to a name that was too long or taken. */
const HASH_DIGITS = 8;

/**
 * `wanted` with every character a model API refuses replaced by "_" (after NFKC, so fullwidth
 * letters stay letters). Kept as it is when that fits; when it is too long, empty, or `isTaken`
 * says another tool has it, it is cut and given `_` and a hash of the real server and name, which
 * is stable from run to run and differs between two real names (longer hashes if ever needed).
 */
export function modelFacingName(
  wanted: string,
  real: { server: string; name: string },
  isTaken: (name: string) => boolean,
): string {
  const valid = validCharacters(wanted);
  if (MODEL_TOOL_NAME.test(valid) && /[a-zA-Z0-9]/.test(valid) && !isTaken(valid)) return valid;
  const digest = createHash('sha256').update(`${real.server}\u0000${real.name}`).digest('hex');
  for (let digits = HASH_DIGITS; digits <= 3 * HASH_DIGITS; digits += 4) {
    const suffix = `_${digest.slice(0, digits)}`;
    const candidate = `${valid.slice(0, MAX_MODEL_TOOL_NAME - suffix.length)}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
  // Every hash length taken: only a list built to collide gets here; count up until free.
  for (let attempt = 2; ; attempt++) {
    const suffix = `_${digest.slice(0, HASH_DIGITS)}_${attempt}`;
    const candidate = `${valid.slice(0, MAX_MODEL_TOOL_NAME - suffix.length)}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/** `wanted` with every character a model API refuses replaced by "_", after NFKC. */
export function validCharacters(wanted: string): string {
  return wanted.normalize('NFKC').replace(/[^a-zA-Z0-9_-]/g, '_');
}

// Decides whether a name can become servers/<name>: lowercase words joined by dashes, not too
// long, not a name the kitchen already uses for something else. Each refusal names the fix. Pure.

export const MAX_NAME_LENGTH = 32;

/** Names that already mean something in the kitchen, or would read as something else. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'app',
  'apps',
  'bench',
  'conformance',
  'conformance-fixture',
  'host',
  'kitchen',
  'new-server',
  'node-modules',
  'offline-model',
  'server',
  'server-kit',
  'servers',
  'src',
  'template',
  'test',
  'testing',
]);

export type NameCheck = { ok: true } | { ok: false; message: string };

const NAME_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export function checkServerName(name: string): NameCheck {
  const shown = JSON.stringify(name);
  if (name === '') return refuse('give the new server a name, e.g. pnpm new-server tea-timer');
  if (!NAME_PATTERN.test(name)) {
    const suggestion = suggestName(name);
    return refuse(
      `${shown} is not a valid server name: use lowercase letters and digits in words joined by single dashes, starting with a letter${suggestion ? `, e.g. "${suggestion}"` : ''}`,
    );
  }
  if (name.length > MAX_NAME_LENGTH) {
    return refuse(`${shown} is ${name.length} characters long; use at most ${MAX_NAME_LENGTH}`);
  }
  if (RESERVED_NAMES.has(name)) {
    return refuse(
      `${shown} is reserved (the kitchen uses it for something else); pick another name, e.g. "my-${name}"`,
    );
  }
  return { ok: true };
}

/** "Tea_Timer!" → "tea-timer": the nearest valid name, or '' when nothing is left. */
export function suggestName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const suggestion = words.join('-').replace(/^[^a-z]+/, '');
  return NAME_PATTERN.test(suggestion) ? suggestion.slice(0, MAX_NAME_LENGTH).replace(/-+$/, '') : '';
}

function refuse(message: string): NameCheck {
  return { ok: false, message };
}

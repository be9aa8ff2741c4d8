// Adds a scaffolded server to kitchen.config.json, so `pnpm demo`, `kitchen servers` and the web
// page start it at once. The one place that knows the config's shape: when the shape changes,
// only this file does. Inserts text rather than re-serialising, so the rest of the file stays as
// the person wrote it.

import { readFileSync, writeFileSync } from 'node:fs';

export type ConfigUpdate = { ok: true } | { ok: false; message: string };

/** The entry the kitchen reads for a server it starts itself (see apps/kitchen config). */
export function kitchenConfigEntry(name: string): Record<string, unknown> {
  return { name, package: `servers/${name}`, entry: 'src/main.ts', args: [], env: {} };
}

export function addServerToKitchenConfig(configFile: string, name: string): ConfigUpdate {
  const text = readFileSync(configFile, 'utf8');
  let config: { servers?: Array<{ name?: unknown }> };
  try {
    config = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${configFile} is not valid JSON (${(error as Error).message}); fix it first` };
  }
  if (!Array.isArray(config.servers)) {
    return { ok: false, message: `${configFile} has no "servers" list; add "servers": [] first` };
  }
  if (config.servers.some((server) => server.name === name)) {
    return {
      ok: false,
      message: `${configFile} already lists a server named "${name}"; pick another name, or remove that entry first`,
    };
  }
  const [open, close] = topLevelArrayBounds(text, 'servers');
  const before = text.slice(0, close).trimEnd();
  const entry = JSON.stringify(kitchenConfigEntry(name), null, 2).replaceAll('\n', '\n    ');
  const separator = before.length === open + 1 ? '' : ',';
  writeFileSync(configFile, `${before}${separator}\n    ${entry}\n  ${text.slice(close)}`);
  return { ok: true };
}

/** Indices of the `[` and `]` of a top-level array property in valid JSON text. */
function topLevelArrayBounds(text: string, key: string): [number, number] {
  let depth = 0;
  let open = -1;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '"') {
      const end = endOfString(text, index);
      if (depth === 1 && open === -1 && text.slice(index + 1, end) === key) {
        open = text.indexOf('[', end);
      }
      index = end;
    } else if (character === '[' || character === '{') {
      depth++;
    } else if (character === ']' || character === '}') {
      depth--;
      if (open !== -1 && index > open && depth === 1 && character === ']') return [open, index];
    }
  }
  throw new Error(`no top-level "${key}" array in the config text`);
}

function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index;
  }
  return text.length;
}

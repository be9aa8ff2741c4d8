// Adds a scaffolded server to kitchen.config.json, so `pnpm demo`, `kitchen servers` and the web
// page start it at once. The one place that knows the config's shape (an "mcpServers" map, the
// kitchen's own servers under "kitchen"): when the shape changes, only this file does. Inserts
// one line rather than re-serialising, so the rest of the file stays as the person wrote it.

import { readFileSync, writeFileSync } from 'node:fs';

export type ConfigUpdate = { ok: true } | { ok: false; message: string };

/** The entry for a server the kitchen starts itself: `"name": { "kitchen": { … } }` on one line. */
export function kitchenConfigEntry(name: string): string {
  const launch = `{ "package": ${JSON.stringify(`servers/${name}`)}, "entry": "src/main.ts" }`;
  // Trusted: the person scaffolded it, so its read-only tools run without asking, as the examples'.
  return `${JSON.stringify(name)}: { "trust": true, "kitchen": ${launch} }`;
}

export function addServerToKitchenConfig(configFile: string, name: string): ConfigUpdate {
  const text = readFileSync(configFile, 'utf8');
  let config: { mcpServers?: unknown };
  try {
    config = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${configFile} is not valid JSON (${(error as Error).message}); fix it first` };
  }
  const servers = config.mcpServers;
  if (servers === null || typeof servers !== 'object' || Array.isArray(servers)) {
    return { ok: false, message: `${configFile} has no "mcpServers" map; add "mcpServers": {} first` };
  }
  if (Object.hasOwn(servers, name)) {
    return {
      ok: false,
      message: `${configFile} already has a server named "${name}" in "mcpServers"; pick another name, or remove that entry first`,
    };
  }
  const [open, close] = topLevelValueBounds(text, 'mcpServers');
  const before = text.slice(0, close).trimEnd();
  const separator = before.length === open + 1 ? '' : ',';
  writeFileSync(configFile, `${before}${separator}\n    ${kitchenConfigEntry(name)}\n  ${text.slice(close)}`);
  return { ok: true };
}

/** Indices of the opening and closing bracket of a top-level object or array property in valid JSON text. */
function topLevelValueBounds(text: string, key: string): [number, number] {
  let depth = 0;
  let open = -1;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '"') {
      const end = endOfString(text, index);
      if (depth === 1 && open === -1 && text.slice(index + 1, end) === key) {
        open = text.slice(end).search(/[[{]/) + end;
      }
      index = end;
    } else if (character === '[' || character === '{') {
      depth++;
    } else if (character === ']' || character === '}') {
      depth--;
      if (open !== -1 && index > open && depth === 1) return [open, index];
    }
  }
  throw new Error(`no top-level "${key}" value in the config text`);
}

function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index;
  }
  return text.length;
}

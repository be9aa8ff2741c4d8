// Creates servers/<name> from the template beside this package: the domain / buildServer() /
// main.ts split of the example servers, with one tool, one resource, one prompt, tests and a
// README, and adds it to kitchen.config.json. Refuses bad and taken names before writing anything.

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addServerToKitchenConfig } from './add-server-to-kitchen-config.js';
import { checkServerName } from './check-server-name.js';

export const TEMPLATE_DIRECTORY = fileURLToPath(new URL('../template/', import.meta.url));
export const CONFIG_FILE_NAME = 'kitchen.config.json';

export type ScaffoldResult =
  | { ok: true; packageDirectory: string; packageName: string; files: string[] }
  | { ok: false; message: string };

export function scaffoldServer(root: string, name: string): ScaffoldResult {
  const nameCheck = checkServerName(name);
  if (!nameCheck.ok) return nameCheck;
  const packageDirectory = join(root, 'servers', name);
  if (existsSync(packageDirectory)) {
    return {
      ok: false,
      message: `servers/${name} already exists; pick another name, or remove servers/${name} first`,
    };
  }
  const packageName = `@kitchen/server-${name}`;
  const configFile = join(root, CONFIG_FILE_NAME);
  // The config is checked (and written) first: a refusal there must leave no folder behind.
  const update = addServerToKitchenConfig(configFile, name);
  if (!update.ok) return update;
  const files = copyTemplate(TEMPLATE_DIRECTORY, packageDirectory, {
    __NAME__: name,
    __TITLE__: titleOf(name),
  });
  return { ok: true, packageDirectory, packageName, files: files.map((file) => relative(root, file)) };
}

/** "tea-timer" → "Tea Timer". */
export function titleOf(name: string): string {
  return name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function copyTemplate(from: string, to: string, replacements: Record<string, string>): string[] {
  const substitute = (text: string) =>
    Object.entries(replacements).reduce((result, [key, value]) => result.replaceAll(key, value), text);
  mkdirSync(to, { recursive: true });
  const written: string[] = [];
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, substitute(entry.name));
    if (entry.isDirectory()) {
      written.push(...copyTemplate(source, target, replacements));
    } else {
      writeFileSync(target, substitute(readFileSync(source, 'utf8')));
      written.push(target);
    }
  }
  return written;
}

// Finds the kitchen's example servers: every servers/<name> folder with a src/main.ts entry, so a
// freshly scaffolded server is checked without being listed anywhere. Test side.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerPackage {
  name: string;
  packageDirectory: string;
}

/** The repository root this package sits in. */
export const KITCHEN_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export function discoverServers(root: string = KITCHEN_ROOT): ServerPackage[] {
  const serversDirectory = join(root, 'servers');
  if (!existsSync(serversDirectory)) return [];
  return readdirSync(serversDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(serversDirectory, entry.name, 'src', 'main.ts')))
    .map((entry) => ({ name: entry.name, packageDirectory: join(serversDirectory, entry.name) }))
    .sort((left, right) => left.name.localeCompare(right.name));
}

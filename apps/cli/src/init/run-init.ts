// `kitchen init`: writes a starter kitchen.config.json in the current folder from its server.json
// or package.json (starter-config.ts), and refuses to replace one that is there without --force.
// App side.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE_NAME } from '@kitchen/runtime/config/kitchen-config';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import { starterConfig } from './starter-config.js';

export function runInit(options: { folder: string; force: boolean; output: KitchenOutput }): number {
  const { folder, output } = options;
  const file = join(folder, CONFIG_FILE_NAME);
  if (existsSync(file) && !options.force) {
    output.stderr.write(
      `kitchen init: ${file} is already there; fix: edit it, or run kitchen init --force to replace it\n`,
    );
    return EXIT.usage;
  }
  const read = (name: string): { ok: true; data?: unknown } | { ok: false; message: string } => {
    const path = join(folder, name);
    if (!existsSync(path)) return { ok: true };
    try {
      return { ok: true, data: JSON.parse(readFileSync(path, 'utf8')) };
    } catch (error) {
      return { ok: false, message: `kitchen init: ${path} is not JSON (${(error as Error).message}); fix it first` };
    }
  };
  const serverJson = read('server.json');
  const packageJson = read('package.json');
  for (const result of [serverJson, packageJson]) {
    if (!result.ok) {
      output.stderr.write(`${result.message}\n`);
      return EXIT.usage;
    }
  }
  const starter = starterConfig({
    serverJson: serverJson.ok ? serverJson.data : undefined,
    packageJson: packageJson.ok ? packageJson.data : undefined,
  });
  writeFileSync(file, `${JSON.stringify(starter.config, null, 2)}\n`);
  const names = Object.keys(starter.config.mcpServers);
  output.stdout.write(
    [
      `wrote ${file}`,
      ...starter.notes.map((note) => `  ${note}`),
      `next: kitchen tools ${names[0] ?? ''}`.trimEnd(),
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}

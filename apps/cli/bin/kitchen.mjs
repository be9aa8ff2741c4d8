#!/usr/bin/env node
// The installed `kitchen` command: the compiled CLI (dist/, from `pnpm build`) when there is one,
// else the source under the app's own tsx (never a global one).
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}

// `pnpm demo` and `pnpm kitchen …`: brings the compiled kitchen up to date with turbo's cached
// build (a fraction of a second when nothing changed), then runs the CLI as plain JavaScript in
// this same process. The CLI starts the example servers from their own dist/ folders.
//
//   node scripts/kitchen.mjs demo [flags]      (turbo must be on PATH: run it through pnpm)

import { spawn } from 'node:child_process';

const SAY_BUILDING_AFTER_MS = 1_000;

const began = performance.now();
const build = spawn('turbo', ['run', 'build', '--output-logs=errors-only'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
});
let log = '';
build.stdout.setEncoding('utf8').on('data', (chunk) => (log += chunk));
build.stderr.setEncoding('utf8').on('data', (chunk) => (log += chunk));
// A first build (fresh clone, or sources changed) takes a few seconds: say so rather than stall.
const slow = setTimeout(
  () => process.stderr.write('building the kitchen (turbo build, cached after this)…\n'),
  SAY_BUILDING_AFTER_MS,
);
const code = await new Promise((resolve) => {
  build.once('error', (error) => {
    log += `${error.message}\n`;
    resolve(1);
  });
  build.once('close', (exitCode) => resolve(exitCode ?? 1));
});
clearTimeout(slow);
if (code !== 0) {
  process.stderr.write(`${log}\nkitchen: the build failed (turbo run build, exit code ${code}); nothing was started\n`);
  process.exit(typeof code === 'number' ? code : 1);
}
if (!/FULL TURBO/.test(log)) {
  process.stderr.write(`built the kitchen in ${((performance.now() - began) / 1000).toFixed(1)} s\n`);
}
await import('../apps/cli/dist/cli.js');

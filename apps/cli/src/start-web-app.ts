// `kitchen web` runs the web app (apps/web) as a child process rather than importing it: the CLI
// hands it the settings read from the flags as JSON, relays what it prints, and stops it on
// Ctrl-C. The web app's compiled entry (apps/web/dist/web-main.js, from `pnpm build`) when there
// is one, else its source under the CLI's own tsx. App side.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { KITCHEN_ROOT, RUNS_COMPILED } from '@kitchen/runtime/app-paths';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';

export interface StartWebAppOptions {
  flags: KitchenSettings;
  port: number;
  output: KitchenOutput;
  /** Aborted on Ctrl-C: the web app is asked to stop (SIGTERM) and its exit code returned. */
  signal: AbortSignal;
  /** `kitchen eval FILE --web`: the eval the web app starts at once, its page's address printed. */
  evaluate?: { file: string; models: string[] };
}

const WEB_APP = join(KITCHEN_ROOT, 'apps', 'web');
/** Tells the web app its stdin is the CLI's pipe (apps/web/src/web-main.ts watches it). */
const WEB_PARENT_PIPE = 'KITCHEN_WEB_PARENT_PIPE';

/** Runs the web UI until it stops; resolves to its exit code. */
export async function startWebApp(options: StartWebAppOptions): Promise<number> {
  const compiled = join(WEB_APP, 'dist', 'web-main.js');
  // The CLI installed from its tarball (pnpm pack:kitchen) carries no web app beside it.
  if (!existsSync(compiled) && !existsSync(join(WEB_APP, 'src', 'web-main.ts'))) {
    options.output.stderr.write(
      'kitchen web: the web UI is not part of this install; run it from a checkout of the kitchen (pnpm kitchen web), the other commands work here\n',
    );
    return EXIT.usage;
  }
  const program =
    RUNS_COMPILED && existsSync(compiled)
      ? [compiled]
      : ['--import', tsxLoaderUrl(), join(WEB_APP, 'src', 'web-main.ts')];
  // Its own process group, as the servers are: Ctrl-C reaches the CLI, which stops the web app
  // (SIGTERM) and then waits for it. If the CLI dies (even SIGKILL), the web app's stdin pipe
  // closes and it exits at once, as it did when it ran inside the CLI (web-main.ts).
  const child = spawn(
    process.execPath,
    [
      ...program,
      JSON.stringify({
        port: options.port,
        flags: options.flags,
        ...(options.evaluate === undefined ? {} : { evaluate: options.evaluate }),
      }),
    ],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...options.output.environment, [WEB_PARENT_PIPE]: 'stdin' },
      detached: true,
    },
  );
  child.stdout.setEncoding('utf8').on('data', (text: string) => options.output.stdout.write(text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => options.output.stderr.write(text));
  const stop = () => child.kill('SIGTERM');
  options.signal.addEventListener('abort', stop, { once: true });
  // The CLI's second Ctrl-C exits at once: the web app (and through it its servers) goes too.
  process.once('exit', stop);
  try {
    return await new Promise<number>((resolve) => {
      child.once('error', (error) => {
        options.output.stderr.write(`kitchen: could not start the web UI: ${error.message}\n`);
        resolve(EXIT.failed);
      });
      child.once('close', (code, signal) => resolve(code ?? (signal === null ? EXIT.failed : EXIT.interrupted)));
    });
  } finally {
    options.signal.removeEventListener('abort', stop);
    process.removeListener('exit', stop);
  }
}

function tsxLoaderUrl(): string {
  // The CLI's own tsx, never a global one.
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

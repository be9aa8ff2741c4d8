// The web UI's process: `kitchen web` (apps/cli) starts it with the settings it read from its
// flags, as one JSON argument, and relays what it prints. Serves until SIGINT or SIGTERM, then
// stops the run in progress, the UI and every server; a second signal stops at once. App side.
//
//   node dist/web-main.js '{"port":0,"flags":{…}}'      (tsx src/web-main.ts from source)

import { EXIT, PROCESS_OUTPUT } from '@kitchen/runtime/kitchen-output';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';
import { runWebCommand } from './run-web-command.js';

/** What `kitchen web` hands this process: the port to listen on (0: a free one) and its settings. */
export interface WebStart {
  port: number;
  flags: KitchenSettings;
  /** `kitchen eval FILE --web`: an eval to start as soon as the UI is up. */
  evaluate?: { file: string; models: string[] };
}

async function main(argument: string | undefined): Promise<number> {
  let start: WebStart;
  try {
    start = JSON.parse(argument ?? '') as WebStart;
  } catch {
    process.stderr.write('kitchen web: start the web UI with `kitchen web` (it passes the settings as JSON)\n');
    return EXIT.usage;
  }
  const interrupt = new AbortController();
  // The parent CLI says "stopping the kitchen…"; this process only stops.
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) process.exit(EXIT.interrupted);
    interrupt.abort(new Error(`interrupted by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Started by the CLI: when it goes away, even killed with SIGKILL, the pipe on stdin closes and
  // this process ends at once, as the web UI did when it ran inside the CLI; the 'exit' hook in
  // launch-server.ts still stops every server.
  if (process.env['KITCHEN_WEB_PARENT_PIPE'] === 'stdin' && !process.stdin.isTTY) {
    const parentGone = () => process.exit(EXIT.interrupted);
    process.stdin.on('end', parentGone);
    process.stdin.on('error', parentGone);
    process.stdin.resume();
    (process.stdin as unknown as { unref?: () => void }).unref?.();
  }
  return runWebCommand({
    flags: start.flags,
    port: start.port,
    output: PROCESS_OUTPUT,
    signal: interrupt.signal,
    ...(start.evaluate === undefined ? {} : { evaluate: start.evaluate }),
  });
}

const exitCode = await main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(
    `kitchen: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return EXIT.failed;
});
process.exitCode = exitCode;
// As the CLI does (apps/cli/src/cli/kitchen-main.ts): a stray handle must not keep it alive.
setTimeout(() => process.exit(exitCode), 5000).unref();

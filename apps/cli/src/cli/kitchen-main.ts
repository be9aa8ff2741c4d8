// The `kitchen` command, loaded by cli.ts once the process is set up: parses the command line and
// runs the command it names (see kitchen-commands.ts). App side; the first Ctrl-C stops the run
// gracefully (servers included), a second one stops at once.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_DIRECTORY } from '@kitchen/runtime/app-paths';
import { EXIT, PROCESS_OUTPUT } from '@kitchen/runtime/kitchen-output';
import { executeCommand } from './kitchen-commands.js';
import { parseCliArguments } from './parse-cli-arguments.js';

/** Set when the terminal hung up (SIGHUP): writing to it may fail from then on. */
let hungUp = false;

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseCliArguments(argv);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n`);
    return EXIT.usage;
  }
  const { command } = parsed;
  if (command.name === 'version') {
    process.stdout.write(`kitchen ${kitchenVersion()}\n`);
    return EXIT.ok;
  }

  const interrupt = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) {
      // Second Ctrl-C: the 'exit' hook in launch-server.ts still sends every child SIGTERM.
      process.exit(EXIT.interrupted);
    }
    if (!(command.name === 'servers' && signal === 'SIGINT'))
      process.stderr.write(`\n${signal}: stopping the kitchen…\n`);
    interrupt.abort(new Error(`interrupted by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // A closed terminal or a dropped SSH session: the run ends as for Ctrl-C (its end record written,
  // servers stopped), and the terminal that is gone is no longer written to.
  process.on('SIGHUP', (signal) => {
    hungUp = true;
    onSignal(signal);
  });
  // `kitchen demo --json | head`: the reader left. Stop the run quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && !hungUp) throw error;
    interrupt.abort(new Error('stdout was closed'));
  });
  // After a hang-up a write to the terminal fails (EIO); the run still ends in its trace.
  process.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && !hungUp) throw error;
  });
  // Each command loads what it runs only here: --help and flag errors need none of a run's wiring.
  return executeCommand(command, { output: PROCESS_OUTPUT, signal: interrupt.signal });
}

/** The app's package version. */
function kitchenVersion(): string {
  const manifest = JSON.parse(readFileSync(join(APP_DIRECTORY, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

const exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `kitchen: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return EXIT.failed;
});
process.exitCode = exitCode;
// Everything was stopped above; a stray handle (a keep-alive socket) must not keep the CLI alive.
// Not sooner than 5 s: when a server dies mid-call, the 2025 SDK client resumes the call's stream
// on timers of the server's retry interval (1 s from the kit), at most twice, and close() clears
// only the last one it set; those run out by themselves in about 2 s, and a CLI that waits for
// them ends because its work is done rather than by this exit.
setTimeout(() => process.exit(exitCode), 5000).unref();

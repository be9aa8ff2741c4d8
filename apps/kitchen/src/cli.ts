#!/usr/bin/env node
// The `kitchen` command: parses the command line and runs demo, run or servers. App side; the
// first Ctrl-C stops the run gracefully (servers included), a second one stops at once.

import { HELP_TEXT } from './cli/help-text.js';
import { parseCliArguments } from './cli/parse-cli-arguments.js';
import { demoTask, demoToolCallLimit, PASTRY_DEMO_TASK } from './kitchen-task.js';
import { serveServers } from './server-processes/serve-servers.js';
import { EXIT, PROCESS_OUTPUT } from './terminal/kitchen-output.js';

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseCliArguments(argv);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n`);
    return EXIT.usage;
  }
  const { command } = parsed;
  if (command.name === 'help') {
    process.stdout.write(HELP_TEXT);
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
  // `kitchen demo --json | head`: the reader left. Stop the run quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    interrupt.abort(new Error('stdout was closed'));
  });

  if (command.name === 'servers') return serveServers(command.flags, PROCESS_OUTPUT, interrupt.signal);
  if (command.name === 'web') {
    const { runWebCommand } = await import('./web/run-web-command.js');
    return runWebCommand({
      flags: command.flags,
      port: command.port,
      output: PROCESS_OUTPUT,
      signal: interrupt.signal,
    });
  }
  const jarsDemo = command.name === 'demo' && command.scenario === 'jars';
  const task = command.name === 'run' ? command.task : jarsDemo ? demoTask(command.flags.jars) : PASTRY_DEMO_TASK;
  const flags = jarsDemo
    ? { ...command.flags, maxToolCalls: command.flags.maxToolCalls ?? demoToolCallLimit(command.flags.jars) }
    : command.flags;
  // Loaded only here: --help, flag errors and `kitchen servers` need none of a run's wiring.
  const { runKitchen } = await import('./run-kitchen.js');
  return runKitchen({ task, flags, output: PROCESS_OUTPUT, signal: interrupt.signal });
}

const exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `kitchen: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return EXIT.failed;
});
process.exitCode = exitCode;
// Everything was stopped above; a stray handle (a keep-alive socket) must not keep the CLI alive.
setTimeout(() => process.exit(exitCode), 2000).unref();

// `kitchen runs`, `kitchen replay RUN` and `kitchen rerun RUN`: the recorded runs listed, shown
// again, and executed again against live servers with the recorded model answers. App side.

import { readFileSync } from 'node:fs';
import { describeError, withDefined } from '@kitchen/host';
import { createKitchenPolicy } from '@kitchen/runtime/config/kitchen-policy';
import { loadRunConfig } from '@kitchen/runtime/config/load-run-config';
import { describeWorkerChoices, recordedWorkerChoices } from '@kitchen/runtime/config/worker-choices';
import { workerOptions } from '@kitchen/runtime/config/worker-settings';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { EXIT } from '@kitchen/runtime/kitchen-output';
import { findRun, listRuns, renderRunList } from '@kitchen/runtime/runs/list-runs';
import { parseRunTrace, type RunTrace } from '@kitchen/runtime/runs/run-trace';
import { runsFolder } from '@kitchen/runtime/runs/runs-folder';
import { ServerStartError, serverLine } from '@kitchen/runtime/server-processes/launch-server';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { createAuthorizationPrompt } from '@kitchen/runtime/text/authorization-prompt';
import { cleanText } from '@kitchen/runtime/text/clean-text';
import type { CommandContext } from '../command/cli-command.js';
import type { KitchenFlags } from '../command/kitchen-flags.js';
import { createEventWriter } from '../terminal/event-writer.js';
import { createHeldOutput } from '../terminal/held-output.js';
import { liveBoardFor } from '../terminal/live-board.js';
import { shouldUseColour } from '../terminal/paint.js';
import { LINE_WIDTH } from '../terminal/render-event.js';
import { createTerminalPerson } from '../terminal/terminal-person.js';
import { replayRun } from './replay-run.js';
import { renderDivergences, rerunRun } from './rerun-run.js';

export async function runsCommand(flags: KitchenFlags, { output }: CommandContext): Promise<number> {
  const folder = runsFolder(output.environment, flags.runsDir);
  const runs = listRuns(folder);
  for (const run of runs)
    if (run.tornLastLine !== undefined)
      output.stderr.write(`⚠️ ${run.path}: its torn last line (${run.tornLastLine}) was skipped\n`);
  if (flags.json) for (const run of runs) output.stdout.write(`${JSON.stringify(run)}\n`);
  else output.stdout.write(renderRunList(runs, folder));
  return EXIT.ok;
}

export async function replayCommand(which: string, flags: KitchenFlags, context: CommandContext): Promise<number> {
  const { output } = context;
  const trace = readTrace(which, flags, context);
  if (trace === undefined) return EXIT.usage;
  const color = !flags.json && shouldUseColour(output.stdout, output.environment);
  // A replay on a terminal moves like the run did: the same live board.
  const board = liveBoardFor(flags, output, color);
  const stdout = board ?? output.stdout;
  const write = createEventWriter({
    json: flags.json,
    color,
    width: Math.min(LINE_WIDTH, output.stdout.columns || LINE_WIDTH),
    stdout,
    fold: !flags.verbose,
    ...withDefined({ board }),
  });
  try {
    await replayRun(trace, {
      speed: flags.speed ?? 1,
      write: (event) => {
        write(event);
        // The board's final state goes above the replay's summary line, as in a run.
        if (event.type === 'done') board?.finish();
      },
      color,
      say: (line) => (flags.json ? output.stderr : stdout).write(`${line}\n`),
      signal: context.signal,
    });
    write.flush();
  } finally {
    board?.finish();
  }
  return context.signal.aborted ? EXIT.interrupted : EXIT.ok;
}

/** Exit 0 when the rerun matches its recording, 1 when it diverges or fails. */
export async function rerunCommand(which: string, given: KitchenFlags, context: CommandContext): Promise<number> {
  const { output, signal } = context;
  const complain = (line: string) => output.stderr.write(`${line}\n`);
  const trace = readTrace(which, given, context);
  if (trace === undefined) return EXIT.usage;
  const flags = rerunFlags(trace, given);
  const say = (line: string) => (flags.json ? output.stderr : output.stdout).write(`${line}\n`);
  const loaded = loadRunConfig(flags, output.environment);
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const color = !flags.json && shouldUseColour(output.stdout, output.environment);
  let servers: RunningServers | undefined;
  let host: KitchenHost | undefined;
  try {
    const person = createTerminalPerson({
      flags,
      output,
      held: createHeldOutput(output.stdout),
      color,
      treeTokens: () => ({ left: 0, max: 0 }),
    });
    const policy = createKitchenPolicy(flags, {
      config: loaded.config,
      environment: output.environment,
      ...withDefined({ person: person.person }),
    });
    // The workers as recorded (report schema, tool policy, model arguments): the same run, not today's config.
    const workers = recordedWorkerChoices(trace.run.settings['workers']) ?? {};
    const options = workerOptions(workers);
    servers = await startServers(loaded.config.servers, { seed: flags.seed, jars: flags.jars, signal });
    for (const server of servers.servers) say(serverLine(server));
    host = await KitchenHost.connect({
      connections: servers.connections,
      clientName: 'mcp-kitchen',
      ...withDefined({ spawnLimits: policy.spawnLimits, workerOptions: options }),
      authorization: createAuthorizationPrompt({
        say: (line) => output.stderr.write(`${line}\n`),
        openBrowser: flags.openBrowser === true,
      }),
    });
    // What the trace recorded (worker choices, the run's id, the model's name) is stored text: printed cleaned.
    if (Object.keys(workers).length > 0) say(cleanText(`🧑‍🍳 workers as recorded: ${describeWorkerChoices(workers)}`));
    say(
      cleanText(
        `🔁 rerun of ${trace.run.id} with its ${trace.modelCalls.length} recorded model answers (${trace.run.model.label})`,
      ),
    );
    const write = createEventWriter({
      json: flags.json,
      color,
      width: Math.min(LINE_WIDTH, output.stdout.columns ?? LINE_WIDTH),
      stdout: output.stdout,
    });
    const result = await rerunRun(trace, host, {
      policy,
      signal,
      onEvent: write,
      ...withDefined({ maxIterations: flags.maxIterations }),
      record: {
        folder: runsFolder(output.environment, flags.runsDir),
        settings: { ...trace.run.settings, rerunOf: trace.run.id },
      },
    });
    (flags.json ? output.stderr : output.stdout).write(renderDivergences(result));
    return result.divergences.length === 0 ? EXIT.ok : EXIT.failed;
  } catch (error) {
    complain(error instanceof ServerStartError ? error.message : `kitchen rerun: ${describeError(error)}`);
    return signal.aborted ? EXIT.interrupted : EXIT.failed;
  } finally {
    await host?.close();
    await servers?.stop();
  }
}

function readTrace(which: string, flags: KitchenFlags, { output }: CommandContext): RunTrace | undefined {
  const found = findRun(runsFolder(output.environment, flags.runsDir), which);
  if (!found.ok) {
    output.stderr.write(`kitchen: ${found.message}\n`);
    return undefined;
  }
  try {
    return parseRunTrace(readFileSync(found.path, 'utf8'), found.path);
  } catch (error) {
    output.stderr.write(`kitchen: ${describeError(error)}\n`);
    return undefined;
  }
}

/** The recorded run's own settings (seed, jars, limits, delegation), under the command line's approvals. */
function rerunFlags(trace: RunTrace, given: KitchenFlags): KitchenFlags {
  const settings = trace.run.settings;
  const number = (key: string) => (typeof settings[key] === 'number' ? (settings[key] as number) : undefined);
  const strings = (key: string) =>
    Array.isArray(settings[key]) ? (settings[key] as unknown[]).filter((item) => typeof item === 'string') : undefined;
  const extraServers = strings('extraServers');
  const optional = {
    maxIterations: number('maxIterations'),
    maxToolCalls: given.maxToolCalls ?? number('maxToolCalls'),
    maxDepth: trace.run.delegate ? number('maxDepth') : undefined,
    maxWorkers: trace.run.delegate ? number('maxWorkers') : undefined,
    configPath: given.configPath ?? (typeof settings['configPath'] === 'string' ? settings['configPath'] : undefined),
    servers: given.servers ?? extraServers,
  };
  return {
    ...given,
    seed: number('seed') ?? given.seed,
    jars: number('jars') ?? given.jars,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    ...(trace.run.delegate ? {} : { delegate: false }),
  };
}

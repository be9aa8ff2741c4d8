// `kitchen dev SERVER`: the developer loop. Watches the server's files; on each settled change it
// stops the server, starts it again, connects a fresh toolbox, lists the tools and prints what
// changed in the list. The server's stderr is shown as it comes, each line under its name. Runs
// until Ctrl-C, then stops everything it started. App side: the terminal words are here.

import { once } from 'node:events';
import { isAbsolute, relative } from 'node:path';
import { Toolbox, type ToolDescriptor, withDefined } from '@kitchen/host';
import type { ServerEntry } from '@kitchen/runtime/config/kitchen-config';
import { loadRunConfig } from '@kitchen/runtime/config/load-run-config';
import { rootsFromFlags } from '@kitchen/runtime/config/roots-from-flags';
import { serverWatch } from '@kitchen/runtime/dev-loop/server-watch';
import { describeToolListChange, diffToolLists } from '@kitchen/runtime/dev-loop/tool-list-diff';
import { watchFiles } from '@kitchen/runtime/dev-loop/watch-files';
import { plural } from '@kitchen/runtime/format';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import { ServerStartError } from '@kitchen/runtime/server-processes/launch-server';
import { describeServerStart, describeUnexpectedExit } from '@kitchen/runtime/server-processes/server-start-event';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { describeUnavailable } from '@kitchen/runtime/text/describe-toolbox';
import type { DevCommand } from '../command/cli-command.js';

/** The server's tools as one cycle found them, and what is running to serve them. */
interface Cycle {
  servers?: RunningServers;
  toolbox?: Toolbox;
}

export async function runDevCommand(command: DevCommand, output: KitchenOutput, signal: AbortSignal): Promise<number> {
  const say = (line: string) => output.stdout.write(`${line}\n`);
  const complain = (line: string) => output.stderr.write(`${line}\n`);
  const loaded = loadRunConfig(command.flags, output.environment);
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const chosen = chooseServer(command, loaded.config.servers);
  if (typeof chosen === 'string') {
    complain(`kitchen dev: ${chosen}`);
    return EXIT.usage;
  }
  const entry = chosen;
  const patterns = serverWatch(entry);
  if (patterns === undefined) {
    complain(
      `kitchen dev: ${entry.name} is reached by url, so the kitchen neither starts it nor knows its files; give it "dev": {"watch": "src/**/*.ts"} in the config to reconnect on change, or run it by "command"`,
    );
    return EXIT.usage;
  }
  const name = entry.name;
  const flags = command.flags;
  // Relative to here when under it, else absolute: "../../../tmp/x" says less than "/tmp/x".
  const shown = (path: string) => {
    const fromHere = relative(process.cwd(), path);
    return fromHere === '' ? '.' : fromHere.startsWith('..') || isAbsolute(fromHere) ? path : fromHere;
  };
  let previous: readonly ToolDescriptor[] | undefined;
  let current: Cycle = {};

  const listTools = (toolbox: Toolbox) => {
    const tools = toolbox.list().filter((tool) => tool.server === name);
    if (previous === undefined) {
      const names = tools.map((tool) => tool.name).join(', ');
      say(`🔧 ${name}: ${plural(tools.length, 'tool')}${tools.length === 0 ? '' : `: ${names}`}`);
    } else {
      const changes = diffToolLists(previous, tools);
      if (changes.length === 0) say(`🔧 ${name}: ${plural(tools.length, 'tool')}, the list is unchanged`);
      else {
        say(`🔧 ${name}: ${plural(tools.length, 'tool')} (was ${previous.length}):`);
        for (const change of changes) say(`   ${describeToolListChange(change)}`);
      }
    }
    previous = tools;
  };

  const start = async (): Promise<void> => {
    const cycle: Cycle = {};
    current = cycle;
    try {
      cycle.servers = await startServers([entry], {
        // Its edits are to its source: a build of it in dist/ would restart unchanged.
        fromSource: [name],
        seed: flags.seed,
        jars: flags.jars,
        ...withDefined({ timeoutMs: flags.startTimeoutMs }),
        signal,
        onStartEvent: (event) => {
          const line = event.type === 'servers-ready' ? undefined : describeServerStart(event);
          if (line !== undefined) say(line);
        },
        onStderr: (server, line) => complain(`[${server}] ${line}`),
        onUnexpectedExit: (server, description, restarting) => {
          cycle.toolbox?.serverStopped(server, description);
          if (!signal.aborted) complain(describeUnexpectedExit(server, description, restarting));
        },
        onRestarted: (connection) => {
          void cycle.toolbox?.reconnect(connection).then(() => {
            if (cycle.toolbox !== undefined && current === cycle) listTools(cycle.toolbox);
          });
        },
      });
    } catch (error) {
      if (signal.aborted) return;
      complain(error instanceof ServerStartError ? `⚠️ ${error.message}` : `⚠️ ${String(error)}`);
      say(`👀 waiting for the next change to ${name}'s files`);
      return;
    }
    const roots = rootsFromFlags(flags.roots);
    const toolbox = await Toolbox.connect(cycle.servers.connections, {
      clientName: 'mcp-kitchen',
      ...withDefined({ logLevel: flags.logLevel, roots }),
      // A stdio server's stderr, and any server's log messages (notifications/message).
      emit: (event) => {
        if (event.type !== 'server-log') return;
        complain(`[${event.server}] ${event.level === 'stderr' ? '' : `${event.level}: `}${event.text}`);
      },
      // The server said its list changed, or a new session replaced a lost one.
      onToolsChanged: () => {
        if (current === cycle) listTools(toolbox);
      },
    });
    cycle.toolbox = toolbox;
    const unavailable = describeUnavailable(toolbox);
    for (const line of unavailable) complain(line);
    if (unavailable.length > 0) say(`👀 waiting for the next change to ${name}'s files`);
    else listTools(toolbox);
  };

  const stop = async (cycle: Cycle): Promise<void> => {
    await cycle.toolbox?.close();
    await cycle.servers?.stop();
  };

  // One restart at a time; changes while one runs make one more after it, not one each.
  let restarts: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    restarts = restarts.then(work).catch((error: unknown) => {
      complain(`⚠️ kitchen dev: ${String(error)}`);
    });
  };
  let queued = false;
  const restart = (files: string[]) => {
    if (queued || signal.aborted) return;
    queued = true;
    enqueue(async () => {
      queued = false;
      if (signal.aborted) return;
      const more = files.length > 1 ? ` and ${files.length - 1} more` : '';
      say(`🔁 ${shown(files[0] ?? '')}${more} changed; restarting ${name}`);
      await stop(current);
      if (!signal.aborted) await start();
    });
  };

  const watch = watchFiles({
    patterns,
    base: process.cwd(),
    onChange: restart,
    onError: (error) => complain(`⚠️ kitchen dev cannot watch ${name}'s files: ${error.message}`),
  });
  say(`👀 kitchen dev ${name}: watching ${watch.roots.map(shown).join(', ')}; Ctrl-C stops`);
  try {
    // The first start is the head of the same queue: a change during it restarts after it.
    enqueue(start);
    if (!signal.aborted) await once(signal, 'abort');
  } finally {
    watch.close();
    await restarts;
    await stop(current);
  }
  return EXIT.ok;
}

/** The server named, or the only --server given; a string says why neither works. */
function chooseServer(command: DevCommand, servers: readonly ServerEntry[]): ServerEntry | string {
  const names = servers.map((server) => server.name);
  if (command.server !== undefined) {
    const found = servers.find((server) => server.name === command.server);
    return found ?? `no server named "${command.server}"; the config has ${names.join(', ')}`;
  }
  const given = (command.flags.servers ?? []).map((text) => text.slice(0, text.indexOf('=')).trim());
  if (given.length === 1) {
    const found = servers.find((server) => server.name === given[0]);
    if (found !== undefined) return found;
  }
  return `name the server to watch, e.g. kitchen dev ${names[0] ?? 'NAME'} (the config has ${names.join(', ')}), or give one --server NAME=…`;
}

// `kitchen wire SERVER TOOL [k=v …]`: starts the one server named, makes the call once per protocol
// revision with every HTTP exchange recorded, and prints the exchanges side by side (or, with
// --json, every record). App side: the host's Toolbox and WireRecorder do the work.

import { describeError, type HttpServerConnection, type ProtocolEra, Toolbox, withDefined } from '@kitchen/host';
import { OfflineModel } from '@kitchen/offline-model';
import { loadRunConfig } from '@kitchen/runtime/config/load-run-config';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import { ServerStartError } from '@kitchen/runtime/server-processes/launch-server';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { ERAS, recordEras } from '@kitchen/runtime/wire/era-recording';
import { renderSideBySide } from '@kitchen/runtime/wire/side-by-side';
import type { WireCommand } from '../command/cli-command.js';
import { readToolArguments } from '../inspect/tool-arguments.js';
import { createHeldOutput } from '../terminal/held-output.js';
import { shouldUseColour } from '../terminal/paint.js';
import { createTerminalPerson } from '../terminal/terminal-person.js';

/** Where stdout is not a terminal, lines are this wide: two columns fit. */
const WIDTH_WITHOUT_TERMINAL = 160;

export async function runWireCommand(
  command: WireCommand,
  output: KitchenOutput,
  signal: AbortSignal,
): Promise<number> {
  const { flags } = command;
  const complain = (line: string) => output.stderr.write(`${line}\n`);
  const loaded = loadRunConfig(flags, output.environment);
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const entry = loaded.config.servers.find((server) => server.name === command.server);
  if (entry === undefined) {
    const names = loaded.config.servers.map((server) => server.name).join(', ');
    complain(
      `kitchen wire: no server named "${command.server}"; the config has ${names} (or add one with --server NAME=URL)`,
    );
    return EXIT.usage;
  }
  const stdout = createHeldOutput(output.stdout);
  const color = !flags.json && shouldUseColour(output.stdout, output.environment);
  let servers: RunningServers | undefined;
  try {
    // Both eras whatever the shell's KITCHEN_ERAS says: the command compares them.
    const environment = { ...output.environment, KITCHEN_ERAS: ERAS.join(',') };
    servers = await startServers([entry], { seed: flags.seed, jars: flags.jars, signal, environment });
    const connection = servers.connections[0];
    if (connection === undefined || !('url' in connection)) {
      complain(`kitchen wire: ${command.server} is reached over stdio; kitchen wire records HTTP exchanges only`);
      return EXIT.usage;
    }
    const input = await checkedInput(command, connection);
    if (!input.ok) {
      complain(input.message);
      return EXIT.usage;
    }
    const person = createTerminalPerson({ flags, output, held: stdout, color });
    const eras: readonly ProtocolEra[] = flags.era === undefined || flags.era === 'both' ? ERAS : [flags.era];
    const recordings = await recordEras({
      server: connection,
      tool: command.tool,
      input: input.input,
      eras,
      model: () => new OfflineModel(),
      samplingAction: flags.approval === 'yes' ? 'allow' : flags.approval === 'no' ? 'deny' : 'ask',
      ...withDefined({ person: person.person, approvalTimeoutMs: flags.approvalTimeoutMs }),
      signal,
    });
    if (flags.json) {
      for (const recording of recordings) stdout.write(`${JSON.stringify(recording)}\n`);
    } else {
      const width = output.stdout.isTTY === true ? (output.stdout.columns ?? 80) : WIDTH_WITHOUT_TERMINAL;
      stdout.write(`${renderSideBySide(recordings, { width }).join('\n')}\n`);
      const sampled = recordings.some((recording) =>
        recording.events.some((event) => event.type === 'sampling-request'),
      );
      if (sampled) stdout.write("The server's model calls were answered by the offline model.\n");
    }
    const failed = recordings.some((recording) => recording.outcome === undefined || recording.outcome.isError);
    return failed ? EXIT.failed : EXIT.ok;
  } catch (error) {
    complain(error instanceof ServerStartError ? error.message : `kitchen wire: ${describeError(error)}`);
    return signal.aborted ? EXIT.interrupted : EXIT.failed;
  } finally {
    await servers?.stop();
  }
}

/** The call's arguments, checked against the tool's schema on a connection of their own (not recorded). */
async function checkedInput(
  command: WireCommand,
  connection: HttpServerConnection,
): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; message: string }> {
  const toolbox = await Toolbox.connect([connection], { clientName: 'mcp-kitchen-wire' });
  try {
    const unavailable = toolbox.unavailable[0];
    if (unavailable !== undefined) return { ok: false, message: `kitchen wire: ${unavailable.error.message}` };
    const tool = toolbox.list().find((known) => known.server === command.server && known.originalName === command.tool);
    if (tool === undefined) {
      const offered = toolbox
        .list()
        .filter((known) => known.server === command.server)
        .map((known) => known.originalName);
      return {
        ok: false,
        message: `kitchen wire: ${command.server} offers no tool "${command.tool}"; it offers ${offered.join(', ') || 'none'}`,
      };
    }
    const read = readToolArguments(tool.inputSchema, command.pairs, command.flags.toolArgs);
    return read.ok
      ? { ok: true, input: read.input }
      : { ok: false, message: `kitchen wire ${command.server} ${command.tool}: ${read.message}` };
  } finally {
    await toolbox.close();
  }
}

// `kitchen tools|call|resources|read|prompts`: try a server by hand, as the MCP inspector does,
// through the same mcpServers config, with results, progress and the server's log lines printed.
// App side: the host's Toolbox does every request; this file only picks servers and words output.

import {
  type CompletionReference,
  ConfigurationError,
  describeError,
  type Gate,
  GateRuleError,
  type LoopEventDraft,
  MAIN_AGENT,
  readServerSkills,
  type ServerFeatures,
  stamp,
  Toolbox,
  withDefined,
} from '@kitchen/host';
import { loadRunConfig } from '@kitchen/runtime/config/load-run-config';
import { rootsFromFlags } from '@kitchen/runtime/config/roots-from-flags';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import { ServerStartError } from '@kitchen/runtime/server-processes/launch-server';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { createAuthorizationPrompt } from '@kitchen/runtime/text/authorization-prompt';
import { describeUnavailable } from '@kitchen/runtime/text/describe-toolbox';
import type { InspectCommand } from '../command/cli-command.js';
import { createEventWriter } from '../terminal/event-writer.js';
import { createHeldOutput } from '../terminal/held-output.js';
import { shouldUseColour } from '../terminal/paint.js';
import { LINE_WIDTH } from '../terminal/render-event.js';
import { createTerminalPerson, toolCallTimeoutMs } from '../terminal/terminal-person.js';
import { argumentPairs } from './argument-pairs.js';
import { type ByHandAnswers, createByHandAnswers } from './by-hand-answers.js';
import {
  printCallResult,
  printCompletion,
  printPrompts,
  printRead,
  printResources,
  printTools,
} from './print-inspection.js';
import { printPrompt } from './print-prompt.js';
import { printSkills } from './print-skills.js';
import { missingArguments } from './prompt-task.js';
import { readToolArguments } from './tool-arguments.js';

/** `kitchen prompt SERVER NAME --show`: prompts/get printed, not run. */
export interface ShowPromptCommand {
  name: 'prompt';
  server: string;
  prompt: string;
  flags: InspectCommand['flags'];
}

export async function runInspectCommand(
  command: InspectCommand | ShowPromptCommand,
  output: KitchenOutput,
  signal: AbortSignal,
): Promise<number> {
  const { flags } = command;
  const complain = (line: string) => output.stderr.write(`${line}\n`);
  const stdout = createHeldOutput(output.stdout);
  const color = !flags.json && shouldUseColour(output.stdout, output.environment);
  const loaded = loadRunConfig(flags, output.environment);
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const names = loaded.config.servers.map((server) => server.name);
  if (command.server !== undefined && !names.includes(command.server)) {
    complain(
      `kitchen ${command.name}: no server named "${command.server}"; the config has ${names.join(', ')} (or add one with --server NAME=URL)`,
    );
    return EXIT.usage;
  }
  // Only the server asked about is started and connected.
  const entries = loaded.config.servers.filter(
    (server) => command.server === undefined || server.name === command.server,
  );
  // A wide terminal gets wide lines: a call by hand shows as much as the screen holds.
  const width = Math.max(LINE_WIDTH, output.stdout.columns ?? LINE_WIDTH);
  const writeEvent = createEventWriter({ json: flags.json, color, width, stdout });
  const terminal = createTerminalPerson({ flags, output, held: stdout, color });
  const emit = (draft: LoopEventDraft) => writeEvent(stamp(draft));
  let answers: ByHandAnswers;
  try {
    answers = createByHandAnswers({ flags, config: loaded.config, output, terminal, emit });
  } catch (error) {
    complain(`kitchen ${command.name}: ${describeError(error)}`);
    return error instanceof ConfigurationError || error instanceof GateRuleError ? EXIT.usage : EXIT.failed;
  }
  let servers: RunningServers | undefined;
  let toolbox: Toolbox | undefined;
  try {
    const startTimeoutMs = flags.startTimeoutMs === undefined ? {} : { startTimeoutMs: flags.startTimeoutMs };
    servers = await startServers(entries, {
      seed: flags.seed,
      jars: flags.jars,
      signal,
      ...withDefined({ timeoutMs: flags.startTimeoutMs }),
    });
    toolbox = await Toolbox.connect(servers.connections, {
      clientName: 'mcp-kitchen-inspect',
      ...startTimeoutMs,
      emit,
      // A call whose server waits on a person (a sampling approval, a form) must outlast them.
      callTimeoutMs: toolCallTimeoutMs(terminal, answers.approvalTimeoutMs),
      ...withDefined({ logLevel: flags.logLevel }),
      ...(rootsFromFlags(flags.roots) === undefined ? {} : { roots: rootsFromFlags(flags.roots) }),
      authorization: createAuthorizationPrompt({ say: complain, openBrowser: flags.openBrowser === true }),
      // A server's sampling request and form are answered as a run answers them.
      handlers: answers.handlers,
    });
    for (const line of describeUnavailable(toolbox)) complain(line);
    if (command.name === 'tools') {
      printTools(
        stdout,
        toolbox.list().filter((tool) => tool.server !== 'local'),
        flags.json,
      );
      return toolbox.unavailable.length === 0 ? EXIT.ok : EXIT.failed;
    }
    const server = toolbox.server(command.server);
    if (server === undefined) return EXIT.failed;
    if (command.name === 'skills') {
      const connection = servers.connections.find((known) => known.name === command.server);
      if (connection === undefined || !('url' in connection)) {
        complain(`kitchen skills: ${command.server} is not reached over HTTP, and skills are read over HTTP only`);
        return EXIT.failed;
      }
      const read = await readServerSkills(connection.url, 'mcp-kitchen-inspect');
      printSkills(stdout, command.server, read, flags.json);
      return read.skills.every((skill) => skill.files.every((file) => file.verified)) ? EXIT.ok : EXIT.failed;
    }
    return await inspectServer(command, server, toolbox, {
      stdout,
      json: flags.json,
      width,
      complain,
      writeEvent,
      signal,
      gate: answers.gate,
    });
  } catch (error) {
    complain(error instanceof ServerStartError ? error.message : `kitchen ${command.name}: ${describeError(error)}`);
    return signal.aborted ? EXIT.interrupted : EXIT.failed;
  } finally {
    await toolbox?.close().catch(() => {});
    await servers?.stop();
  }
}

interface InspectOutput {
  stdout: { write(text: string): unknown };
  json: boolean;
  /** The terminal's width (at least the usual 100 columns). */
  width: number;
  complain: (line: string) => void;
  writeEvent: ReturnType<typeof createEventWriter>;
  signal: AbortSignal;
  /** For the calls an App makes (`kitchen call --app`): rules and the person. */
  gate: Gate;
}

async function inspectServer(
  command: Exclude<InspectCommand, { name: 'tools' | 'skills' }> | ShowPromptCommand,
  server: ServerFeatures,
  toolbox: Toolbox,
  out: InspectOutput,
): Promise<number> {
  switch (command.name) {
    case 'resources': {
      const [resources, templates] = await Promise.all([server.listResources(), server.listResourceTemplates()]);
      printResources(out.stdout, server.server, resources, templates, out.json);
      return EXIT.ok;
    }
    case 'read':
      printRead(out.stdout, await server.readResource(command.uri), out.json);
      return EXIT.ok;
    case 'prompts':
      printPrompts(out.stdout, server.server, await server.listPrompts(), out.json);
      return EXIT.ok;
    case 'prompt': {
      const args = argumentPairs(command.flags.promptArgs ?? []);
      const missing = await missingArguments(server, command.prompt, args);
      if (missing !== undefined) {
        out.complain(`kitchen prompt: ${missing}`);
        return EXIT.usage;
      }
      const result = await server.getPrompt(command.prompt, args);
      printPrompt(out.stdout, { server: server.server, prompt: command.prompt, result }, out.json);
      return EXIT.ok;
    }
    case 'complete': {
      if (!server.capabilities.completions) {
        out.complain(`kitchen complete: ${server.server} does not offer completions (no completions capability)`);
        return EXIT.failed;
      }
      const ref: CompletionReference =
        command.kind === 'prompt'
          ? { type: 'ref/prompt', name: command.target }
          : { type: 'ref/resource', uri: command.target };
      const context = argumentPairs(command.flags.promptArgs ?? []);
      const completion = await server.complete(ref, { name: command.argument, value: command.prefix }, context);
      printCompletion(out.stdout, { server: server.server, ref, argument: command.argument, completion }, out.json);
      return EXIT.ok;
    }
    case 'call': {
      const tool = toolbox
        .list()
        .find((known) => known.server === server.server && known.originalName === command.tool);
      if (tool === undefined) {
        const offered = toolbox
          .list()
          .filter((known) => known.server === server.server)
          .map((known) => known.originalName);
        out.complain(
          `kitchen call: ${server.server} offers no tool "${command.tool}"; it offers ${offered.join(', ') || 'none'}`,
        );
        return EXIT.usage;
      }
      const input = readToolArguments(tool.inputSchema, command.pairs, command.flags.toolArgs);
      if (!input.ok) {
        out.complain(`kitchen call ${server.server} ${command.tool}: ${input.message}`);
        return EXIT.usage;
      }
      const callId = 'call-1';
      out.writeEvent(
        stamp({
          type: 'tool-call',
          agent: MAIN_AGENT.id,
          callId,
          tool: tool.name,
          server: server.server,
          input: input.input,
        }),
      );
      const started = Date.now();
      const outcome = await toolbox.call(tool.name, input.input, {
        callId,
        agent: MAIN_AGENT,
        signal: out.signal,
        emit: (draft) => out.writeEvent(stamp(draft)),
      });
      printCallResult(
        out.writeEvent,
        { callId, tool: tool.name, server: server.server, outcome, started },
        out.json ? undefined : { out: out.stdout, width: out.width },
      );
      const { app } = tool;
      if (app !== undefined && command.flags.showApp === true) {
        const { showCallApp } = await import('./app-preview/show-call-app.js');
        return showCallApp({
          ...out,
          server,
          toolbox,
          tool: { ...tool, app },
          input: input.input,
          outcome,
          gate: out.gate,
        });
      }
      if (app !== undefined) out.complain(hasAnApp(server.server, command, app.resourceUri));
      else if (command.flags.showApp === true)
        out.complain(`kitchen call --app: ${server.server} ${command.tool} has no App (no _meta.ui.resourceUri)`);
      return outcome.isError ? EXIT.failed : EXIT.ok;
    }
  }
}

/** Where a call by hand says its tool has an App, and the command that shows it. */
function hasAnApp(
  server: string,
  command: { tool: string; pairs: string[]; flags: { toolArgs?: string } },
  uri: string,
): string {
  const args = command.flags.toolArgs === undefined ? [] : ['--args', shellWord(command.flags.toolArgs)];
  const words = ['kitchen call', server, command.tool, ...command.pairs.map(shellWord), ...args, '--app'];
  return `${server} ${command.tool} has an App (${uri}); see this call in it with: ${words.join(' ')}`;
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

// One tools/call made by hand, on a session of its own, with every JSON-RPC message that crossed
// the wire kept in order: what a server developer wants to see while building a server. Host
// side, at the wire. The session offers sampling and forms only when the caller gives it handlers
// (the same ones a run answers with: a model, a budget and a person to ask), and it is closed when
// the call ends. It speaks 2025-11-25 on the v1
// client, or 2026-07-28 on the v2 one when the server's `protocol` setting names that revision.
// On 2025-11-25, a tool the server says must run as a task is run as one (tasks/get, tasks/result).

import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  CallToolResult,
  CreateMessageRequest,
  ElicitRequest,
  JSONRPCMessage,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { describeError } from '../errors.js';
import type { ToolOutcome } from '../tool-types.js';
import { withDefined } from '../with-defined.js';
import { REVISION_2026 } from './protocol-revisions.js';
import { isStdioConnection, type ServerConnection } from './server-connection.js';
import { MAX_LIST_PAGES } from './server-features.js';
import type { ServerRequestHandlers } from './server-requests.js';
import { readToolResult } from './tool-result-content.js';

export interface WireMessage {
  /** out: from the host to the server; in: from the server. */
  direction: 'out' | 'in';
  at: number;
  message: JSONRPCMessage;
}

export interface RecordedToolCall {
  outcome: ToolOutcome;
  /** Every message of the session, from initialize to the call's answer. */
  messages: WireMessage[];
  durationMs: number;
}

export interface RecordToolCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  clientName?: string;
  /**
   * How the session answers the server's sampling requests and forms, in either revision (pushed
   * on 2025-11-25, `input_required` on 2026-07-28). Without them the session declares neither.
   */
  handlers?: ServerRequestHandlers;
}

/** Never throws: a server that is down, refuses the arguments or fails ends in the outcome's words. */
export async function recordToolCall(
  server: ServerConnection,
  tool: string,
  input: Record<string, unknown>,
  options: RecordToolCallOptions,
): Promise<RecordedToolCall> {
  const messages: WireMessage[] = [];
  const started = Date.now();
  const clientName = options.clientName ?? 'mcp-kitchen-inspector';
  const finish = (outcome: ToolOutcome): RecordedToolCall => ({ outcome, messages, durationMs: Date.now() - started });
  let session: ByHandSession | undefined;
  try {
    session = await (server.protocol === REVISION_2026 ? openSession2026 : openSession2025)(server, messages, {
      clientName,
      timeoutMs: options.timeoutMs,
      ...withDefined({ handlers: options.handlers }),
    });
    const result = await session.callTool(
      { name: tool, arguments: input },
      { timeout: options.timeoutMs, ...withDefined({ signal: options.signal }) },
    );
    // Only pre-2024-11-05 servers answer with the old { toolResult } shape.
    if (!Array.isArray(result.content)) return finish({ isError: false, content: JSON.stringify(result) });
    const read = readToolResult(result as CallToolResult, { server: server.name });
    return finish({
      isError: result.isError === true,
      content: read.text,
      ...(read.attachments.length === 0 ? {} : { attachments: read.attachments }),
    });
  } catch (error) {
    return finish({
      isError: true,
      content: `Tool "${tool}" on server "${server.name}" failed: ${describeError(error)}`,
    });
  } finally {
    await session?.close().catch(() => {});
  }
}

interface SessionSettings {
  clientName: string;
  timeoutMs: number;
  handlers?: ServerRequestHandlers;
}

/** What the session tells the server it answers: sampling and forms only when it has their handlers. */
function answeredCapabilities(handlers: ServerRequestHandlers | undefined) {
  return {
    ...(handlers?.sampling === undefined ? {} : { sampling: {} }),
    ...(handlers?.elicitation === undefined ? {} : { elicitation: { form: { applyDefaults: true } } }),
  };
}

/** A by-hand session in one revision: one call, then closed. */
interface ByHandSession {
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    options: { timeout: number; signal?: AbortSignal },
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** 2025-11-25 on the v1 client SDK, loaded only when a call is made by hand (not by every run of the CLI). */
async function openSession2025(
  server: ServerConnection,
  messages: WireMessage[],
  { clientName, timeoutMs, handlers }: SessionSettings,
): Promise<ByHandSession> {
  const [{ Client }, { openTransport }, { CreateMessageRequestSchema, ElicitRequestSchema }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('./server-transport.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const { transport } = openTransport(server, () => {});
  const client = new Client({ name: clientName, version: '0.1.0' }, { capabilities: answeredCapabilities(handlers) });
  const { sampling, elicitation } = handlers ?? {};
  if (sampling !== undefined)
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
      sampling(server.name, request.params, undefined, extra.signal, 'push'),
    );
  if (elicitation !== undefined)
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      elicitation(server.name, request.params, undefined, extra.signal, 'push'),
    );
  const session: ByHandSession = {
    callTool: async (params, callOptions) => {
      // A tool that must run as a task is run as one, on this same session (so its messages are kept too).
      const tool = await taskRequiredTool(client, params.name, callOptions.timeout);
      if (tool === undefined) return client.callTool(params, undefined, callOptions);
      const { runAsTask, taskSession2025 } = await import('./task-tool-call.js');
      return runAsTask(
        taskSession2025(client, server.name, () => {}),
        tool,
        params,
        { timeout: callOptions.timeout, signal: callOptions.signal ?? new AbortController().signal },
        () => {},
      );
    },
    close: () => client.close(),
  };
  try {
    await client.connect(recorded(transport, messages), { timeout: timeoutMs });
  } catch (error) {
    await session.close().catch(() => {});
    throw error;
  }
  return session;
}

/**
 * The tool, when the server runs tasks (its capabilities say so) and lists `name` as task-required;
 * otherwise undefined, and nothing more is asked of a server that does not run tasks.
 */
async function taskRequiredTool(
  client: import('@modelcontextprotocol/sdk/client/index.js').Client,
  name: string,
  timeoutMs: number,
): Promise<Tool | undefined> {
  if (client.getServerCapabilities()?.tasks?.requests?.tools?.call === undefined) return undefined;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const listed = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
    const tool = listed.tools.find((candidate) => candidate.name === name);
    if (tool !== undefined) return tool.execution?.taskSupport === 'required' ? tool : undefined;
    cursor = listed.nextCursor;
    if (cursor === undefined) return undefined;
  }
  return undefined;
}

/** 2026-07-28 on the v2 client SDK, pinned: a server that does not speak it is refused, not met in 2025. */
async function openSession2026(
  server: ServerConnection,
  messages: WireMessage[],
  { clientName, timeoutMs, handlers }: SessionSettings,
): Promise<ByHandSession> {
  const [{ Client }, { openTransport2026 }] = await Promise.all([
    import('@modelcontextprotocol/client'),
    import('./client-2026.js'),
  ]);
  const transport = openTransport2026(
    isStdioConnection(server)
      ? {
          command: server.command,
          ...withDefined({ args: server.args, env: server.env, cwd: server.cwd }),
          onStderr: () => {},
        }
      : { url: server.url, ...withDefined({ headers: server.headers }) },
  );
  const client = new Client(
    { name: clientName, version: '0.1.0' },
    {
      capabilities: answeredCapabilities(handlers),
      versionNegotiation: { mode: { pin: REVISION_2026 }, probe: { timeoutMs } },
      // Requests embedded in an input_required result go to the handlers, then the call is retried.
      inputRequired: { autoFulfill: true },
    },
  );
  // The v2 types describe the same JSON as the v1 ones the handlers take; only the classes differ.
  const { sampling, elicitation } = handlers ?? {};
  if (sampling !== undefined)
    client.setRequestHandler('sampling/createMessage', (request, extra) =>
      sampling(
        server.name,
        request.params as CreateMessageRequest['params'],
        undefined,
        extra.mcpReq.signal,
        'input_required',
      ),
    );
  if (elicitation !== undefined)
    client.setRequestHandler('elicitation/create', (request, extra) =>
      elicitation(
        server.name,
        request.params as ElicitRequest['params'],
        undefined,
        extra.mcpReq.signal,
        'input_required',
      ),
    );
  const session: ByHandSession = {
    callTool: (params, callOptions) => client.callTool(params, callOptions),
    close: () => client.close(),
  };
  try {
    // The v2 transport has the v1 one's shape: the same recording sees its messages.
    await client.connect(recorded(transport as unknown as Transport, messages) as never, { timeout: timeoutMs });
    if (client.getProtocolEra() !== 'modern') {
      throw new Error(`it answered in ${client.getNegotiatedProtocolVersion() ?? 'no revision'}, not ${REVISION_2026}`);
    }
  } catch (error) {
    await session.close().catch(() => {});
    throw error;
  }
  return session;
}

/** Every message sent and received on `transport`, kept in `messages`. */
function recorded(transport: Transport, messages: WireMessage[]): Transport {
  const send = transport.send.bind(transport);
  transport.send = (message, sendOptions) => {
    messages.push({ direction: 'out', at: Date.now(), message });
    return send(message, sendOptions);
  };
  return wrapIncoming(transport, messages);
}

/** The Protocol sets onmessage in connect(); intercepting the setter sees every message from the start. */
function wrapIncoming(transport: Transport, messages: WireMessage[]): Transport {
  let handler: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => handler,
    set: (next: Transport['onmessage']) => {
      if (next === undefined) {
        handler = undefined;
        return;
      }
      handler = (message, extra) => {
        messages.push({ direction: 'in', at: Date.now(), message });
        next(message, extra);
      };
    },
  });
  return transport;
}

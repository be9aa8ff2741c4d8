// The 2026-07-28 path to a server, through the v2 client SDK. Host side, at the wire: the host
// asks a server whether it speaks revision 2026-07-28 (server/discover); one that does is kept on
// this client, any other is left to the 2025-11-25 client (server-client.ts). On this era a server
// asks for input with `input_required` results: the v2 client answers them through the same
// handlers the 2025 path uses for pushed requests, then retries. List changes and resource updates
// arrive on a `subscriptions/listen` stream, and log lines only when a request asks for them.

import {
  type CallToolResult as CallToolResult2026,
  Client,
  LOG_LEVEL_META_KEY,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type {
  CallToolResult,
  CreateMessageRequest,
  ElicitRequest,
  LoggingLevel,
  LoggingMessageNotification,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { withDefined } from '../with-defined.js';
import { asHostCallError } from './client-2026-errors.js';
import { ListenStreams } from './listen-streams.js';
import { APPS_CLIENT_EXTENSIONS } from './mcp-apps.js';
import { REVISION_2026 } from './protocol-revisions.js';
import { type FeatureRequests, MAX_LIST_PAGES } from './server-features.js';
import { answerRootsList, linkedSignal, notOffered, type ServerClientOptions } from './server-requests.js';
import { offersTasks2026, type TaskSession2026, taskSession2026 } from './tasks/task-session-2026.js';

/** Where the server is: a URL, or a command the host starts and talks to over stdin/stdout. */
export type Target2026 =
  | {
      url: string;
      headers?: Record<string, string>;
      fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>;
    }
  | { command: string; args?: string[]; env?: Record<string, string>; cwd?: string; onStderr: (line: string) => void };

export interface Server2026Options extends ServerClientOptions {
  target: Target2026;
  timeoutMs: number;
  /** Asked for on every call (`_meta` io.modelcontextprotocol/logLevel); absent, the server sends no log lines. */
  logLevel?: LoggingLevel;
}

/** A connected 2026-07-28 server: tools, the other features, and close. */
export interface Server2026 {
  listTools(timeoutMs: number): Promise<Tool[]>;
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    options: {
      signal: AbortSignal;
      timeout: number;
      resetTimeoutOnProgress: boolean;
      onprogress: (progress: { progress: number; total?: number; message?: string }) => void;
    },
  ): Promise<CallToolResult>;
  /** Resources, prompts and completions, for ServerFeatures. */
  features: FeatureRequests;
  /** Present when the server declares the tasks extension: its tool calls go through it. */
  tasks?: TaskSession2026;
  close(): Promise<void>;
}

/** The server did not take up revision 2026-07-28; `error` says what happened instead. */
export interface Refusal2026 {
  refused: true;
  error: unknown;
}

/**
 * Connects when the server offers revision 2026-07-28. The probe is pinned, not `auto`: `auto`
 * would fall back to a 2025 initialize on this client and leave the server a session the 2025
 * client then opens again. Any other answer (or none) is a refusal the caller words.
 */
export async function connectServer2026(options: Server2026Options): Promise<Server2026 | Refusal2026> {
  const { server, handlers } = options;
  const refreshLater = { autoRefresh: false, debounceMs: 50 };
  const client = new Client(
    { name: options.clientName, version: options.clientVersion },
    {
      capabilities: CLIENT_CAPABILITIES_2026,
      versionNegotiation: { mode: { pin: REVISION_2026 }, probe: { timeoutMs: options.timeoutMs } },
      // The default: embedded requests go to the handlers below, then the call is retried.
      inputRequired: { autoFulfill: true },
      listMaxPages: MAX_LIST_PAGES,
      // Opens one subscriptions/listen stream at connect for the lists the server says can change.
      listChanged: {
        tools: { ...refreshLater, onChanged: () => options.onToolsChanged() },
        resources: { ...refreshLater, onChanged: () => options.onFeaturesChanged?.() },
        prompts: { ...refreshLater, onChanged: () => options.onFeaturesChanged?.() },
      },
    },
  );
  // The v2 types describe the same JSON as the v1 ones the handlers take; only the classes differ.
  client.setRequestHandler('sampling/createMessage', async (request, extra) => {
    if (!handlers?.sampling) throw notOffered('sampling (sampling/createMessage)', server);
    const context = options.calls.current();
    const params = request.params as CreateMessageRequest['params'];
    return handlers.sampling(server, params, context, linkedSignal(extra.mcpReq.signal, context), 'input_required');
  });
  client.setRequestHandler('elicitation/create', async (request, extra) => {
    if (!handlers?.elicitation) throw notOffered('elicitation (elicitation/create)', server);
    const context = options.calls.current();
    const params = request.params as ElicitRequest['params'];
    return handlers.elicitation(server, params, context, linkedSignal(extra.mcpReq.signal, context), 'input_required');
  });
  client.setRequestHandler('roots/list', answerRootsList(options.roots));
  client.setNotificationHandler('notifications/message', (notification) => {
    options.onLog?.(notification.params as LoggingMessageNotification['params']);
  });
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    options.onResourceUpdated?.(notification.params.uri);
  });

  const transport = openTransport2026(options.target);
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    return { refused: true, error };
  }
  if (client.getProtocolEra() !== 'modern') {
    await client.close().catch(() => undefined);
    return { refused: true, error: new Error(`it negotiated ${client.getNegotiatedProtocolVersion() ?? 'nothing'}`) };
  }
  const tasks = offersTasks2026(client)
    ? taskSession2026(client, transport as never, {
        server,
        clientName: options.clientName,
        clientVersion: options.clientVersion,
        clientCapabilities: CLIENT_CAPABILITIES_2026,
        handlers,
        roots: options.roots,
        stdio: !('url' in options.target),
        requestMeta: options.logLevel === undefined ? {} : { [LOG_LEVEL_META_KEY]: options.logLevel },
        log: (text) => options.onLog?.({ level: 'warning', data: text } as LoggingMessageNotification['params']),
      })
    : undefined;
  return server2026(client, options, tasks);
}

/**
 * roots are deprecated in this revision (SEP-2577) but still asked for with input_required; the
 * Apps extension is declared here so calls sent through the tasks session declare it too.
 */
const CLIENT_CAPABILITIES_2026 = {
  sampling: {},
  elicitation: { form: { applyDefaults: true }, url: {} },
  roots: {},
  extensions: APPS_CLIENT_EXTENSIONS,
};

/** The v2 SDK's transport to a 2026-07-28 server: Streamable HTTP for a URL, stdio (probed in place) for a command. */
export function openTransport2026(target: Target2026) {
  if ('url' in target) {
    return new StreamableHTTPClientTransport(new URL(target.url), {
      ...withDefined({ fetch: target.fetch }),
      ...(target.headers === undefined ? {} : { requestInit: { headers: target.headers } }),
    });
  }
  // A subclass, because the SDK probes a plain StdioClientTransport on a second, short-lived copy
  // of the server; a subclass is probed in place, so the server is started once.
  const transport = new InPlaceStdioTransport({
    command: target.command,
    ...withDefined({ args: target.args, env: target.env, cwd: target.cwd }),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    for (const line of String(chunk).split('\n')) if (line.trim() !== '') target.onStderr(line);
  });
  return transport;
}

class InPlaceStdioTransport extends StdioClientTransport {}

function server2026(client: Client, options: Server2026Options, tasks: TaskSession2026 | undefined): Server2026 {
  const logMeta = options.logLevel === undefined ? undefined : { [LOG_LEVEL_META_KEY]: options.logLevel };
  const withLogLevel = <Params extends object>(params: Params) =>
    logMeta === undefined ? params : { ...params, _meta: logMeta };
  const streams = new ListenStreams(client, options.timeoutMs, () => {
    // Whatever changed while the stream was down was not heard: fetch the lists again.
    options.onToolsChanged();
    options.onFeaturesChanged?.();
  });
  streams.keepOpen(client.autoOpenedSubscription);
  const rethrown = <Result>(request: Promise<Result>) =>
    request.catch((error: unknown) => {
      throw asHostCallError(error);
    });

  const features: FeatureRequests = {
    getServerCapabilities: () => client.getServerCapabilities() as ServerCapabilities | undefined,
    // Without a cursor the v2 client would walk every page: ask for the first page by name.
    listResources: (params, requestOptions) =>
      rethrown(
        params.cursor === undefined
          ? client.request({ method: 'resources/list', params: {} }, requestOptions)
          : client.listResources({ cursor: params.cursor }, requestOptions),
      ) as ReturnType<FeatureRequests['listResources']>,
    listResourceTemplates: (params, requestOptions) =>
      rethrown(
        params.cursor === undefined
          ? client.request({ method: 'resources/templates/list', params: {} }, requestOptions)
          : client.listResourceTemplates({ cursor: params.cursor }, requestOptions),
      ) as ReturnType<FeatureRequests['listResourceTemplates']>,
    readResource: (params, requestOptions) =>
      rethrown(client.readResource(withLogLevel(params), { ...requestOptions, cacheMode: 'bypass' })) as ReturnType<
        FeatureRequests['readResource']
      >,
    subscribeResource: ({ uri }, requestOptions) => rethrown(streams.watch(uri, requestOptions)),
    unsubscribeResource: ({ uri }) => streams.unwatch(uri),
    listPrompts: (params, requestOptions) =>
      rethrown(
        params.cursor === undefined
          ? client.request({ method: 'prompts/list', params: {} }, requestOptions)
          : client.listPrompts({ cursor: params.cursor }, requestOptions),
      ) as ReturnType<FeatureRequests['listPrompts']>,
    getPrompt: (params, requestOptions) =>
      rethrown(client.getPrompt(withLogLevel(params), requestOptions)) as ReturnType<FeatureRequests['getPrompt']>,
    complete: (params, requestOptions) =>
      rethrown(client.complete(params, requestOptions)) as ReturnType<FeatureRequests['complete']>,
  };

  return {
    // The whole list (the client walks the pages), kept by the client to check each result's
    // structured content against the tool's output schema.
    // A server without the tools capability is not asked (the SDK would print a debug line on stdout).
    listTools: async (timeoutMs) =>
      client.getServerCapabilities()?.tools === undefined
        ? []
        : ((await rethrown(client.listTools(undefined, { timeout: timeoutMs, cacheMode: 'refresh' }))).tools as Tool[]),
    // Errors pass as the v2 client raised them: the caller tells a lost connection from an answer.
    callTool: async (params, callOptions) =>
      (await client.callTool(withLogLevel(params), {
        ...callOptions,
        onprogress: withoutRoundReports(callOptions.onprogress),
      })) satisfies CallToolResult2026 as CallToolResult,
    features,
    ...(tasks === undefined ? {} : { tasks }),
    close: async () => {
      await streams.close();
      await client.close();
    },
  };
}

/** The v2 client's own words for an `input_required` round it is answering, passed to onprogress. */
const ROUND_REPORT = /^Fulfilling input required by '[^']*' \(round \d+\)$/;

/**
 * Drops the v2 client's round reports from a call's progress: it tells onprogress of each
 * `input_required` round it answers, as if the server had sent progress. The host already shows
 * the round as the sampling or elicitation events it raises (`via: 'input_required'`), so only the
 * server's own progress reaches the lane, as in 2025. The reports restart no timeout (the client
 * calls onprogress directly), so dropping them changes nothing else.
 */
function withoutRoundReports<Progress extends { total?: number; message?: string }>(
  onprogress: (progress: Progress) => void,
): (progress: Progress) => void {
  return (progress) => {
    if (progress.total === undefined && ROUND_REPORT.test(progress.message ?? '')) return;
    onprogress(progress);
  };
}

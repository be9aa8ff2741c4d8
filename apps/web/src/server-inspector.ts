// The inspector beside the run: what each connected server offers (tools with their schemas,
// resources, resource templates, prompts) and a tool called by hand on a session of its own,
// answered with every raw MCP message of that session. App side; the wire work is the host's
// recordToolCall.

import {
  type Completion,
  type CompletionReference,
  DEFAULT_CALL_TIMEOUT_MS,
  describeError,
  describeServerLocation,
  type ProtocolEra,
  type ServerConnection,
  type ServerFeatures,
  type ServerRequestHandlers,
  type Toolbox,
} from '@kitchen/host';
import { callInServersRevision, type HandCall } from './inspector/hand-call.js';

export interface ServerView {
  name: string;
  location: string;
  available: boolean;
  /** The revision the kitchen speaks with it (2026-07-28 when it offers that); absent while unavailable. */
  revision?: ProtocolEra;
  tools: Array<{
    name: string;
    description: string;
    inputSchema: unknown;
    annotations: Record<string, unknown>;
  }>;
  resources: unknown[];
  resourceTemplates: unknown[];
  prompts: unknown[];
  /** Why a list could not be read, when one could not. */
  problem?: string;
}

/** A server that was unavailable is tried again first: one that came up since is connected and listed. */
export async function describeServers(toolbox: Toolbox, connections: ServerConnection[]): Promise<ServerView[]> {
  const down = new Set(toolbox.unavailable.map((failure) => failure.server));
  await Promise.all(
    connections.filter((connection) => down.has(connection.name)).map((connection) => toolbox.reconnect(connection)),
  );
  return Promise.all(
    connections.map(async (connection): Promise<ServerView> => {
      const features = toolbox.server(connection.name);
      const revision = toolbox.era(connection.name);
      const view: ServerView = {
        name: connection.name,
        location: describeServerLocation(connection),
        available: features !== undefined,
        ...(revision === undefined ? {} : { revision }),
        tools: toolbox
          .list()
          .filter((tool) => tool.server === connection.name)
          .map((tool) => ({
            name: tool.originalName,
            description: tool.description,
            inputSchema: tool.inputSchema,
            annotations: { ...tool.annotations },
          })),
        resources: [],
        resourceTemplates: [],
        prompts: [],
      };
      if (features === undefined) return view;
      try {
        [view.resources, view.resourceTemplates, view.prompts] = await Promise.all([
          features.listResources(),
          features.listResourceTemplates(),
          features.listPrompts(),
        ]);
      } catch (error) {
        view.problem = `Could not list what ${connection.name} offers: ${describeError(error)}`;
      }
      return view;
    }),
  );
}

export type HandCallResult = { ok: true; call: HandCall } | { ok: false; status: 404; message: string };

/**
 * Calls `tool` (its own name on the server) by hand, in the revision the kitchen speaks with the
 * server; the gate is not asked: the person pressed Call. `answers`: how the session answers the
 * server's sampling requests and forms (hand-calls.ts).
 */
export async function callToolByHand(
  toolbox: Toolbox,
  connections: ServerConnection[],
  server: string,
  tool: string,
  input: Record<string, unknown>,
  answers: { handlers?: ServerRequestHandlers; timeoutMs?: number } = {},
): Promise<HandCallResult> {
  const connection = connections.find((candidate) => candidate.name === server);
  if (connection === undefined)
    return {
      ok: false,
      status: 404,
      message: `There is no server "${server}" in this kitchen; GET /api/servers lists them.`,
    };
  const known = toolbox.list().some((offered) => offered.server === server && offered.originalName === tool);
  if (!known)
    return { ok: false, status: 404, message: `${server} offers no tool "${tool}"; GET /api/servers lists its tools.` };
  return {
    ok: true,
    call: await callInServersRevision(connection, tool, input, {
      era: toolbox.era(server),
      timeoutMs: answers.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
      clientName: 'mcp-kitchen-web-inspector',
      ...(answers.handlers === undefined ? {} : { handlers: answers.handlers }),
    }),
  };
}

export type CompleteResult = { ok: true; completion: Completion } | { ok: false; status: 404; message: string };

/** The server's suggestions for one argument (completion/complete), for the page's prompt and template lists. */
export async function completeByHand(
  toolbox: Toolbox,
  server: string,
  asked: { ref: CompletionReference; argument: string; value: string; context?: Record<string, string> },
): Promise<CompleteResult> {
  const features = toolbox.server(server);
  if (features === undefined)
    return {
      ok: false,
      status: 404,
      message: `There is no connected server "${server}"; GET /api/servers lists them.`,
    };
  const completion = await features.complete(asked.ref, { name: asked.argument, value: asked.value }, asked.context);
  return { ok: true, completion };
}

export type ReadResult =
  | { ok: true; contents: Awaited<ReturnType<ServerFeatures['readResource']>> }
  | { ok: false; status: 404; message: string };

/** resources/read for the page's inspector: what the server answers for one URI. */
export async function readResourceByHand(toolbox: Toolbox, server: string, uri: string): Promise<ReadResult> {
  const features = toolbox.server(server);
  if (features === undefined)
    return {
      ok: false,
      status: 404,
      message: `There is no connected server "${server}"; GET /api/servers lists them.`,
    };
  return { ok: true, contents: await features.readResource(uri) };
}

// One MCP client per server, set up the way the host needs it. Host side, at the wire: it declares
// what the host offers servers (sampling, form and URL elicitation) and routes their requests to the
// host's handlers together with the tool call that caused them. The 2025-11-25 client (the v1 SDK
// and its Ajv): imported only when a server speaks that revision (server-connector.ts).

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { APPS_CLIENT_EXTENSIONS } from './mcp-apps.js';
import { answerRootsList, linkedSignal, notOffered, type ServerClientOptions } from './server-requests.js';

export type {
  Root,
  ServerClientOptions,
  ServerRequestHandlers,
  ServerRequestVia,
} from './server-requests.js';

export function createServerClient(options: ServerClientOptions): Client {
  const { server, handlers } = options;
  // Capabilities must be declared in the constructor: setRequestHandler for sampling or
  // elicitation throws when the matching capability is missing.
  const client = new Client(
    { name: options.clientName, version: options.clientVersion },
    {
      // applyDefaults (SEP-1034): the SDK fills each omitted field of an accepted form with the
      // schema's default. roots: the host answers roots/list and says when the list changes.
      // url: URL-mode elicitation, a link shown to the person (never opened by the host).
      capabilities: {
        sampling: {},
        elicitation: { form: { applyDefaults: true }, url: {} },
        roots: { listChanged: true },
        // MCP Apps: the host renders a tool's ui:// App (the apps do, in a sandboxed frame).
        extensions: APPS_CLIENT_EXTENSIONS,
      },
      listChanged: {
        // autoRefresh would fetch only the first page of tools; the toolbox fetches them all.
        tools: { autoRefresh: false, debounceMs: 50, onChanged: () => options.onToolsChanged() },
        resources: { autoRefresh: false, debounceMs: 50, onChanged: () => options.onFeaturesChanged?.() },
        prompts: { autoRefresh: false, debounceMs: 50, onChanged: () => options.onFeaturesChanged?.() },
      },
    },
  );

  client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
    if (!handlers?.sampling) throw notOffered('sampling (sampling/createMessage)', server);
    const context = options.calls.current();
    return handlers.sampling(server, request.params, context, linkedSignal(extra.signal, context), 'push');
  });

  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    if (!handlers?.elicitation) throw notOffered('elicitation (elicitation/create)', server);
    const context = options.calls.current();
    return handlers.elicitation(server, request.params, context, linkedSignal(extra.signal, context), 'push');
  });

  client.setRequestHandler(ListRootsRequestSchema, answerRootsList(options.roots));

  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    options.onLog?.(notification.params);
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    options.onResourceUpdated?.(notification.params.uri);
  });

  return client;
}

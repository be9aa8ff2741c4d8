// The resources the conformance suite reads and subscribes to (test://static-text,
// test://static-binary, test://template/{id}/data, test://watched-resource). Server side, test
// fixture.

import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { FIXED_RESOURCES, TEMPLATE_RESOURCE } from './fixture-contents.js';

/** The server must declare `resources.subscribe` in its constructor for these handlers to be allowed. */
export function registerFixtureResources(server: McpServer): { subscriptions: ReadonlySet<string> } {
  const subscriptions = new Set<string>();

  for (const fixed of FIXED_RESOURCES) {
    server.registerResource(fixed.name, fixed.uri, fixed.meta, (uri) => ({ contents: fixed.contents(uri.href) }));
  }
  server.registerResource(
    TEMPLATE_RESOURCE.name,
    new ResourceTemplate(TEMPLATE_RESOURCE.uriTemplate, { list: undefined }),
    TEMPLATE_RESOURCE.meta,
    (uri, { id }) => ({ contents: TEMPLATE_RESOURCE.contents(uri.href, id) }),
  );

  server.registerResource(
    'watched-resource',
    'test://watched-resource',
    { title: 'Watched resource', description: 'A resource clients may subscribe to.', mimeType: 'text/plain' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'Watched resource content' }] }),
  );

  // McpServer has no built-in subscribe: the low-level server answers it.
  server.server.setRequestHandler(SubscribeRequestSchema, ({ params }) => {
    subscriptions.add(params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, ({ params }) => {
    subscriptions.delete(params.uri);
    return {};
  });

  return { subscriptions };
}

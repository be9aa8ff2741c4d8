// The resources the conformance suite reads and subscribes to (test://static-text,
// test://static-binary, test://template/{id}/data, test://watched-resource). Server side, test
// fixture.

import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { FIXTURE_PNG_BASE64 } from './fixture-media.js';

/** The server must declare `resources.subscribe` in its constructor for these handlers to be allowed. */
export function registerFixtureResources(server: McpServer): { subscriptions: ReadonlySet<string> } {
  const subscriptions = new Set<string>();

  server.registerResource(
    'static-text',
    'test://static-text',
    { title: 'Static text', description: 'A fixed text resource.', mimeType: 'text/plain' },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
    }),
  );

  server.registerResource(
    'static-binary',
    'test://static-binary',
    { title: 'Static binary', description: 'A fixed PNG image.', mimeType: 'image/png' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: FIXTURE_PNG_BASE64 }] }),
  );

  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { title: 'Template', description: 'JSON data for any id.', mimeType: 'application/json' },
    (uri, { id }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
        },
      ],
    }),
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

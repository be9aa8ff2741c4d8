// Test fixture for `kitchen dev` and `kitchen web --dev`: a plain-JS MCP server in a temporary
// folder with a kitchen.config.json that watches it, for a test to edit and see restarted.
// Server side only as text: the file it writes imports the SDK's server; this module does not.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type DevServerFolder = {
  folder: string;
  /** server.mjs (or src/main.ts): rewrite it with devServerSource to make the kitchen restart the server. */
  serverFile: string;
  /** kitchen.config.json, naming the server `mine` (the plain-JS one with `dev.watch` on `*.mjs`). */
  config: string;
};

/** The SDK's ESM build, by file URL: the temporary folder has no node_modules of its own. */
function sdkModule(path: string): string {
  const cjs = createRequire(import.meta.url).resolve(`@modelcontextprotocol/sdk/${path}`);
  return pathToFileURL(cjs.replace(`${join('dist', 'cjs')}`, join('dist', 'esm'))).href;
}

/**
 * A plain-JS MCP server `mine` (stateless Streamable HTTP) offering `tools`, each answering its
 * own name; it writes `booting VERSION` to stderr once it listens.
 */
export function devServerSource(version: string, tools: string[]): string {
  return `import { createServer } from 'node:http';
import { McpServer } from '${sdkModule('server/mcp.js')}';
import { StreamableHTTPServerTransport } from '${sdkModule('server/streamableHttp.js')}';

const port = Number(process.argv[process.argv.indexOf('--port') + 1] ?? 0);
function build() {
  const server = new McpServer({ name: 'mine', version: '1.0.0' });
  for (const tool of ${JSON.stringify(tools)}) {
    server.registerTool(tool, { description: 'Says ' + tool }, async () => ({ content: [{ type: 'text', text: tool }] }));
  }
  return server;
}
const http = createServer(async (request, response) => {
  const server = build();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  response.on('close', () => void transport.close());
  await server.connect(transport);
  await transport.handleRequest(request, response);
});
http.listen(port, '127.0.0.1', () => {
  console.log('MCP server "mine" listening on http://127.0.0.1:' + http.address().port + '/mcp');
  console.error('booting ${version}');
});
`;
}

/** A fresh folder (named with `prefix`) holding server `mine` at v1 with one tool, `roll`, and its config. */
export function writeDevServerFolder(prefix: string, options: { trust?: boolean } = {}): DevServerFolder {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const serverFile = join(folder, 'server.mjs');
  writeFileSync(serverFile, devServerSource('v1', ['roll']));
  const config = join(folder, 'kitchen.config.json');
  const mine = {
    kitchen: { package: '.', entry: 'server.mjs' },
    protocol: '2025-11-25',
    ...(options.trust ? { trust: true } : {}),
    dev: { watch: '*.mjs' },
  };
  writeFileSync(config, JSON.stringify({ mcpServers: { mine } }));
  return { folder, serverFile, config };
}

/**
 * A fresh folder holding server `mine` as a TypeScript package: `src/main.ts` at v1 with one tool,
 * `roll`, beside a build in `dist/main.js` that is out of date (one tool, `stale`), as a package
 * looks after an edit nobody has built yet. Its config names the entry and watches by default.
 */
export function writeBuiltDevServerFolder(prefix: string): DevServerFolder {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(folder, 'src'));
  mkdirSync(join(folder, 'dist'));
  const serverFile = join(folder, 'src', 'main.ts');
  writeFileSync(serverFile, devServerSource('v1', ['roll']));
  writeFileSync(join(folder, 'dist', 'main.js'), devServerSource('stale', ['stale']));
  const config = join(folder, 'kitchen.config.json');
  const mine = { kitchen: { package: '.', entry: 'src/main.ts' }, protocol: '2025-11-25' };
  writeFileSync(config, JSON.stringify({ mcpServers: { mine } }));
  return { folder, serverFile, config };
}

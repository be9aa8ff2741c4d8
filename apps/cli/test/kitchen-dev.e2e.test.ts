// `kitchen dev` end to end: a server file in a temporary folder, served over HTTP on 127.0.0.1 by
// the kitchen, is edited by the test; the developer loop restarts it and prints the tool it gained,
// with the server's stderr under its name. No clock: each step waits for its line.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CliProcess, PROCESS_TEST_TIMEOUT_MS, startCli, waitUntilGone } from '@kitchen/probe-kit/cli-process';
import { afterEach, describe, expect, it } from 'vitest';

const started: CliProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const cli of started.splice(0)) cli.child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The SDK's ESM build, by file URL: the temporary folder has no node_modules of its own. */
function sdkModule(path: string): string {
  const cjs = createRequire(import.meta.url).resolve(`@modelcontextprotocol/sdk/${path}`);
  return pathToFileURL(cjs.replace(`${join('dist', 'cjs')}`, join('dist', 'esm'))).href;
}

/** A plain-JS MCP server (stateless Streamable HTTP) offering `tools`, each answering its own name. */
function serverSource(version: string, tools: string[]): string {
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

describe('kitchen dev', () => {
  it('restarts the server when its file changes and prints the tool it added, its stderr under its name', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-dev-'));
    folders.push(folder);
    const serverFile = join(folder, 'server.mjs');
    writeFileSync(serverFile, serverSource('v1', ['roll']));
    const config = join(folder, 'kitchen.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          mine: { kitchen: { package: '.', entry: 'server.mjs' }, protocol: '2025-11-25', dev: { watch: '*.mjs' } },
        },
      }),
    );
    const cli = startCli(['dev', 'mine', '--config', config]);
    started.push(cli);
    await cli.waitFor(/🔧 mine: 1 tool: roll/);
    await cli.waitFor(/\[mine\] booting v1/);

    writeFileSync(serverFile, serverSource('v2', ['roll', 'weigh']));
    await cli.waitFor(/server\.mjs changed; restarting mine/);
    await cli.waitFor(/\+ weigh \(added\)/);
    await cli.waitFor(/\[mine\] booting v2/);
    expect(cli.output().stdout).toMatch(/🔧 mine: 2 tools \(was 1\):\n {3}\+ weigh \(added\)\n/);

    cli.child.kill('SIGINT');
    const result = await cli.exited;
    expect(result.code).toBe(0);
    // Every server process the loop started, the first one and its restart.
    const pids = [...result.stdout.matchAll(/\(pid (\d+)\)/g)].map((match) => Number(match[1]));
    expect(pids).toHaveLength(2);
    expect(await waitUntilGone(pids, PROCESS_TEST_TIMEOUT_MS)).toEqual([]);
  });

  it('refuses, in one line naming the config, a server it does not know', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const cli = startCli(['dev', 'nowhere']);
    started.push(cli);
    cli.child.stdin.end();
    const result = await cli.exited;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^kitchen dev: no server named "nowhere"; the config has cookie-jars, dice/);
  });
});

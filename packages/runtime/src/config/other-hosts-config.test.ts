// The config shapes other hosts write, each taken from that host's documentation, read as they
// mean it: VS Code's .vscode/mcp.json ("servers", "inputs", "${input:id}", "envFile",
// "${workspaceFolder}", "type": "sse"), "disabled" servers (Cline, Windsurf), the shell's
// ${VAR:-default} and ${HOME} in any string field, and --server words split as a shell would.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${NAME}" is the config's own variable syntax.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKitchenConfig } from './kitchen-config.js';
import { parseServerFlag, splitCommandLine } from './mcp-servers.js';

const FILE = '/work/project/.vscode/mcp.json';

function servers(data: unknown, environment: NodeJS.ProcessEnv = {}, file = FILE) {
  const result = parseKitchenConfig(data, file, environment);
  if (!result.ok) throw new Error(result.message);
  return result.config;
}

describe("VS Code's mcp.json", () => {
  // The shape of the example in VS Code's MCP configuration reference: "inputs" with a
  // promptString read as ${input:…}, a stdio server, and a remote one over HTTP with headers.
  const MCP_JSON = {
    inputs: [{ type: 'promptString', id: 'perplexity-key', description: 'Perplexity API Key', password: true }],
    servers: {
      Perplexity: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', 'server-perplexity-ask'],
        env: { PERPLEXITY_API_KEY: '${input:perplexity-key}' },
      },
      'my-remote': { type: 'http', url: 'http://api.contoso.com/mcp', headers: { VERSION: '1.2' } },
    },
  };

  it('reads "servers" as the map of servers, an ${input:id} from KITCHEN_INPUT_<ID>', () => {
    const config = servers(MCP_JSON, { KITCHEN_INPUT_PERPLEXITY_KEY: 'pplx-secret' });
    expect(config.servers).toEqual([
      {
        kind: 'stdio',
        name: 'Perplexity',
        command: 'npx',
        args: ['-y', 'server-perplexity-ask'],
        env: { PERPLEXITY_API_KEY: 'pplx-secret' },
      },
      { kind: 'remote', name: 'my-remote', url: 'http://api.contoso.com/mcp', headers: { VERSION: '1.2' } },
    ]);
  });

  it("names the variable that answers an input nobody gave, with the input's description", () => {
    const result = parseKitchenConfig(MCP_JSON, FILE, {});
    expect(result.ok ? '' : result.message).toContain(
      '"env.PERPLEXITY_API_KEY" uses ${input:perplexity-key} (Perplexity API Key), which has no value here; export KITCHEN_INPUT_PERPLEXITY_KEY',
    );
  });

  it("reads an envFile under ${workspaceFolder}, the entry's own env over it", () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-envfile-'));
    writeFileSync(join(folder, '.env'), '# keys\nAPI_KEY=from-file\nexport REGION="eu west"\nLEVEL=debug # inline\n');
    const config = servers(
      {
        servers: {
          python: {
            type: 'stdio',
            command: 'uv',
            args: ['run', '${workspaceFolder}/server.py'],
            envFile: '${workspaceFolder}/.env',
            env: { LEVEL: 'info' },
          },
        },
      },
      {},
      join(folder, 'mcp.json'),
    );
    expect(config.servers).toEqual([
      {
        kind: 'stdio',
        name: 'python',
        command: 'uv',
        args: ['run', `${folder}/server.py`],
        env: { API_KEY: 'from-file', REGION: 'eu west', LEVEL: 'info' },
      },
    ]);
  });

  it('marks a "type": "sse" server for the older HTTP+SSE transport', () => {
    const config = servers({ servers: { legacy: { type: 'sse', url: 'http://127.0.0.1:3001/sse' } } });
    expect(config.servers).toEqual([
      { kind: 'remote', name: 'legacy', url: 'http://127.0.0.1:3001/sse', transport: 'sse' },
    ]);
  });
});

describe('"disabled" servers', () => {
  // Cline's and Windsurf's mcp settings carry "disabled": true on a server they keep but do not start.
  it('skips them and names them in the config', () => {
    const config = servers({
      mcpServers: {
        github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], disabled: true },
        everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], disabled: false },
      },
    });
    expect(config.servers.map((server) => server.name)).toEqual(['everything']);
    expect(config.disabled).toEqual(['github']);
  });

  it('says so when every server is disabled', () => {
    const result = parseKitchenConfig({ mcpServers: { github: { command: 'npx', disabled: true } } }, FILE, {});
    expect(result.ok ? '' : result.message).toContain('every server is "disabled"; enable one');
  });
});

describe('variables in every string field', () => {
  it('expands ${VAR}, ${env:VAR}, ${VAR:-default} and ${HOME} in url, headers, env, command, args and cwd', () => {
    const environment = { HOME: '/home/cook', PORT: '4100', TOKEN: 't0k' };
    const config = servers(
      {
        mcpServers: {
          far: {
            url: 'http://127.0.0.1:${PORT}/mcp',
            headers: { Authorization: 'Bearer ${env:TOKEN}', 'X-Region': '${REGION:-eu}' },
          },
          files: {
            command: '${HOME}/bin/mcp-server-filesystem',
            args: ['${HOME}/notes', '${env:HOME}/docs'],
            env: { LOG: '${LOG_LEVEL:-info}' },
            cwd: '${HOME}',
          },
        },
      },
      environment,
    );
    expect(config.servers).toEqual([
      {
        kind: 'remote',
        name: 'far',
        url: 'http://127.0.0.1:4100/mcp',
        headers: { Authorization: 'Bearer t0k', 'X-Region': 'eu' },
      },
      {
        kind: 'stdio',
        name: 'files',
        command: '/home/cook/bin/mcp-server-filesystem',
        args: ['/home/cook/notes', '/home/cook/docs'],
        env: { LOG: 'info' },
        cwd: '/home/cook',
      },
    ]);
  });

  it('refuses a url that is not one once expanded', () => {
    const result = parseKitchenConfig({ mcpServers: { far: { url: '${WHERE:-ftp://x}' } } }, FILE, {});
    expect(result.ok ? '' : result.message).toContain('"url" is not allowed: "${WHERE:-ftp://x}" once expanded');
  });
});

describe('--server words', () => {
  it('keeps quoted words whole, as a shell would', () => {
    expect(parseServerFlag('x=node "a b.mjs" --name \'my server\' plain\\ word')).toEqual({
      kind: 'stdio',
      name: 'x',
      command: 'node',
      args: ['a b.mjs', '--name', 'my server', 'plain word'],
      env: {},
    });
    expect(splitCommandLine('say "a \\"quoted\\" word" \'\'')).toEqual(['say', 'a "quoted" word', '']);
  });

  it('refuses an unclosed quote', () => {
    expect(parseServerFlag('x=node "a b.mjs')).toContain('a " quote is not closed');
  });
});

describe('"roots" per server', () => {
  it('resolves the folders a server may work in against the config, variables expanded', () => {
    const config = servers(
      {
        mcpServers: {
          files: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-filesystem'],
            roots: ['notes', '${HOME}/docs'],
          },
          none: { url: 'http://127.0.0.1:1/mcp', roots: [] },
        },
      },
      { HOME: '/home/cook' },
      '/work/project/kitchen.config.json',
    );
    expect(config.servers.map((server) => [server.name, 'roots' in server ? server.roots : undefined])).toEqual([
      ['files', ['/work/project/notes', '/home/cook/docs']],
      ['none', []],
    ]);
  });
});

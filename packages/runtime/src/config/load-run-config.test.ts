// --server adds a server to the config for one command: a URL over HTTP, a command over stdio.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KitchenSettings } from '../kitchen-settings.js';
import { loadRunConfig } from './load-run-config.js';

function flagsWith(servers: string[]): KitchenSettings {
  const file = join(mkdtempSync(join(tmpdir(), 'kitchen-run-config-')), 'kitchen.config.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { dice: { url: 'http://127.0.0.1:1/mcp' } } }));
  return { json: false, model: 'offline', seed: 1, jars: 1, latencyMs: 0, rules: [], configPath: file, servers };
}

describe('loadRunConfig', () => {
  it('adds --server entries after the config servers: a URL over HTTP, anything else over stdio', () => {
    const result = loadRunConfig(
      flagsWith(['far=https://mcp.example.com/mcp', 'everything=npx -y @modelcontextprotocol/server-everything']),
    );
    expect(result.ok && result.config.servers).toEqual([
      { kind: 'remote', name: 'dice', url: 'http://127.0.0.1:1/mcp' },
      { kind: 'remote', name: 'far', url: 'https://mcp.example.com/mcp' },
      {
        kind: 'stdio',
        name: 'everything',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-everything'],
        env: {},
      },
    ]);
  });

  it('gives every server the revision --protocol names, over what the config says', () => {
    const result = loadRunConfig({ ...flagsWith(['far=https://mcp.example.com/mcp']), protocol: '2025-11-25' });
    expect(result.ok && result.config.servers.map((server) => [server.name, server.protocol])).toEqual([
      ['dice', '2025-11-25'],
      ['far', '2025-11-25'],
    ]);
  });

  it('names the flag and the fix for a --server it cannot use', () => {
    const message = (servers: string[]) => {
      const result = loadRunConfig(flagsWith(servers));
      return result.ok ? '' : result.message;
    };
    expect(message(['http://127.0.0.1/mcp'])).toBe(
      'kitchen: --server "http://127.0.0.1/mcp" is not usable; write it as --server NAME=http://host/mcp or --server "NAME=command arg…"',
    );
    expect(message(['my server=npx x'])).toContain('the name "my server" is not usable');
    expect(message(['dice=npx x'])).toBe(
      'kitchen: --server dice=… names a server the config already has; pick another name',
    );
  });
});

// kitchen init's starter config: from a server.json as the MCP registry's docs write one, from a
// package.json, and the placeholder when the folder names no server.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${NAME}" is the config's own variable syntax.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { describe, expect, it } from 'vitest';
import { runInit } from './run-init.js';
import { serverNameFrom, starterConfig } from './starter-config.js';

describe('starterConfig', () => {
  it('runs an npm package of a server.json over stdio, with its arguments and environment', () => {
    // The package shape of the registry's server.json reference (registryType, identifier, runtimeHint, transport).
    const serverJson = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.example/weather',
      version: '1.2.0',
      packages: [
        {
          registryType: 'npm',
          identifier: '@example/weather-mcp',
          version: '1.2.0',
          runtimeHint: 'npx',
          transport: { type: 'stdio' },
          packageArguments: [
            { type: 'positional', value: 'serve' },
            { type: 'named', name: '--units', value: 'metric' },
          ],
          environmentVariables: [
            { name: 'WEATHER_API_KEY', isRequired: true, isSecret: true },
            { name: 'WEATHER_REGION', default: 'eu' },
          ],
        },
      ],
    };
    expect(starterConfig({ serverJson }).config).toEqual({
      mcpServers: {
        weather: {
          command: 'npx',
          args: ['-y', '@example/weather-mcp@1.2.0', 'serve', '--units', 'metric'],
          env: { WEATHER_API_KEY: '${WEATHER_API_KEY}', WEATHER_REGION: 'eu' },
        },
      },
    });
  });

  it('reaches the remotes of a server.json by url, the older SSE transport marked', () => {
    // The registry's remote-servers page: one server at two URLs, Streamable HTTP and SSE.
    const serverJson = {
      name: 'com.example/acme-analytics',
      version: '2.0.0',
      remotes: [
        { type: 'streamable-http', url: 'https://analytics.example.com/mcp' },
        { type: 'sse', url: 'https://analytics.example.com/sse' },
      ],
    };
    const starter = starterConfig({ serverJson });
    expect(starter.config.mcpServers).toEqual({
      'acme-analytics': { url: 'https://analytics.example.com/mcp' },
      'acme-analytics-2': { type: 'sse', url: 'https://analytics.example.com/sse' },
    });
    expect(starter.notes).toHaveLength(2);
  });

  it('starts a server on the kit from package.json; runs any other bin over stdio', () => {
    const kit = starterConfig({
      packageJson: { name: '@me/tea-timer', main: 'server.mjs', dependencies: { '@kitchen/server-kit': '0.1.0' } },
    });
    expect(kit.config.mcpServers).toEqual({ 'tea-timer': { kitchen: { package: '.', entry: 'server.mjs' } } });
    const stdio = starterConfig({ packageJson: { name: 'notes-mcp', bin: { 'notes-mcp': './dist/index.js' } } });
    expect(stdio.config.mcpServers).toEqual({ 'notes-mcp': { command: 'node', args: ['./dist/index.js'] } });
    const start = starterConfig({ packageJson: { name: 'x', scripts: { start: 'node index.js' } } });
    expect(start.config.mcpServers).toEqual({ x: { command: 'npm', args: ['start', '--silent'] } });
  });

  it('writes a placeholder it says is one when the folder names no server', () => {
    const starter = starterConfig({ packageJson: { name: 'just-a-library' } });
    expect(Object.keys(starter.config.mcpServers)).toEqual(['everything']);
    expect(starter.notes.join('\n')).toContain('placeholder');
  });

  it('makes config names from registry and package names', () => {
    expect(serverNameFrom('io.github.me/weather')).toBe('weather');
    expect(serverNameFrom('@scope/my.server')).toBe('my-server');
    expect(serverNameFrom('///')).toBe('server');
  });
});

describe('kitchen init', () => {
  function quietOutput() {
    let stdout = '';
    let stderr = '';
    return {
      output: {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        environment: {},
      },
      text: () => ({ stdout, stderr }),
    };
  }

  it('writes a config the kitchen reads, and refuses to overwrite it without --force', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-init-'));
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'tea', bin: 'server.mjs' }));
    const first = quietOutput();
    expect(runInit({ folder, force: false, output: first.output })).toBe(0);
    expect(first.text().stdout).toContain('next: kitchen tools tea');
    const file = join(folder, 'kitchen.config.json');
    const parsed = parseKitchenConfig(JSON.parse(readFileSync(file, 'utf8')), file, {});
    expect(parsed.ok && parsed.config.servers.map((server) => [server.name, server.kind])).toEqual([['tea', 'stdio']]);

    writeFileSync(file, '{"mcpServers": {"mine": {"url": "http://127.0.0.1:1/mcp"}}}');
    const again = quietOutput();
    expect(runInit({ folder, force: false, output: again.output })).toBe(2);
    expect(again.text().stderr).toContain('--force');
    expect(readFileSync(file, 'utf8')).toContain('mine');
    expect(runInit({ folder, force: true, output: quietOutput().output })).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('"tea"');
  });
});

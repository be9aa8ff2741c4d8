// kitchen.config.json validation: every refusal names the file, the server, the field and the fix.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${NAME}" is the config's own variable syntax, not a template.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findConfigFile, loadKitchenConfig, parseKitchenConfig } from './kitchen-config.js';

const file = '/kitchen/kitchen.config.json';

function errorOf(data: unknown): string {
  const result = parseKitchenConfig(data, file);
  if (result.ok) throw new Error('expected the config to be refused');
  return result.message;
}

describe('parseKitchenConfig', () => {
  it('reads mcpServers as other hosts write them: url, command over stdio, and kitchen example servers', () => {
    const result = parseKitchenConfig(
      {
        mcpServers: {
          'cookie-jars': { kitchen: { package: 'servers/cookie-jars', entry: 'src/main.ts' } },
          far: { url: 'http://127.0.0.1:4100/mcp', headers: { Authorization: 'Bearer ${FAR_TOKEN}' } },
          everything: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-everything'],
            env: { API_KEY: '${EVERYTHING_KEY}', PLAIN: 'yes' },
            cwd: 'work',
          },
        },
      },
      file,
      { FAR_TOKEN: 't0ken', EVERYTHING_KEY: 'k3y', ANTHROPIC_API_KEY: 'sk-never' },
    );
    expect(result).toEqual({
      ok: true,
      config: {
        file,
        servers: [
          {
            kind: 'launch',
            name: 'cookie-jars',
            packageDirectory: '/kitchen/servers/cookie-jars',
            entryFile: '/kitchen/servers/cookie-jars/src/main.ts',
            args: [],
            env: {},
            port: 0,
          },
          { kind: 'remote', name: 'far', url: 'http://127.0.0.1:4100/mcp', headers: { Authorization: 'Bearer t0ken' } },
          {
            kind: 'stdio',
            name: 'everything',
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-everything'],
            env: { API_KEY: 'k3y', PLAIN: 'yes' },
            cwd: '/kitchen/work',
          },
        ],
        rules: [],
        sampling: { perServer: {} },
      },
    });
  });

  it('still reads the earlier "servers" list, as the same entries', () => {
    const result = parseKitchenConfig(
      {
        servers: [
          { name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts', port: 4100 },
          { name: 'far', url: 'http://127.0.0.1:4100/mcp' },
        ],
      },
      file,
    );
    expect(result.ok && result.config.servers).toEqual([
      expect.objectContaining({ kind: 'launch', name: 'cookie-jars', port: 4100 }),
      { kind: 'remote', name: 'far', url: 'http://127.0.0.1:4100/mcp' },
    ]);
  });

  it('names the entry, the field and the fix for each bad server', () => {
    expect(errorOf({ mcpServers: { dice: { kitchen: { package: 'servers/dice', entry: 7 } } } })).toBe(
      '/kitchen/kitchen.config.json: "mcpServers" → "dice": "kitchen.entry" must be a string, not 7; fix: give the entry file inside the package, e.g. "src/main.ts"',
    );
    expect(errorOf({ mcpServers: { far: { url: 'ftp://127.0.0.1/mcp' } } })).toContain(
      '"mcpServers" → "far": "url" is not allowed: "ftp://127.0.0.1/mcp"; fix: give the MCP endpoint',
    );
    expect(errorOf({ mcpServers: { far: { url: 'http://a/mcp', command: 'x' } } })).toBe(
      '/kitchen/kitchen.config.json: "mcpServers" → "far": gives "url" and "command"; give only one way to reach the server',
    );
    expect(errorOf({ mcpServers: { far: {} } })).toContain('"mcpServers" → "far": says neither "url"');
    expect(errorOf({ mcpServers: { far: { url: 'http://a/mcp', env: { A: 'b' } } } })).toContain(
      '"mcpServers" → "far": "env" belongs with "command"',
    );
    expect(errorOf({ mcpServers: { tool: { command: 'npx', arg: ['x'] } } })).toContain(
      '"mcpServers" → "tool": unknown field "arg"; the fields are type, url, headers, oauth, command, args, env, cwd, protocol, kitchen',
    );
    expect(errorOf({ mcpServers: { tool: { command: 'npx', env: { PORT: 7 } } } })).toContain(
      '"mcpServers" → "tool": "env.PORT" must be a string, not 7; fix: give an object of string values',
    );
    expect(errorOf({ mcpServers: { 'my server': { command: 'npx' } } })).toContain(
      '"mcpServers" → "my server": the name is not usable; use 1-32 letters, digits, "-" or "_"',
    );
    expect(errorOf({ mcpServers: { far: { type: 'sse', url: 'http://a/sse' } } })).toContain(
      'the old SSE transport is not supported',
    );
    expect(errorOf({ mcpServers: {} })).toContain('"mcpServers" is empty');
    expect(errorOf({ mcpServers: [] })).toContain('"mcpServers" must be an object keyed by server name');
  });

  it("reads each server's protocol setting and names the choices for a bad one", () => {
    const result = parseKitchenConfig(
      {
        mcpServers: {
          far: { url: 'https://mcp.example.com/mcp', protocol: '2026-07-28' },
          tool: { command: 'npx', protocol: '2025-11-25' },
          near: { url: 'http://127.0.0.1:4100/mcp' },
        },
      },
      file,
      {},
    );
    expect(result.ok && result.config.servers.map((server) => [server.name, server.protocol])).toEqual([
      ['far', '2026-07-28'],
      ['tool', '2025-11-25'],
      ['near', undefined],
    ]);
    expect(errorOf({ mcpServers: { far: { url: 'https://mcp.example.com/mcp', protocol: '2026' } } })).toContain(
      '"mcpServers" → "far": "protocol" is not allowed: "2026"; fix: use "auto" (2026-07-28 where the server offers it, else 2025-11-25; the default), "2025-11-25" (never ask: one request fewer) or "2026-07-28" (require it)',
    );
  });

  it('reads "dev.watch" as VS Code writes it, a glob or a list, against the config folder', () => {
    const result = parseKitchenConfig(
      {
        mcpServers: {
          mine: { command: 'node', args: ['server.mjs'], dev: { watch: 'src/**/*.ts', debug: { type: 'node' } } },
          dice: { kitchen: { package: 'servers/dice', entry: 'src/main.ts' }, dev: { watch: ['src', 'data/*.json'] } },
          far: { url: 'http://127.0.0.1:4100/mcp' },
        },
      },
      file,
      {},
    );
    expect(result.ok && result.config.servers.map((server) => server.watch)).toEqual([
      ['/kitchen/src/**/*.ts'],
      ['/kitchen/src', '/kitchen/data/*.json'],
      undefined,
    ]);
    expect(errorOf({ mcpServers: { mine: { command: 'node', dev: { watch: 3 } } } })).toContain(
      '"mcpServers" → "mine": "dev.watch" is not allowed: 3; fix: give {"watch": "src/**/*.ts"}',
    );
    expect(errorOf({ mcpServers: { mine: { command: 'node', dev: { reload: true } } } })).toContain(
      'unknown field "dev.reload"; "dev" holds watch and debug',
    );
  });

  it('reads the OAuth settings of a server reached by url, the client secret from the environment', () => {
    const oauth = { clientId: 'kitchen', clientSecret: '${VAULT_SECRET}', scope: 'vault:read', callbackPort: 8976 };
    const result = parseKitchenConfig({ mcpServers: { vault: { url: 'https://vault.test/mcp', oauth } } }, file, {
      VAULT_SECRET: 's3cret',
    });
    expect(result.ok && result.config.servers).toEqual([
      {
        kind: 'remote',
        name: 'vault',
        url: 'https://vault.test/mcp',
        oauth: { clientId: 'kitchen', clientSecret: 's3cret', scope: 'vault:read', callbackPort: 8976 },
      },
    ]);
    expect(errorOf({ mcpServers: { vault: { url: 'https://vault.test/mcp', oauth: { client_id: 'x' } } } })).toContain(
      '"mcpServers" → "vault": unknown field "oauth.client_id"; "oauth" holds clientId, clientSecret, scope, callbackPort, clientMetadataUrl, grant, privateKey and algorithm',
    );
    expect(errorOf({ mcpServers: { vault: { url: 'https://vault.test/mcp', oauth: { callbackPort: 0 } } } })).toContain(
      '"mcpServers" → "vault": "oauth.callbackPort" is not allowed: 0; fix: give {"clientId"',
    );
    const machine = { grant: 'client_credentials', clientId: 'kitchen' };
    expect(errorOf({ mcpServers: { vault: { url: 'https://vault.test/mcp', oauth: machine } } })).toContain(
      '"mcpServers" → "vault": "oauth" grant "client_credentials" needs clientId and either clientSecret or privateKey; fix:',
    );
    expect(errorOf({ mcpServers: { tool: { command: 'npx', oauth: {} } } })).toContain(
      '"mcpServers" → "tool": "oauth" belongs with "url"',
    );
  });

  it('names the variable an entry uses but nobody set, instead of sending an empty token', () => {
    const result = parseKitchenConfig(
      { mcpServers: { far: { url: 'http://a/mcp', headers: { Authorization: 'Bearer ${NOT_SET_TOKEN}' } } } },
      file,
      {},
    );
    expect(!result.ok && result.message).toBe(
      '/kitchen/kitchen.config.json: "mcpServers" → "far": "headers.Authorization" uses ${NOT_SET_TOKEN}, which is not set; export NOT_SET_TOKEN or write the value',
    );
  });

  it('refuses a kitchen token that no client could send in a header, without echoing it', () => {
    const kitchen = { package: 'servers/dice', entry: 'src/main.ts', token: '${DICE_TOKEN}' };
    const result = parseKitchenConfig({ mcpServers: { dice: { kitchen } } }, file, { DICE_TOKEN: 'a b' });
    expect(!result.ok && result.message).toBe(
      '/kitchen/kitchen.config.json: "mcpServers" → "dice": "kitchen.token" cannot be sent in an Authorization header: it holds a space, a control or a non-ASCII character; use visible ASCII characters only (letters, digits, punctuation)',
    );
  });

  it('reads approval rules and per-server sampling rules', () => {
    const result = parseKitchenConfig(
      {
        servers: [
          { name: 'pantry', url: 'http://127.0.0.1:1/mcp' },
          { name: 'pastry-chef', url: 'http://127.0.0.1:2/mcp' },
        ],
        rules: [{ server: 'pantry', tool: 'place_order', action: 'deny', reason: 'no orders today' }],
        sampling: { 'pastry-chef': { action: 'ask', capCents: 5 }, '*': { action: 'deny' } },
      },
      file,
    );
    expect(result.ok && result.config.rules).toEqual([
      { server: 'pantry', tool: 'place_order', action: 'deny', reason: 'no orders today' },
    ]);
    expect(result.ok && result.config.sampling).toEqual({
      perServer: { 'pastry-chef': { action: 'ask', capCents: 5 } },
      defaultPolicy: { action: 'deny' },
    });
  });

  it('names the file, the rule, the field and the fix for a bad rule', () => {
    const servers = [{ name: 'pantry', url: 'http://127.0.0.1:1/mcp' }];
    expect(
      errorOf({
        servers,
        rules: [
          { tool: 'place_order', action: 'ask' },
          { tool: 'place_order', action: 'maybe' },
        ],
      }),
    ).toBe('/kitchen/kitchen.config.json: "rules" rule 2: "action" must be one of allow, ask, deny (got "maybe")');
    expect(errorOf({ servers, rules: [{ tools: 'x', action: 'deny' }] })).toBe(
      '/kitchen/kitchen.config.json: "rules" rule 1: unknown field "tools" (did you mean "tool"?); a rule has only server, tool, action and reason',
    );
    expect(errorOf({ servers, rules: 'deny everything' })).toContain('expected a list of rules');
  });

  it('names the server, the field and the fix for a bad sampling rule', () => {
    const servers = [{ name: 'pastry-chef', url: 'http://127.0.0.1:2/mcp' }];
    expect(errorOf({ servers, sampling: { 'pastry-chef': { action: 'yes' } } })).toBe(
      '/kitchen/kitchen.config.json: "sampling" → "pastry-chef": "action" must be one of allow, ask, deny (got "yes")',
    );
    expect(errorOf({ servers, sampling: { 'pastry-chef': { capCents: -1 } } })).toBe(
      '/kitchen/kitchen.config.json: "sampling" → "pastry-chef": "capCents" must be a number of cents from 0 to 1000000, e.g. 5 (got -1)',
    );
    expect(errorOf({ servers, sampling: { 'pastry-chef': { cap: 5 } } })).toBe(
      '/kitchen/kitchen.config.json: "sampling" → "pastry-chef": unknown field "cap"; the fields are "action" and "capCents"',
    );
    expect(errorOf({ servers, sampling: { pastry: { action: 'ask' } } })).toBe(
      '/kitchen/kitchen.config.json: "sampling" → "pastry": no server of that name; use one of "pastry-chef", "*" ("*": every other server)',
    );
    expect(errorOf({ servers, sampling: ['pastry-chef'] })).toBe(
      '/kitchen/kitchen.config.json: "sampling" must be an object keyed by server name; fix: e.g. {"sampling": {"pastry-chef": {"action": "ask", "capCents": 5}}}',
    );
  });

  it('refuses a file without servers or with an unknown top-level field', () => {
    expect(errorOf({})).toContain('/kitchen/kitchen.config.json: "mcpServers" is missing; fix: name the servers');
    expect(errorOf({ mcpServers: { a: { url: 'http://a/mcp' } }, extra: 1 })).toContain('unknown field "extra"');
  });
});

describe('loadKitchenConfig', () => {
  it('names the file when it is not JSON or cannot be read', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-config-'));
    const broken = join(folder, 'kitchen.config.json');
    writeFileSync(broken, '{ "servers": [ }');
    const result = loadKitchenConfig(broken);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/kitchen\.config\.json: not valid JSON \(.+\); fix the syntax$/);
    const missing = loadKitchenConfig(join(folder, 'nope.json'));
    expect(!missing.ok && missing.message).toMatch(
      /nope\.json: the file does not exist; check the path given to --config$/,
    );
  });

  it('reads a config saved with a UTF-8 byte-order mark, as Windows editors write it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-config-'));
    const file = join(folder, 'kitchen.config.json');
    writeFileSync(
      file,
      `\uFEFF${JSON.stringify({ mcpServers: { 'remote-one': { url: 'http://127.0.0.1:4100/mcp' } } })}`,
    );
    const result = loadKitchenConfig(file);
    expect(result.ok && result.config.servers.map((server) => server.name)).toEqual(['remote-one']);
  });

  it('accepts the kitchen config shipped at the repository root', () => {
    const shipped = fileURLToPath(new URL('../../../../kitchen.config.json', import.meta.url));
    const result = loadKitchenConfig(shipped);
    expect(result.ok && result.config.servers.map((server) => server.name)).toEqual(
      expect.arrayContaining(['cookie-jars', 'dice', 'pantry', 'pastry-chef']),
    );
    expect(result.ok && result.config.sampling.perServer['pastry-chef']).toEqual({ action: 'ask', capCents: 5 });
  });
});

describe('findConfigFile', () => {
  it('finds the nearest config upwards, and falls back to the repository root', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-find-'));
    writeFileSync(join(folder, 'kitchen.config.json'), '{}');
    expect(findConfigFile(join(folder))).toBe(join(folder, 'kitchen.config.json'));
    expect(findConfigFile(tmpdir())).toBe(fileURLToPath(new URL('../../../../kitchen.config.json', import.meta.url)));
  });
});

describe('the "workers" section', () => {
  const servers = { mcpServers: { far: { url: 'http://127.0.0.1:4100/mcp' } } };

  it("reads the workers' model, model arguments, tool policy and a report schema file beside the config", () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-workers-'));
    const schema = { type: 'object', properties: { jar: { type: 'integer' } }, required: ['jar'] };
    writeFileSync(join(folder, 'report.schema.json'), JSON.stringify(schema));
    const workers = {
      model: 'claude-haiku-4-5',
      maxTokens: 1024,
      temperature: 0.2,
      tools: { restrict: ['inspect_jar'] },
      reportSchema: 'report.schema.json',
    };
    const result = parseKitchenConfig({ ...servers, workers }, join(folder, 'kitchen.config.json'));
    expect(result.ok && result.config.workers).toEqual({
      model: 'claude-haiku-4-5',
      maxTokens: 1024,
      temperature: 0.2,
      tools: { kind: 'restrict', tools: ['inspect_jar'] },
      reportSchema: schema,
    });
    const listed = parseKitchenConfig({ ...servers, workers: { tools: { list: ['list_jars'] } } }, file);
    expect(listed.ok && listed.config.workers).toEqual({ tools: { kind: 'list', tools: ['list_jars'] } });
    const inherited = parseKitchenConfig({ ...servers, workers: { tools: 'inherit' } }, file);
    expect(inherited.ok && inherited.config.workers).toBeUndefined();
  });

  it('names the bad field and the fix', () => {
    expect(errorOf({ ...servers, workers: { temperature: 3 } })).toMatch(
      /^\/kitchen\/kitchen\.config\.json: "workers\.temperature" is not allowed \(.*\); fix: use a number from 0 to 1/,
    );
    expect(errorOf({ ...servers, workers: { maxTokens: 1.5 } })).toContain('"workers.maxTokens" is not allowed');
    expect(errorOf({ ...servers, workers: { tools: ['inspect_jar'] } })).toContain('"workers.tools" is not allowed');
    expect(errorOf({ ...servers, workers: { modle: 'offline' } })).toContain('unknown field "workers.modle"');
    expect(errorOf({ ...servers, workers: 'offline' })).toContain('"workers" must be an object');
    expect(errorOf({ ...servers, workers: { reportSchema: 'missing.json' } })).toMatch(
      /"workers\.reportSchema" \(missing\.json\): the file does not exist/,
    );
  });
});

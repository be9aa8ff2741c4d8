// kitchen.config.json validation: every refusal names the file, the server, the field and the fix.

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
  it('resolves package and entry against the config file folder, with defaults', () => {
    const result = parseKitchenConfig(
      {
        servers: [
          { name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts' },
          { name: 'far', url: 'http://127.0.0.1:4100/mcp' },
        ],
      },
      file,
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
          { kind: 'remote', name: 'far', url: 'http://127.0.0.1:4100/mcp' },
        ],
        rules: [],
        sampling: { perServer: {} },
      },
    });
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

  it('names the file, the server, the field and the fix for a wrong type', () => {
    expect(
      errorOf({
        servers: [
          { name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts' },
          { name: 'dice', package: 'servers/dice', entry: 7 },
        ],
      }),
    ).toBe(
      '/kitchen/kitchen.config.json: servers[1] ("dice"): "entry" must be a string, not 7; fix: give the entry file inside the package, e.g. "src/main.ts"',
    );
  });

  it('says a missing entry is missing', () => {
    expect(errorOf({ servers: [{ name: 'dice', package: 'servers/dice' }] })).toBe(
      '/kitchen/kitchen.config.json: servers[0] ("dice"): "entry" is missing; fix: give the entry file inside the package, e.g. "src/main.ts"',
    );
  });

  it('asks for either a package or a url', () => {
    expect(errorOf({ servers: [{ name: 'dice' }] })).toBe(
      '/kitchen/kitchen.config.json: servers[0] ("dice"): "package" is missing (and there is no "url"); fix: give "package" and "entry" (a server the kitchen starts) or "url" (a running server)',
    );
    expect(
      errorOf({
        servers: [{ name: 'dice', url: 'http://127.0.0.1:1/mcp', package: 'servers/dice', entry: 'src/main.ts' }],
      }),
    ).toBe(
      '/kitchen/kitchen.config.json: servers[0] ("dice"): "url" conflicts with "package"/"entry"/"args"/"env"/"port"; fix: give either "url" (a running server) or "package" and "entry" (a server the kitchen starts), not both',
    );
  });

  it('refuses a misspelt field and lists the right ones', () => {
    expect(
      errorOf({ servers: [{ name: 'dice', package: 'servers/dice', entyr: 'src/main.ts', entry: 'src/main.ts' }] }),
    ).toBe(
      '/kitchen/kitchen.config.json: servers[0] ("dice"): unknown field "entyr"; the fields are name, package, entry, args, env, port, url',
    );
  });

  it('refuses bad names, ports, env values, urls and repeated names', () => {
    expect(errorOf({ servers: [{ name: 'Cookie Jars', url: 'http://127.0.0.1:1/mcp' }] })).toBe(
      '/kitchen/kitchen.config.json: servers[0] ("Cookie Jars"): "name" is not allowed: "Cookie Jars"; fix: use lowercase letters, digits and dashes, e.g. "cookie-jars"',
    );
    expect(errorOf({ servers: [{ name: 'dice', package: 'd', entry: 'm.ts', port: 70000 }] })).toContain(
      'servers[0] ("dice"): "port" is not allowed: 70000; fix: use a whole number from 0 to 65535',
    );
    expect(errorOf({ servers: [{ name: 'dice', package: 'd', entry: 'm.ts', env: { KITCHEN_SEED: 7 } }] })).toContain(
      '"env" must be a string',
    );
    expect(errorOf({ servers: [{ name: 'far', url: 'ftp://127.0.0.1/mcp' }] })).toContain(
      'servers[0] ("far"): "url" is not allowed: "ftp://127.0.0.1/mcp"; fix: give the MCP endpoint',
    );
    expect(
      errorOf({
        servers: [
          { name: 'a', url: 'http://127.0.0.1:1/mcp' },
          { name: 'a', url: 'http://127.0.0.1:2/mcp' },
        ],
      }),
    ).toBe(
      '/kitchen/kitchen.config.json: servers[1] ("a"): "name" repeats "a"; fix: use lowercase letters, digits and dashes, e.g. "cookie-jars"',
    );
  });

  it('explains a file without servers', () => {
    expect(errorOf({})).toBe(
      '/kitchen/kitchen.config.json: "servers" is missing; fix: list the servers, e.g. {"servers": [{"name": "dice", "package": "servers/dice", "entry": "src/main.ts"}]}',
    );
    expect(errorOf({ servers: [] })).toContain('"servers" is not allowed: []');
    expect(errorOf({ servers: [], extra: 1 })).toContain('unknown field "extra"');
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
      /nope\.json: cannot read the file; check the path or pass --config FILE$/,
    );
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

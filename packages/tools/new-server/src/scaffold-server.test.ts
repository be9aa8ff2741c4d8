// scaffoldServer on a small throwaway root: what it writes, the config entry it adds without
// touching the rest of the file, and the refusals that leave everything as it was.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addServerToKitchenConfig } from './add-server-to-kitchen-config.js';
import { scaffoldServer, titleOf } from './scaffold-server.js';

const CONFIG = `{
  "mcpServers": {
    "dice": { "kitchen": { "package": "servers/dice", "entry": "src/main.ts" } },
    "pastry-chef": {
      "kitchen": { "package": "servers/pastry-chef", "entry": "src/main.ts", "args": ["--flag", "1"] }
    }
  },
  "rules": [{ "server": "pantry", "tool": "place_order", "action": "ask", "reason": "an order spends money" }]
}
`;

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kitchen-scaffold-'));
  mkdirSync(join(root, 'servers', 'dice'), { recursive: true });
  writeFileSync(join(root, 'kitchen.config.json'), CONFIG);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const configText = () => readFileSync(join(root, 'kitchen.config.json'), 'utf8');

describe('scaffoldServer', () => {
  it('writes the domain, buildServer, main, tests and README, with the name filled in', () => {
    const result = scaffoldServer(root, 'tea-timer');
    expect(result).toMatchObject({ ok: true, packageName: '@kitchen/server-tea-timer' });
    if (!result.ok) return;
    expect([...result.files].sort()).toEqual(
      [
        'README.md',
        'package.json',
        'src/build-server.test.ts',
        'src/build-server.ts',
        'src/index.ts',
        'src/main.test.ts',
        'src/main.ts',
        'src/tea-timer.test.ts',
        'src/tea-timer.ts',
        'tsconfig.json',
      ].map((file) => join('servers', 'tea-timer', file)),
    );
    const packageDirectory = join(root, 'servers', 'tea-timer');
    expect(JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8')).name).toBe(
      '@kitchen/server-tea-timer',
    );
    const buildServer = readFileSync(join(packageDirectory, 'src', 'build-server.ts'), 'utf8');
    expect(buildServer).toContain("from './tea-timer.js'");
    expect(buildServer).toContain("'tea-timer://about'");
    expect(buildServer).toContain('About Tea Timer');
    expect(result.files.join('\n')).not.toContain('__');
  });

  it('fills the name in everywhere, the README heading included, and leaves no placeholder', () => {
    const result = scaffoldServer(root, 'tea-timer');
    if (!result.ok) throw new Error(result.message);
    const readme = readFileSync(join(root, 'servers', 'tea-timer', 'README.md'), 'utf8');
    expect(readme.split('\n')[0]).toBe('# @kitchen/server-tea-timer');
    for (const file of result.files) {
      expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/__[A-Z]+__|\*\*[A-Z]+\*\*/);
    }
  });

  it('adds a config entry after the others and leaves the rest of the file as it was', () => {
    scaffoldServer(root, 'tea-timer');
    const config = JSON.parse(configText());
    expect(Object.keys(config.mcpServers)).toEqual(['dice', 'pastry-chef', 'tea-timer']);
    expect(config.mcpServers['tea-timer']).toEqual({
      trust: true,
      kitchen: { package: 'servers/tea-timer', entry: 'src/main.ts' },
    });
    expect(configText()).toBe(
      CONFIG.replace(
        '    }\n  },',
        '    },\n    "tea-timer": { "trust": true, "kitchen": { "package": "servers/tea-timer", "entry": "src/main.ts" } }\n  },',
      ),
    );
  });

  it('adds the first entry to an empty server map', () => {
    writeFileSync(join(root, 'kitchen.config.json'), '{ "mcpServers": {}, "rules": [] }\n');
    expect(addServerToKitchenConfig(join(root, 'kitchen.config.json'), 'tea-timer')).toEqual({ ok: true });
    expect(Object.keys(JSON.parse(configText()).mcpServers)).toEqual(['tea-timer']);
  });

  it('refuses a config without an mcpServers map, saying what to add', () => {
    writeFileSync(join(root, 'kitchen.config.json'), '{ "servers": [] }\n');
    expect(addServerToKitchenConfig(join(root, 'kitchen.config.json'), 'tea-timer')).toEqual({
      ok: false,
      message: expect.stringContaining('has no "mcpServers" map; add "mcpServers": {} first'),
    });
  });

  it.each([
    ['dice', 'servers/dice already exists; pick another name, or remove servers/dice first'],
    ['Dice', '"Dice" is not a valid server name'],
    ['kitchen', '"kitchen" is reserved'],
  ])('refuses %j and writes nothing', (name, message) => {
    const result = scaffoldServer(root, name);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
    expect(configText()).toBe(CONFIG);
  });

  it('refuses a name the config already lists, without creating the folder', () => {
    writeFileSync(join(root, 'kitchen.config.json'), CONFIG.replace('"dice": {', '"tea-timer": {'));
    const result = scaffoldServer(root, 'tea-timer');
    expect(result).toEqual({
      ok: false,
      message: expect.stringContaining('already has a server named "tea-timer" in "mcpServers"; pick another name'),
    });
    expect(existsSync(join(root, 'servers', 'tea-timer'))).toBe(false);
  });

  it('titles a dashed name', () => {
    expect(titleOf('tea-timer-2')).toBe('Tea Timer 2');
  });
});

// Fuzzing the two files a person writes: kitchen.config.json and a --rules file. Random JSON,
// near-valid shapes and raw bytes (a BOM, broken UTF-8, cut-off JSON) are read through the same
// functions the CLI uses. Each is either read or refused with words naming the file; never a throw
// of anything else.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GateRuleError } from '@kitchen/host';
import { probeSize, reportTried } from '@kitchen/probe-kit/probe-size';
import { loadKitchenConfig, parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { loadRulesFile } from '@kitchen/runtime/config/rules-file';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'kitchen-config-fuzz-'));
const configFile = join(folder, 'kitchen.config.json');
const rulesFile = join(folder, 'rules.json');

const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    'cookie-jars',
    'servers/cookie-jars',
    'src/main.ts',
    // A config's own ${NAME} references, read from the environment: one set, one not.
    ['$', '{HOME}'].join(''),
    ['$', '{NOPE}'].join(''),
    '\u001b[31m',
    '\u202e',
  ),
  fc.constantFrom('http://127.0.0.1:1/mcp', 'https://example.invalid/mcp', 'ftp://x', 'npx', 'node'),
);
const anyValue = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
const fieldsOf = (names: string[]) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })), anyValue, { maxKeys: 5 });

const serverEntry = fieldsOf(['command', 'args', 'env', 'url', 'headers', 'type', 'package', 'entry', 'port', 'cwd']);
const rule = fc.oneof(
  fc.record(
    {
      server: text,
      tool: fc.oneof(text, fc.constantFrom('discard_*', '*', 'cookie-jars__discard_jar')),
      action: fc.oneof(fc.constantFrom('allow', 'deny', 'ask'), anyValue),
      reason: anyValue,
    },
    { requiredKeys: ['action'] },
  ),
  fieldsOf(['server', 'tool', 'action', 'reason']),
);
/** A config that should be read: servers by URL or command, with rules; random values merged in on top. */
const plausibleConfig = fc
  .tuple(
    fc.dictionary(
      fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
      fc.oneof(
        fc.record({ url: fc.constantFrom('http://127.0.0.1:1/mcp', 'http://localhost:8080/mcp') }),
        fc.record({ command: fc.constantFrom('node', 'npx'), args: fc.array(fc.string({ maxLength: 8 })) }),
      ),
      { minKeys: 1, maxKeys: 3 },
    ),
    fc.array(fc.record({ tool: fc.constantFrom('discard_*', 'roll'), action: fc.constantFrom('allow', 'ask') })),
    fc.option(fc.dictionary(fc.constantFrom('mcpServers', 'rules', 'sampling', 'extra'), anyValue, { maxKeys: 1 })),
  )
  .map(([mcpServers, rules, noise]) => ({ mcpServers, rules, ...noise }));
const configShape = fc.oneof(
  plausibleConfig,
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      mcpServers: fc.oneof(fc.dictionary(fc.string({ maxLength: 10 }), serverEntry, { maxKeys: 3 }), anyValue),
      servers: fc.oneof(fc.array(serverEntry, { maxLength: 3 }), anyValue),
      rules: fc.oneof(fc.array(rule, { maxLength: 3 }), anyValue),
      sampling: fc.oneof(fieldsOf(['allow', 'maxCents', 'maxTokens', 'servers']), anyValue),
      $schema: anyValue,
      extra: anyValue,
    },
    { requiredKeys: [] },
  ),
);
const rulesShape = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(rule, { maxLength: 4 }),
  fc.record({ rules: fc.oneof(fc.array(rule, { maxLength: 4 }), anyValue), extra: anyValue }, { requiredKeys: [] }),
);

/** The file's bytes: its JSON as is, with a BOM, cut short, with broken UTF-8, or raw noise. */
function bytesOf(shape: fc.Arbitrary<unknown>): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    shape.map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
    shape.map((value) => Buffer.from(`\ufeff${JSON.stringify(value) ?? 'null'}`)),
    fc.tuple(shape, fc.nat()).map(([value, cut]) => {
      const json = JSON.stringify(value) ?? 'null';
      return Buffer.from(json.slice(0, cut % (json.length + 1)));
    }),
    shape.map((value) => Buffer.concat([Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(JSON.stringify(value) ?? '')])),
    fc.uint8Array({ maxLength: 64 }),
  );
}

describe('kitchen.config.json under random content', () => {
  it('reads it or names the file and the problem, and never throws', () => {
    let tried = 0;
    let read = 0;
    fc.assert(
      fc.property(configShape, (data) => {
        tried += 1;
        const result = parseKitchenConfig(data, configFile, { HOME: '/home/cook' });
        if (result.ok) read += 1;
        else for (const line of result.message.split('\n')) expect(line).toMatch(/kitchen\.config\.json: \S/);
      }),
      { numRuns: probeSize(1_000, 30_000), seed: 1729 },
    );
    fc.assert(
      fc.property(bytesOf(configShape), (bytes) => {
        tried += 1;
        writeFileSync(configFile, bytes);
        const result = loadKitchenConfig(configFile, {});
        if (!result.ok) {
          expect(result.message).toContain('kitchen.config.json');
          expect(result.message).not.toContain('\ufeff');
        }
      }),
      { numRuns: probeSize(300, 10_000), seed: 1729 },
    );
    reportTried('kitchen.config.json contents', tried);
    expect(read).toBeGreaterThan(0);
  });
});

describe('a --rules file under random content', () => {
  it('reads it or throws a GateRuleError naming the file, and nothing else', () => {
    let tried = 0;
    let read = 0;
    fc.assert(
      fc.property(bytesOf(rulesShape), (bytes) => {
        tried += 1;
        writeFileSync(rulesFile, bytes);
        try {
          loadRulesFile(rulesFile);
          read += 1;
        } catch (error) {
          expect(error).toBeInstanceOf(GateRuleError);
          expect((error as GateRuleError).message).toContain('rules.json');
          expect((error as GateRuleError).message).not.toContain('\ufeff');
        }
      }),
      { numRuns: probeSize(500, 10_000), seed: 1729 },
    );
    reportTried('--rules file contents', tried);
    expect(read).toBeGreaterThan(0);
  });
});

// Approval and limit flags become the gate, person, budget and seatbelts the run shares.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ApprovalQuestion,
  DEFAULT_APPROVAL_TIMEOUT_MS,
  MAX_TREE_TOKENS,
  type Person,
  type ToolDescriptor,
} from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import type { KitchenSettings } from '../kitchen-settings.js';
import { createKitchenPolicy } from './kitchen-policy.js';

const defaults: KitchenSettings = { json: false, model: 'offline', seed: 1729, jars: 80, latencyMs: 0, rules: [] };

const placeOrder: ToolDescriptor = {
  name: 'place_order',
  originalName: 'place_order',
  server: 'pantry',
  description: 'Order from the supplier',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: false, openWorldHint: true },
};

const question: ApprovalQuestion = {
  kind: 'tool-call',
  requestId: 'approval-1',
  agent: { id: 'main', name: 'main', depth: 0 },
  callId: 'call-1',
  tool: 'place_order',
  server: 'pantry',
  input: {},
  reason: 'place_order reaches outside the kitchen',
};

describe('createKitchenPolicy', () => {
  it('asks about a call that is not read-only, and has nobody to ask by default', () => {
    const policy = createKitchenPolicy(defaults, { environment: {} });
    expect(policy.gate.decide(placeOrder, {}).kind).toBe('ask');
    expect(policy.person).toBeUndefined();
    expect(policy.seatbelts).toEqual({});
  });

  it('lets a --rule decide before the annotations', () => {
    const policy = createKitchenPolicy({ ...defaults, rules: ['allow:pantry/place_order'] });
    expect(policy.gate.decide(placeOrder, {}).kind).toBe('approved');
    expect(createKitchenPolicy({ ...defaults, rules: ['deny:place_order'] }).gate.decide(placeOrder, {}).kind).toBe(
      'denied',
    );
  });

  it('answers every question yes with --yes and no with --no', async () => {
    const signal = new AbortController().signal;
    expect(await createKitchenPolicy({ ...defaults, approval: 'yes' }).person?.approve(question, signal)).toMatchObject(
      {
        approved: true,
      },
    );
    expect(await createKitchenPolicy({ ...defaults, approval: 'no' }).person?.approve(question, signal)).toMatchObject({
      approved: false,
    });
  });

  it('sizes the tree budget and the seatbelts from the flags', () => {
    const policy = createKitchenPolicy({
      ...defaults,
      maxTreeTokens: 90_000,
      maxToolCalls: 300,
      maxWallTimeMs: 60_000,
    });
    expect(policy.budget.maxTokens).toBe(90_000);
    expect(policy.seatbelts).toEqual({ maxToolCalls: 300, maxWallTimeMs: 60_000 });
  });

  it('refuses a malformed --rule with a message naming the flag and the fix', () => {
    expect(() => createKitchenPolicy({ ...defaults, rules: ['allow'] })).toThrow(
      '--rule "allow": no action before ":"; write ACTION:TOOL or ACTION:SERVER/TOOL, e.g. allow:cookie-jars/discard_*',
    );
  });

  it("puts --rule flags over the --rules file over the config's rules over the annotations", () => {
    const rulesFile = writeRules([
      { server: 'pantry', tool: 'place_order', action: 'deny' },
      { tool: 'discard_jar', action: 'allow' },
    ]);
    const config = {
      file: '/kitchen/kitchen.config.json',
      rules: [
        { tool: 'place_*', action: 'allow' as const },
        { tool: 'roll_dice', action: 'deny' as const },
      ],
      sampling: { perServer: {} },
    };
    const policy = createKitchenPolicy(
      { ...defaults, rules: ['ask:discard_jar'], rulesFile, trust: ['cookie-jars'] },
      { config, environment: {} },
    );
    // The flag beats the file's allow for discard_jar.
    expect(policy.gate.decide(tool('discard_jar', 'cookie-jars', { destructiveHint: true }), {})).toMatchObject({
      kind: 'ask',
      reason: expect.stringContaining('ask:discard_jar from --rule'),
    });
    // The file's exact deny beats the config's allow.
    expect(policy.gate.decide(placeOrder, {})).toMatchObject({
      kind: 'denied',
      reason: expect.stringContaining(`deny:pantry/place_order from ${rulesFile}`),
    });
    // The config decides what neither names.
    expect(policy.gate.decide(tool('roll_dice', 'dice', { readOnlyHint: true }), {})).toMatchObject({
      kind: 'denied',
      reason: expect.stringContaining('from kitchen.config.json'),
    });
    // The annotations decide the rest.
    expect(policy.gate.decide(tool('inspect_jar', 'cookie-jars', { readOnlyHint: true }), {})).toEqual({
      kind: 'approved',
      reason: 'marked read-only',
    });
    expect(policy.ruleSets.map((set) => set.source)).toEqual(['--rule', rulesFile, 'kitchen.config.json']);
  });

  it('trusts the servers the config marks "trust" and those --trust names, and no other', () => {
    const config = {
      file: '/kitchen/kitchen.config.json',
      rules: [],
      sampling: { perServer: {} },
      servers: [
        { kind: 'remote' as const, name: 'cookie-jars', url: 'http://127.0.0.1:1/mcp', trusted: true as const },
        { kind: 'remote' as const, name: 'jar-tools', url: 'http://127.0.0.1:2/mcp' },
      ],
    };
    const policy = createKitchenPolicy({ ...defaults, trust: ['dice'] }, { config, environment: {} });
    expect(policy.trustedServers).toEqual(['cookie-jars', 'dice']);
    const readOnly = (server: string) => tool('peek', server, { readOnlyHint: true });
    expect(policy.gate.decide(readOnly('cookie-jars'), {}).kind).toBe('approved');
    expect(policy.gate.decide(readOnly('dice'), {}).kind).toBe('approved');
    expect(policy.gate.decide(readOnly('jar-tools'), {})).toMatchObject({
      kind: 'ask',
      reason: 'jar-tools is not marked trusted; it says this tool is read-only.',
    });
  });

  it('refuses unknown top-level fields in a rules file, naming them, and reads one with a byte-order mark', () => {
    const misspelt = writeRules({ rules: [], rule: [{ tool: 'discard_jar', action: 'allow' }] });
    expect(() => createKitchenPolicy({ ...defaults, rulesFile: misspelt })).toThrow(
      `${misspelt}: unknown field "rule"; a rules file is a list of rules or { "rules": [...] }`,
    );
    const withMark = writeRules(`\uFEFF${JSON.stringify([{ tool: 'discard_jar', action: 'allow' }])}`);
    expect(createKitchenPolicy({ ...defaults, rulesFile: withMark }).ruleSets[1]?.rules).toEqual([
      { tool: 'discard_jar', action: 'allow' },
    ]);
  });

  it('refuses a rules file that cannot be read or parsed, naming the file, the rule, the field and the fix', () => {
    expect(() => createKitchenPolicy({ ...defaults, rulesFile: '/no/such/rules.json' })).toThrow(
      '/no/such/rules.json: the file does not exist; check the path given to --rules',
    );
    const broken = writeRules('{ "rules": [');
    expect(() => createKitchenPolicy({ ...defaults, rulesFile: broken })).toThrow(
      new RegExp(`^${broken}: not valid JSON \\(.+\\); fix the syntax$`),
    );
    const wrong = writeRules({
      rules: [
        { tool: 'discard_jar', action: 'allow' },
        { tool: 'place_order', action: 'always' },
      ],
    });
    expect(() => createKitchenPolicy({ ...defaults, rulesFile: wrong })).toThrow(
      `${wrong} rule 2: "action" must be one of allow, ask, deny (got "always")`,
    );
  });

  it('takes the tree budget from MAX_TREE_TOKENS when --max-tree-tokens is not given, and refuses a bad one', () => {
    expect(createKitchenPolicy(defaults, { environment: {} }).budget.maxTokens).toBe(MAX_TREE_TOKENS);
    expect(createKitchenPolicy(defaults, { environment: { MAX_TREE_TOKENS: '50000' } }).budget.maxTokens).toBe(50_000);
    expect(
      createKitchenPolicy({ ...defaults, maxTreeTokens: 20_000 }, { environment: { MAX_TREE_TOKENS: '50000' } }).budget
        .maxTokens,
    ).toBe(20_000);
    expect(() => createKitchenPolicy(defaults, { environment: { MAX_TREE_TOKENS: 'lots' } })).toThrow(
      'MAX_TREE_TOKENS "lots" is not a whole number of tokens from 1 to 100000000; fix it (e.g. MAX_TREE_TOKENS=600000), unset it, or pass --max-tree-tokens N',
    );
  });

  it('passes the worker limits on, and leaves spawn_agent out with --no-delegate', () => {
    expect(createKitchenPolicy(defaults).spawnLimits).toEqual({
      maxDepth: 1,
      maxLiveWorkers: 16,
      maxReportChars: 8000,
    });
    expect(createKitchenPolicy({ ...defaults, maxDepth: 3, maxWorkers: 4 }).spawnLimits).toEqual({
      maxDepth: 3,
      maxLiveWorkers: 4,
      maxReportChars: 8000,
    });
    expect(createKitchenPolicy({ ...defaults, delegate: false }).spawnLimits).toBeUndefined();
  });

  it('uses one approval timeout for the gate, sampling and forms, and asks the person when no flag decides', async () => {
    expect(createKitchenPolicy(defaults).approvalTimeoutMs).toBe(DEFAULT_APPROVAL_TIMEOUT_MS);
    const asked: string[] = [];
    const person: Person = {
      approve: async (question: ApprovalQuestion) => {
        asked.push(question.kind === 'tool-call' ? question.tool : question.server);
        return { approved: true };
      },
      fillIn: async () => ({ action: 'decline' }),
    };
    const policy = createKitchenPolicy({ ...defaults, approvalTimeoutMs: 30_000 }, { person });
    expect(policy.gate.timeoutMs).toBe(30_000);
    expect(policy.sampling).toMatchObject({ approvalTimeoutMs: 30_000, person });
    expect(await policy.person?.approve(question, new AbortController().signal)).toEqual({ approved: true });
    expect(asked).toEqual(['place_order']);
    // --no decides for everyone, the person included.
    expect(createKitchenPolicy({ ...defaults, approval: 'no' }, { person }).person).not.toBe(person);
  });

  it("hands the config's sampling rules to the sampling handler", () => {
    const sampling = {
      perServer: { 'pastry-chef': { action: 'ask' as const, capCents: 5 } },
      defaultPolicy: { action: 'deny' as const, capCents: 1 },
    };
    const policy = createKitchenPolicy(defaults, { config: { file: 'k.json', rules: [], sampling } });
    expect(policy.sampling).toMatchObject({ perServer: sampling.perServer, defaultAction: 'deny', capCents: 1 });
  });
});

function tool(name: string, server: string, annotations: ToolDescriptor['annotations']): ToolDescriptor {
  return { name, originalName: name, server, description: name, inputSchema: { type: 'object' }, annotations };
}

function writeRules(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kitchen-rules-')), 'rules.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

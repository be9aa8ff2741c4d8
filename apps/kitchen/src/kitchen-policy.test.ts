// Approval and limit flags become the gate, approver, budget and seatbelts the run shares.

import type { ApprovalQuestion, ToolDescriptor } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { createKitchenPolicy } from './kitchen-policy.js';
import type { KitchenFlags } from './parse-cli-arguments.js';

const defaults: KitchenFlags = { json: false, model: 'offline', seed: 1729, jars: 80, latencyMs: 0, rules: [] };

const placeOrder: ToolDescriptor = {
  name: 'place_order',
  originalName: 'place_order',
  server: 'pantry',
  description: 'Order from the supplier',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: false, openWorldHint: true },
};

const question: ApprovalQuestion = {
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
    const policy = createKitchenPolicy(defaults);
    expect(policy.gate.decide(placeOrder, {}).kind).toBe('ask');
    expect(policy.approver).toBeUndefined();
    expect(policy.seatbelts).toEqual({});
  });

  it('lets a --rule decide before the annotations', () => {
    const policy = createKitchenPolicy({ ...defaults, rules: ['allow:pantry/place_order'] });
    expect(policy.gate.decide(placeOrder, {}).kind).toBe('approved');
    expect(createKitchenPolicy({ ...defaults, rules: ['deny:place_order'] }).gate.decide(placeOrder, {}).kind).toBe('denied');
  });

  it('answers every question yes with --yes and no with --no', async () => {
    const signal = new AbortController().signal;
    expect(await createKitchenPolicy({ ...defaults, approval: 'yes' }).approver?.(question, signal)).toMatchObject({ approved: true });
    expect(await createKitchenPolicy({ ...defaults, approval: 'no' }).approver?.(question, signal)).toMatchObject({ approved: false });
  });

  it('sizes the tree budget and the seatbelts from the flags', () => {
    const policy = createKitchenPolicy({ ...defaults, maxTreeTokens: 90_000, maxToolCalls: 300, maxWallTimeMs: 60_000 });
    expect(policy.budget.maxTokens).toBe(90_000);
    expect(policy.seatbelts).toEqual({ maxToolCalls: 300, maxWallTimeMs: 60_000 });
  });

  it('refuses a malformed --rule with a message naming the flag and the fix', () => {
    expect(() => createKitchenPolicy({ ...defaults, rules: ['allow'] })).toThrow(
      '--rule "allow": no action before ":"; write ACTION:TOOL or ACTION:SERVER/TOOL, e.g. allow:cookie-jars/discard_*',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.js';
import { AgentSlots } from './agent-slots.js';
import { AgentTree } from './agent-tree.js';
import { DEFAULT_SEATBELTS } from './seatbelts.js';

describe('AgentTree', () => {
  it('admits tool calls up to maxToolCalls, then refuses them and reports the tripped belt', () => {
    const tree = new AgentTree({ maxToolCalls: 3 });
    expect([1, 2, 3, 4].map(() => tree.admitToolCall())).toEqual([true, true, true, false]);
    expect(tree.toolCallsAdmitted).toBe(3);
    expect(tree.checkSeatbelts()).toEqual({
      limit: { limit: 'maxToolCalls', value: 3, spent: 3 },
      message: 'Stopped: the run made 3 tool calls, its limit.',
    });
    expect(tree.refusedCallText('echo')).toBe('Tool "echo" was not run: the run reached its limit of 3 tool calls.');
  });

  it('trips the wall-time belt once the run has lasted maxWallTimeMs', () => {
    let now = 1_000;
    const tree = new AgentTree({ maxWallTimeMs: 5_000 }, () => now);
    expect(tree.checkSeatbelts()).toBeUndefined();
    now += 5_000;
    expect(tree.checkSeatbelts()).toEqual({
      limit: { limit: 'maxWallTimeMs', value: 5_000, spent: 5_000 },
      message: 'Stopped: the run reached 5 s of wall time, its limit.',
    });
  });

  it('takes DEFAULT_SEATBELTS for limits it is not given, and names the field of a bad one', () => {
    expect(new AgentTree().limits).toEqual(DEFAULT_SEATBELTS);
    expect(() => new AgentTree({ maxToolCalls: 0 })).toThrow(ConfigurationError);
    expect(() => new AgentTree({ maxWallTimeMs: -1 })).toThrow(
      'maxWallTimeMs must be a whole number of milliseconds, 1 or more (got -1)',
    );
  });

  it('adds up the totals of every agent that ends', () => {
    const tree = new AgentTree();
    tree.addTotals({ iterations: 2, toolCalls: 3, tokens: 100, costCents: 0.5 });
    tree.addTotals({ iterations: 1, toolCalls: 0, tokens: 40, costCents: 0.25 });
    expect(tree.totals).toEqual({ iterations: 3, toolCalls: 3, tokens: 140, costCents: 0.75 });
  });
});

describe('AgentSlots', () => {
  it('hands out run-wide ids only to reservations that succeed, and frees a slot once however often it is released', () => {
    const slots = new AgentSlots();
    const first = slots.reserve(2);
    const second = slots.reserve(2);
    expect([first?.id, second?.id]).toEqual(['1', '2']);
    expect(slots.reserve(2)).toBeUndefined();
    first?.release();
    first?.release();
    expect(slots.live).toBe(1);
    expect(slots.reserve(2)?.id).toBe('3');
    expect(slots.reserve(2)).toBeUndefined();
    expect(slots.started).toBe(3);
  });
});

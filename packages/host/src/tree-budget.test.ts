import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './errors.js';
import type { PriceTable } from './model/price-table.js';
import { BudgetError, MAX_TREE_TOKENS, type Reservation, TreeBudget } from './tree-budget.js';

// One cent per input token and two per output token keep the arithmetic readable.
const prices: PriceTable = {
  'test-model': { inputPerMillion: 1_000_000, outputPerMillion: 2_000_000 },
  default: { inputPerMillion: 3_000_000, outputPerMillion: 3_000_000 },
};

function codeOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(BudgetError);
    return (error as BudgetError).code;
  }
  throw new Error('expected a BudgetError');
}

describe('TreeBudget', () => {
  it('defaults to the 600,000-token tree cap', () => {
    expect(MAX_TREE_TOKENS).toBe(600_000);
    expect(new TreeBudget().maxTokens).toBe(600_000);
    expect(new TreeBudget().remainingTokens).toBe(600_000);
  });

  it('grants reservations up to exactly the cap and refuses one that would pass it', () => {
    const budget = new TreeBudget({ maxTokens: 1_000, prices });
    expect(budget.reserve('main', 600)).toMatchObject({ agent: 'main', tokens: 600 });
    expect(budget.reserve('1', 401)).toBeUndefined();
    expect(budget.reserve('1', 400)).toMatchObject({ agent: '1', tokens: 400 });
    expect(budget.reserve('2', 1)).toBeUndefined();
    expect(budget.reservedTokens).toBe(1_000);
    expect(budget.remainingTokens).toBe(0);
  });

  it('replaces a reservation with the real usage when it settles, priced by the table', () => {
    const budget = new TreeBudget({ maxTokens: 1_000, prices });
    const reservation = budget.reserve('main', 500)!;
    expect(budget.settle(reservation, { inputTokens: 100, outputTokens: 50 }, 'test-model')).toEqual({
      tokens: 150,
      costCents: 200,
    });
    expect(budget.spentTokens).toBe(150);
    expect(budget.reservedTokens).toBe(0);
    expect(budget.remainingTokens).toBe(850);
    expect(budget.spentCents).toBe(200);
  });

  it('prices a model it does not know by the default entry', () => {
    const budget = new TreeBudget({ prices });
    expect(budget.priceOf('some-new-model', { inputTokens: 10, outputTokens: 10 })).toBe(60);
    expect(new TreeBudget().priceOf('offline', { inputTokens: 1_000_000, outputTokens: 0 })).toBeGreaterThan(0);
  });

  it('gives a released reservation back untouched', () => {
    const budget = new TreeBudget({ maxTokens: 1_000, prices });
    const reservation = budget.reserve('main', 900)!;
    budget.release(reservation);
    expect(budget.reservedTokens).toBe(0);
    expect(budget.spentTokens).toBe(0);
    expect(budget.agentTotals('main')).toEqual({ tokens: 0, costCents: 0 });
    expect(budget.reserve('main', 1_000)).toBeDefined();
  });

  it('keeps tokens and cents per agent and in total', () => {
    const budget = new TreeBudget({ prices });
    budget.settle(budget.reserve('main', 100)!, { inputTokens: 10, outputTokens: 5 }, 'test-model');
    budget.settle(budget.reserve('1', 100)!, { inputTokens: 20, outputTokens: 0 }, 'test-model');
    budget.settle(budget.reserve('main', 100)!, { inputTokens: 1, outputTokens: 1 }, 'test-model');
    expect(budget.agentTotals('main')).toEqual({ tokens: 17, costCents: 23 });
    expect(budget.agentTotals('1')).toEqual({ tokens: 20, costCents: 20 });
    expect(budget.agentTotals('nobody')).toEqual({ tokens: 0, costCents: 0 });
    expect(budget.agents()).toEqual([
      { agent: 'main', tokens: 17, costCents: 23 },
      { agent: '1', tokens: 20, costCents: 20 },
    ]);
    expect(budget.spentTokens).toBe(37);
    expect(budget.spentCents).toBe(43);
  });

  it('records usage beyond its reservation honestly, then refuses further reservations', () => {
    const budget = new TreeBudget({ maxTokens: 100, prices });
    const reservation = budget.reserve('main', 50)!;
    budget.settle(reservation, { inputTokens: 90, outputTokens: 30 }, 'test-model');
    expect(budget.spentTokens).toBe(120);
    expect(budget.remainingTokens).toBe(0);
    expect(budget.reserve('main', 0)).toBeUndefined();
  });

  it('throws a typed error when a reservation is settled or released twice', () => {
    const budget = new TreeBudget({ prices });
    const settled = budget.reserve('main', 10)!;
    budget.settle(settled, { inputTokens: 1, outputTokens: 1 }, 'test-model');
    expect(codeOf(() => budget.settle(settled, { inputTokens: 1, outputTokens: 1 }, 'test-model'))).toBe(
      'budget-reservation-closed',
    );
    expect(codeOf(() => budget.release(settled))).toBe('budget-reservation-closed');
    const released = budget.reserve('main', 10)!;
    budget.release(released);
    expect(codeOf(() => budget.release(released))).toBe('budget-reservation-closed');
    expect(budget.spentTokens).toBe(2);
    expect(budget.reservedTokens).toBe(0);
  });

  it('refuses a reservation it did not make, even one that looks the same', () => {
    const budget = new TreeBudget({ prices });
    const other = new TreeBudget({ prices }).reserve('main', 10)!;
    budget.reserve('main', 10);
    const lookalike: Reservation = { id: other.id, agent: 'main', tokens: 10 };
    expect(codeOf(() => budget.release(other))).toBe('budget-unknown-reservation');
    expect(codeOf(() => budget.settle(lookalike, { inputTokens: 0, outputTokens: 0 }, 'test-model'))).toBe(
      'budget-unknown-reservation',
    );
    expect(budget.reservedTokens).toBe(10);
  });

  it('hands out frozen reservations so nobody can shrink one after the fact', () => {
    const reservation = new TreeBudget().reserve('main', 10)!;
    expect(Object.isFrozen(reservation)).toBe(true);
  });

  it('refuses negative, fractional or non-numeric token counts and caps', () => {
    const budget = new TreeBudget({ prices });
    expect(codeOf(() => budget.reserve('main', -1))).toBe('invalid-token-count');
    expect(codeOf(() => budget.reserve('main', 1.5))).toBe('invalid-token-count');
    expect(codeOf(() => budget.reserve('main', Number.NaN))).toBe('invalid-token-count');
    const reservation = budget.reserve('main', 10)!;
    expect(codeOf(() => budget.settle(reservation, { inputTokens: -5, outputTokens: 0 }, 'test-model'))).toBe(
      'invalid-token-count',
    );
    expect(() => new TreeBudget({ maxTokens: 0 })).toThrow(ConfigurationError);
    expect(() => budget.reserve('main', -1)).toThrow(
      'TreeBudget.reserve: "tokens" must be a whole number of tokens, 0 or more (got -1)',
    );
  });
});

interface Step {
  reserve: number;
  /** Share of the reservation really used; never more than all of it. */
  used: number;
  inputShare: number;
  outcome: 'settle' | 'release';
}

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  reserve: fc.integer({ min: 0, max: 2_000 }),
  used: fc.double({ min: 0, max: 1, noNaN: true }),
  inputShare: fc.double({ min: 0, max: 1, noNaN: true }),
  outcome: fc.constantFrom('settle' as const, 'release' as const),
});

const treeArbitrary = fc.record({
  maxTokens: fc.integer({ min: 1, max: 6_000 }),
  agents: fc.array(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 16 }),
});

/** Runs every simulated agent at once; `pause` is where another agent may run. */
async function runTree(
  tree: { maxTokens: number; agents: Step[][] },
  pause: (agent: number, step: number) => Promise<void>,
) {
  const budget = new TreeBudget({ maxTokens: tree.maxTokens, prices });
  const settledByAgent = new Map<string, { tokens: number; costCents: number }>();
  const checkCap = (): void => {
    expect(budget.spentTokens + budget.reservedTokens).toBeLessThanOrEqual(budget.maxTokens);
    expect(budget.remainingTokens).toBe(budget.maxTokens - budget.spentTokens - budget.reservedTokens);
  };
  const runAgent = async (steps: Step[], index: number): Promise<void> => {
    const agent = String(index);
    for (const [stepIndex, step] of steps.entries()) {
      await pause(index, stepIndex);
      const roomBefore = budget.maxTokens - budget.spentTokens - budget.reservedTokens;
      const reservation = budget.reserve(agent, step.reserve);
      // Granted exactly when it fits: neither too strict nor too loose.
      expect(reservation !== undefined).toBe(step.reserve <= roomBefore);
      checkCap();
      if (reservation === undefined) continue;
      await pause(index, stepIndex); // the model call is in flight
      if (step.outcome === 'release') {
        budget.release(reservation);
      } else {
        const usedTokens = Math.floor(step.reserve * step.used);
        const inputTokens = Math.floor(usedTokens * step.inputShare);
        const charged = budget.settle(
          reservation,
          { inputTokens, outputTokens: usedTokens - inputTokens },
          'test-model',
        );
        const totals = settledByAgent.get(agent) ?? { tokens: 0, costCents: 0 };
        settledByAgent.set(agent, {
          tokens: totals.tokens + charged.tokens,
          costCents: totals.costCents + charged.costCents,
        });
      }
      checkCap();
    }
  };
  await Promise.all(tree.agents.map(runAgent));
  return { budget, settledByAgent };
}

function checkTotals({ budget, settledByAgent }: Awaited<ReturnType<typeof runTree>>): void {
  expect(budget.reservedTokens).toBe(0);
  let tokens = 0;
  let costCents = 0;
  for (const [agent, expected] of settledByAgent) {
    expect(budget.agentTotals(agent)).toEqual(expected);
    tokens += expected.tokens;
    costCents += expected.costCents;
  }
  expect(budget.spentTokens).toBe(tokens);
  expect(budget.spentCents).toBeCloseTo(costCents, 6);
  expect(budget.agents().reduce((sum, entry) => sum + entry.tokens, 0)).toBe(tokens);
}

describe('TreeBudget under concurrent agents', () => {
  // Many interleavings: give a busy machine room (the property, not the time, is what is checked).
  it('never lets spent plus reserved pass the cap, whatever the interleaving, and the totals add up', {
    timeout: 60_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), treeArbitrary, async (scheduler, tree) => {
        const finished = runTree(tree, () => scheduler.schedule(Promise.resolve()));
        await scheduler.waitIdle();
        checkTotals(await finished);
      }),
      { numRuns: 300 },
    );
  });

  it('holds the same with real timers between reserve and settle', async () => {
    await fc.assert(
      fc.asyncProperty(
        treeArbitrary,
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
        async (tree, delays) => {
          const pause = (agent: number, step: number) =>
            new Promise<void>((resolve) => setTimeout(resolve, delays[(agent + step) % delays.length]));
          checkTotals(await runTree(tree, pause));
        },
      ),
      // Shrinking with real timers is slow; the scheduler property above shrinks instead.
      { numRuns: 25, endOnFailure: true },
    );
  }, 30_000);
});

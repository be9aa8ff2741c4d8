// The token budget of a whole agent tree: one mutable object shared by reference by every agent in
// a run and the sampling handler. Host side; the budget never crosses the wire.

import { ConfigurationError, LocalError } from './errors.js';
import { DEFAULT_PRICES, type PriceTable, priceCents } from './model/price-table.js';
import type { Usage } from './model.js';

export const MAX_TREE_TOKENS = 600_000;

export interface Reservation {
  readonly id: number;
  readonly agent: string;
  readonly tokens: number;
}

/** A bug in how the budget is used: a reservation settled twice, a negative amount, a foreign reservation. */
export class BudgetError extends LocalError {}

export interface TreeBudgetOptions {
  maxTokens?: number;
  prices?: PriceTable;
}

/**
 * Reserve-then-settle keeps the tree within maxTokens with any number of agents drawing at once:
 * `reserve` is synchronous, so no two callers can both see the same room left. Callers reserve
 * their worst case before a model call (an upper bound on the input, see limits/input-token-bound,
 * plus the max output tokens), then `settle` the real usage or `release` the reservation if the
 * call failed. The cap holds as long as real usage never exceeds its reservation; if it does, the
 * budget records the truth (spent may then pass the cap) rather than clamp it.
 */
export class TreeBudget {
  readonly maxTokens: number;
  readonly #prices: PriceTable;
  readonly #open = new Map<number, Reservation>();
  readonly #agents = new Map<string, { tokens: number; costCents: number }>();
  #nextId = 1;
  #spentTokens = 0;
  #reservedTokens = 0;
  #spentCents = 0;

  constructor(options: TreeBudgetOptions = {}) {
    const maxTokens = options.maxTokens ?? MAX_TREE_TOKENS;
    if (!Number.isSafeInteger(maxTokens) || maxTokens <= 0) {
      throw new ConfigurationError(`TreeBudget "maxTokens" must be a whole number above 0 (got ${maxTokens})`);
    }
    this.maxTokens = maxTokens;
    this.#prices = options.prices ?? DEFAULT_PRICES;
  }

  /** Reserve a worst case before a model call; undefined when it could pass the cap. Synchronous. */
  reserve(agent: string, tokens: number): Reservation | undefined {
    requireTokenCount(tokens, 'reserve', 'tokens');
    if (this.#spentTokens + this.#reservedTokens + tokens > this.maxTokens) return undefined;
    const reservation = new IssuedReservation(this, this.#nextId++, agent, tokens);
    this.#open.set(reservation.id, reservation);
    this.#reservedTokens += tokens;
    return reservation;
  }

  /** Replace a reservation by the real usage; returns the tokens and cost of the call. */
  settle(reservation: Reservation, usage: Usage, modelId: string): { tokens: number; costCents: number } {
    requireTokenCount(usage.inputTokens, 'settle', 'usage.inputTokens');
    requireTokenCount(usage.outputTokens, 'settle', 'usage.outputTokens');
    this.#close(reservation, 'settle');
    const tokens = usage.inputTokens + usage.outputTokens;
    const costCents = this.priceOf(modelId, usage);
    this.#spentTokens += tokens;
    this.#spentCents += costCents;
    const totals = this.#agents.get(reservation.agent) ?? { tokens: 0, costCents: 0 };
    totals.tokens += tokens;
    totals.costCents += costCents;
    this.#agents.set(reservation.agent, totals);
    return { tokens, costCents };
  }

  /** Give a reservation back unused (the call failed or was aborted). */
  release(reservation: Reservation): void {
    this.#close(reservation, 'release');
  }

  /** Tokens settled so far by the whole tree. */
  get spentTokens(): number {
    return this.#spentTokens;
  }

  /** Tokens held by reservations not yet settled or released. */
  get reservedTokens(): number {
    return this.#reservedTokens;
  }

  /** maxTokens - spent - reserved, never below 0 (spent can pass the cap only if a call outran its reservation). */
  get remainingTokens(): number {
    return Math.max(0, this.maxTokens - this.#spentTokens - this.#reservedTokens);
  }

  get spentCents(): number {
    return this.#spentCents;
  }

  /** Settled tokens and cost of one agent; zeros for an agent that has not settled anything. */
  agentTotals(agent: string): { tokens: number; costCents: number } {
    const totals = this.#agents.get(agent);
    return { tokens: totals?.tokens ?? 0, costCents: totals?.costCents ?? 0 };
  }

  /** Every agent that has settled a call, with its totals, in order of first settle. */
  agents(): Array<{ agent: string; tokens: number; costCents: number }> {
    return [...this.#agents].map(([agent, totals]) => ({ agent, ...totals }));
  }

  /** Price of a call in cents; unknown model ids use the table's "default" entry. */
  priceOf(modelId: string, usage: Usage): number {
    return priceCents(this.#prices, modelId, usage);
  }

  #close(reservation: Reservation, action: 'settle' | 'release'): void {
    if (!IssuedReservation.isFrom(reservation, this)) {
      throw new BudgetError(
        'budget-unknown-reservation',
        `Cannot ${action} reservation ${reservation.id} of agent "${reservation.agent}": it was not made by this TreeBudget. Pass the object reserve() returned.`,
      );
    }
    if (this.#open.get(reservation.id) !== reservation) {
      throw new BudgetError(
        'budget-reservation-closed',
        `Cannot ${action} reservation ${reservation.id} of agent "${reservation.agent}": it was already settled or released. Settle or release each reservation exactly once.`,
      );
    }
    this.#open.delete(reservation.id);
    this.#reservedTokens -= reservation.tokens;
  }
}

/**
 * A reservation as the budget hands it out: frozen, and marked with the budget that made it, so a
 * look-alike from elsewhere is refused without a WeakSet entry for every reservation ever made.
 */
class IssuedReservation implements Reservation {
  readonly #budget: TreeBudget;
  readonly id: number;
  readonly agent: string;
  readonly tokens: number;

  constructor(budget: TreeBudget, id: number, agent: string, tokens: number) {
    this.#budget = budget;
    this.id = id;
    this.agent = agent;
    this.tokens = tokens;
    Object.freeze(this);
  }

  static isFrom(reservation: Reservation, budget: TreeBudget): boolean {
    return #budget in reservation && reservation.#budget === budget;
  }
}

function requireTokenCount(value: number, method: string, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new BudgetError(
      'invalid-token-count',
      `TreeBudget.${method}: "${field}" must be a whole number of tokens, 0 or more (got ${value})`,
    );
  }
}

// The check of exercise 2: the learner's callWithinBudget against the host's own TreeBudget.

import { type ModelRequest, TreeBudget } from '@kitchen/host';
import { ScriptedModel } from '@kitchen/host/testing';
import type * as Exercise from '../../exercises/02-reserve-and-settle/call-within-budget.js';
import { expectThat } from '../not-yet.js';

const request: ModelRequest = {
  messages: [{ role: 'user', content: 'How many jars are on shelf 2?' }],
  maxTokens: 500,
};

export async function check(exercise: typeof Exercise): Promise<void> {
  const worstCase = exercise.worstCaseOf(request);

  // Room for the call: it is made, and the budget ends up holding its real usage, nothing reserved.
  const roomy = new TreeBudget({ maxTokens: 10_000 });
  const model = new ScriptedModel([{ text: 'Twelve.', usage: { inputTokens: 40, outputTokens: 5 } }]);
  const answer = await exercise.callWithinBudget(roomy, 'main', model, request);
  expectThat(answer.kind === 'answered', `With room for the call, it should be answered (got "${answer.kind}").`);
  expectThat(
    roomy.spentTokens === 45,
    `The model used 40 + 5 tokens, but the budget counts ${roomy.spentTokens} spent: settle the reservation with response.usage.`,
  );
  expectThat(
    roomy.reservedTokens === 0,
    `After the call ${roomy.reservedTokens} tokens are still reserved: settle (or release) every reservation.`,
  );
  expectThat(answer.tokens === 45, `The answer says ${answer.tokens} tokens; settle returns the real 45.`);
  expectThat(
    roomy.agentTotals('main').tokens === 45,
    'The usage is not charged to agent "main": reserve for the agent that calls.',
  );

  // No room for the worst case: the model is never called.
  const tight = new TreeBudget({ maxTokens: worstCase - 1 });
  const unasked = new ScriptedModel([{ text: 'Twelve.' }]);
  const refused = await exercise.callWithinBudget(tight, 'main', unasked, request);
  expectThat(
    unasked.requests.length === 0,
    `The budget had ${worstCase - 1} tokens and the worst case is ${worstCase}, yet the model was called: reserve first, and do not call without a reservation.`,
  );
  expectThat(refused.kind === 'no-room', `With no room, answer { kind: 'no-room' } (got "${refused.kind}").`);

  // Two agents at once with room for one worst case: reserve is synchronous, so only one gets in.
  const shared = new TreeBudget({ maxTokens: worstCase + Math.floor(worstCase / 2) });
  const slow = new ScriptedModel(() => ({ text: 'Twelve.', delayMs: 5, usage: { inputTokens: 40, outputTokens: 5 } }));
  const both = await Promise.all([
    exercise.callWithinBudget(shared, 'worker-1', slow, request),
    exercise.callWithinBudget(shared, 'worker-2', slow, request),
  ]);
  expectThat(
    slow.requests.length === 1 && both.filter((outcome) => outcome.kind === 'no-room').length === 1,
    `Two workers called at once with room for one worst case, and ${slow.requests.length} calls were made: reserve before the first await, so the second sees the room taken.`,
  );

  // The model fails: the reservation goes back.
  const failing = new TreeBudget({ maxTokens: 10_000 });
  const broken = new ScriptedModel([{ error: new Error('the API is overloaded') }]);
  let failed: Awaited<ReturnType<typeof exercise.callWithinBudget>> | undefined;
  try {
    failed = await exercise.callWithinBudget(failing, 'main', broken, request);
  } catch (error) {
    expectThat(
      false,
      `The model's error escaped (${(error as Error).message}): catch it and answer { kind: 'failed' }.`,
    );
  }
  expectThat(failed?.kind === 'failed', `A failed call should answer { kind: 'failed' } (got "${failed?.kind}").`);
  expectThat(
    failing.reservedTokens === 0 && failing.spentTokens === 0,
    `After a failed call the budget holds ${failing.reservedTokens} reserved and ${failing.spentTokens} spent: release the reservation.`,
  );
}

export const learned = [
  'Reserve the worst case (input bound + max output) before a model call, synchronously, then settle the real usage.',
  'Because reserve is one synchronous step, any number of agents drawing at once cannot pass the cap together.',
  'A failed call releases its reservation; a refused reservation means the call is never made.',
  'The host does this in one place for every agent and the sampling handler: packages/host/src/loop/budgeted-model-call.ts.',
];

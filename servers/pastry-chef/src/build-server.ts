// buildServer(): the pastry chef's MCP server. Its tools ask the *host* for things a server cannot
// do alone — a model call (sampling), the user's choice (elicitation) — and report progress on a
// slow bake that stops when the call is cancelled; plus the plan_bake prompt. Server side.
//
// critique_recipe and choose_filling are written once, the 2026-07-28 way: while the answer is
// missing they *return* `input_required` with the request, and read the answer when the call comes
// again. A 2026 host answers and retries; on a 2025 session the SDK's legacy shim turns the same
// return into a real pushed sampling/createMessage or elicitation/create on the call's stream and
// re-enters the handler with the answer.

import { setTimeout as delay } from 'node:timers/promises';
import { errorToolResult as errorResult, jsonToolResult as jsonResult } from '@kitchen/server-kit';
import { type CallToolResult, type InputRequiredResult, inputRequired, McpServer } from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import { z } from 'zod';
import { registerBakeBatch } from './bake-batch-tool.js';
import { BakeTasks } from './bake-tasks.js';
import { readCritiqueAnswer, readFillingAnswer } from './host-answers.js';
import {
  bakeStage,
  buildCritiqueRequest,
  DEFAULT_BAKE_MINUTES,
  FILLING_FORM,
  parseCritique,
  planFilling,
  resolveRecipe,
} from './pastry.js';
import { registerPlanBakePrompt } from './plan-bake-prompt.js';

export interface PastryChefOptions {
  /** Real milliseconds per baking minute: 40 makes the default 25-minute bake last 1 s. */
  bakeMillisecondsPerMinute?: number;
  /** How many progress notifications a bake sends. */
  bakeSteps?: number;
  /**
   * On a 2025 session, how long the chef holds a call open waiting for the host's answer to a
   * pushed request (the host may be asking its user first). A 2026 host answers between calls, so
   * the chef holds nothing and this does not apply.
   */
  waitForHostMs?: number;
  /** Waits out one baking step, or less when `signal` aborts (it may also reject then). The
   * default is a real timer; tests pass a clock they move by hand. */
  waitForOven?: (milliseconds: number, signal: AbortSignal) => Promise<unknown>;
  /** The skills to offer (the skills extension; see pastry-skills.ts). Without them, none. */
  skills?: SkillsExtension;
  /** Where bake_batch's batches live across requests; by default one oven per process and pace. */
  bakeTasks?: BakeTasks;
}

const ovens = new Map<string, BakeTasks>();
/** One oven per process and pace: a 2026 server is built per request, its batches are not. */
function sharedOven(millisecondsPerMinute: number, steps: number): BakeTasks {
  const key = `${millisecondsPerMinute}/${steps}`;
  let oven = ovens.get(key);
  if (oven === undefined) {
    oven = new BakeTasks({ millisecondsPerMinute, steps });
    ovens.set(key, oven);
  }
  return oven;
}

/**
 * How long the chef waits for an answer the host may first put to a person (a price to approve,
 * a form to fill in). Longer than a host's own approval timeout (the kitchen's is 5 minutes), so
 * the host, which knows whether anyone is answering, is the one that gives up first.
 */
export const WAIT_FOR_HOST_MS = 10 * 60_000;

/** The keys under which the chef's questions travel in `inputRequests` and come back in `inputResponses`. */
export const CRITIQUE_KEY = 'critique';
export const FILLING_KEY = 'filling';

export function buildServer(options: PastryChefOptions = {}): McpServer {
  const millisecondsPerMinute = options.bakeMillisecondsPerMinute ?? 40;
  const bakeSteps = options.bakeSteps ?? 8;
  const waitForOven = options.waitForOven ?? ((milliseconds, signal) => delay(milliseconds, undefined, { signal }));
  const server = new McpServer(
    { name: 'pastry-chef', version: '0.1.0' },
    // The legacy shim's per-request wait on a 2025 session (it resets on progress from the host).
    { inputRequired: { roundTimeoutMs: options.waitForHostMs ?? WAIT_FOR_HOST_MS } },
  );
  // The capabilities the host declared: from initialize on a 2025 session, from the request's own
  // envelope on a 2026 one (the SDK fills this accessor in per request; it marks it deprecated in
  // favour of ctx.mcpReq.envelope, which a 2025 session does not have). Checked before asking, so
  // a host without them gets a sentence, not the SDK's -32021 refusal.
  // The skills extension registers its methods and declares itself before the server connects.
  options.skills?.attach(server);
  const hostCan = (capability: 'sampling' | 'elicitation') =>
    server.server.getClientCapabilities()?.[capability] !== undefined;

  server.registerTool(
    'critique_recipe',
    {
      title: 'Critique a recipe',
      description:
        "Asks the host's model (MCP sampling) to critique a recipe and returns a verdict (bake, adjust, rethink) with notes. " +
        'Give a recipe name from the book (tarte tatin, lemon tart, pain au chocolat) or the full recipe text.',
      inputSchema: z.object({
        recipe: z.string().min(1).max(4000).describe('A recipe name from the book, or the recipe text'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ recipe }, ctx): Promise<CallToolResult | InputRequiredResult> => {
      if (!hostCan('sampling')) {
        return errorResult(
          'The host did not declare the sampling capability, so critique_recipe cannot ask it for a model call. Connect with a host that answers sampling/createMessage.',
        );
      }
      const chosen = resolveRecipe(recipe);
      const answer = readCritiqueAnswer(ctx.mcpReq.inputResponses, CRITIQUE_KEY);
      if (answer.kind === 'missing') {
        const request = buildCritiqueRequest(chosen);
        return inputRequired({
          inputRequests: {
            [CRITIQUE_KEY]: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: request.prompt } }],
              systemPrompt: request.systemPrompt,
              maxTokens: request.maxTokens,
              modelPreferences: request.modelPreferences,
              includeContext: 'none',
            }),
          },
        });
      }
      if (answer.kind === 'not text') {
        return errorResult(`The host answered with ${answer.contentType} content; critique_recipe needs text.`);
      }
      return jsonResult({
        recipe: chosen.name,
        ...parseCritique(answer.text),
        model: answer.model,
        stopReason: answer.stopReason,
      });
    },
  );

  server.registerTool(
    'choose_filling',
    {
      title: 'Choose a filling',
      description:
        'Asks the user (MCP elicitation) which filling to use and for how many servings, then plans the filling. ' +
        'The user may decline or cancel; the result says which.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_input, ctx): Promise<CallToolResult | InputRequiredResult> => {
      if (!hostCan('elicitation')) {
        return errorResult(
          'The host did not declare the elicitation capability, so choose_filling cannot ask the user. Pick a filling yourself (apple, cherry, lemon curd or chocolate).',
        );
      }
      const answer = readFillingAnswer(ctx.mcpReq.inputResponses, FILLING_KEY);
      switch (answer.action) {
        case 'missing':
          return inputRequired({
            inputRequests: { [FILLING_KEY]: inputRequired.elicit({ mode: 'form', ...FILLING_FORM }) },
          });
        case 'decline':
          return jsonResult({
            outcome: 'declined',
            note: 'The user declined to choose a filling; nothing was planned. Do not ask again for this task.',
          });
        case 'cancel':
          return jsonResult({
            outcome: 'cancelled',
            note: 'The user dismissed the question without answering; nothing was planned. You may ask again later.',
          });
        case 'accept': {
          const plan = planFilling(answer.content);
          if (!plan) {
            return errorResult(
              `The host accepted the filling form with an answer that does not fit it: ${JSON.stringify(answer.content ?? {})}.`,
            );
          }
          return jsonResult({ outcome: 'chosen', ...plan });
        }
      }
    },
  );

  server.registerTool(
    'bake',
    {
      title: 'Bake',
      description: `Bakes the pastry. Slow: reports progress while the oven works, and stops if the call is cancelled. Default ${DEFAULT_BAKE_MINUTES} minutes.`,
      inputSchema: z.object({
        minutes: z
          .number()
          .int()
          .min(1)
          .max(180)
          .optional()
          .describe(`Baking time in minutes, 1..180 (default ${DEFAULT_BAKE_MINUTES})`),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ minutes }, ctx): Promise<CallToolResult> => {
      const bakeMinutes = minutes ?? DEFAULT_BAKE_MINUTES;
      const stepMilliseconds = (bakeMinutes * millisecondsPerMinute) / bakeSteps;
      const { signal } = ctx.mcpReq;
      // Progress is only sent when the caller asked for it by passing a progress token.
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (let step = 1; step <= bakeSteps; step += 1) {
        await waitForOven(stepMilliseconds, signal).catch(() => undefined);
        // A cancelled call aborts the signal: notifications/cancelled on a 2025 session, the
        // request's own HTTP exchange closing on a 2026 one. The SDK drops whatever a cancelled
        // handler returns, so stopping is all that matters: no more progress, no more oven time.
        if (signal.aborted) {
          return errorResult(`Baking was cancelled after ${step - 1} of ${bakeSteps} steps; the oven is off.`);
        }
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: bakeSteps, message: bakeStage(step, bakeSteps) },
          });
        }
      }
      return jsonResult({ baked: true, minutes: bakeMinutes, steps: bakeSteps });
    },
  );

  registerBakeBatch(server, options.bakeTasks ?? sharedOven(millisecondsPerMinute, bakeSteps));
  registerPlanBakePrompt(server);
  return server;
}

// buildServer(): the pastry chef's MCP server. Its tools ask the *host* for things a server cannot
// do alone — a model call (sampling), the user's choice (elicitation) — and report progress on a
// slow bake that stops when the call is cancelled; plus the plan_bake prompt. Server side:
// everything here goes back through the tools/call that caused it.

import { setTimeout as delay } from 'node:timers/promises';
import { errorToolResult as errorResult, jsonToolResult as jsonResult } from '@kitchen/server-kit';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
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
  /** How long to wait for the host's model call (the host may be asking its user first). */
  samplingTimeoutMs?: number;
  /** How long to wait for the user to fill in the form. */
  elicitationTimeoutMs?: number;
  /** Waits out one baking step, or less when `signal` aborts (it may also reject then). The
   * default is a real timer; tests pass a clock they move by hand. */
  waitForOven?: (milliseconds: number, signal: AbortSignal) => Promise<unknown>;
}

/**
 * How long the chef waits for an answer the host may first put to a person (a price to approve,
 * a form to fill in). Longer than a host's own approval timeout (the kitchen's is 5 minutes), so
 * the host, which knows whether anyone is answering, is the one that gives up first.
 */
export const WAIT_FOR_HOST_MS = 10 * 60_000;

export function buildServer(options: PastryChefOptions = {}): McpServer {
  const millisecondsPerMinute = options.bakeMillisecondsPerMinute ?? 40;
  const bakeSteps = options.bakeSteps ?? 8;
  const waitForOven = options.waitForOven ?? ((milliseconds, signal) => delay(milliseconds, undefined, { signal }));
  const server = new McpServer({ name: 'pastry-chef', version: '0.1.0' });

  server.registerTool(
    'critique_recipe',
    {
      title: 'Critique a recipe',
      description:
        "Asks the host's model (MCP sampling) to critique a recipe and returns a verdict (bake, adjust, rethink) with notes. " +
        'Give a recipe name from the book (tarte tatin, lemon tart, pain au chocolat) or the full recipe text.',
      inputSchema: { recipe: z.string().min(1).max(4000).describe('A recipe name from the book, or the recipe text') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ recipe }, extra): Promise<CallToolResult> => {
      if (!server.server.getClientCapabilities()?.sampling) {
        return errorResult(
          'The host did not declare the sampling capability, so critique_recipe cannot ask it for a model call. Connect with a host that answers sampling/createMessage.',
        );
      }
      const chosen = resolveRecipe(recipe);
      const request = buildCritiqueRequest(chosen);
      try {
        // relatedRequestId sends the request on this tool call's SSE stream, so it reaches a
        // stateful HTTP host in the middle of the call, and the host can tell which call asked.
        const answer = await server.server.createMessage(
          {
            messages: [{ role: 'user', content: { type: 'text', text: request.prompt } }],
            systemPrompt: request.systemPrompt,
            maxTokens: request.maxTokens,
            modelPreferences: request.modelPreferences,
            includeContext: 'none',
          },
          {
            relatedRequestId: extra.requestId,
            signal: extra.signal,
            timeout: options.samplingTimeoutMs ?? WAIT_FOR_HOST_MS,
          },
        );
        if (answer.content.type !== 'text') {
          return errorResult(`The host answered with ${answer.content.type} content; critique_recipe needs text.`);
        }
        const critique = parseCritique(answer.content.text);
        return jsonResult({
          recipe: chosen.name,
          ...critique,
          model: answer.model,
          stopReason: answer.stopReason ?? 'unknown',
        });
      } catch (error) {
        if (extra.signal.aborted) return errorResult('The critique was cancelled before the host answered.');
        return errorResult(`The host declined the sampling request: ${wireErrorMessage(error)}`);
      }
    },
  );

  server.registerTool(
    'choose_filling',
    {
      title: 'Choose a filling',
      description:
        'Asks the user (MCP elicitation) which filling to use and for how many servings, then plans the filling. ' +
        'The user may decline or cancel; the result says which.',
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_input, extra): Promise<CallToolResult> => {
      if (!server.server.getClientCapabilities()?.elicitation) {
        return errorResult(
          'The host did not declare the elicitation capability, so choose_filling cannot ask the user. Pick a filling yourself (apple, cherry, lemon curd or chocolate).',
        );
      }
      try {
        const answer = await server.server.elicitInput(
          { mode: 'form', ...FILLING_FORM },
          {
            relatedRequestId: extra.requestId,
            signal: extra.signal,
            timeout: options.elicitationTimeoutMs ?? WAIT_FOR_HOST_MS,
          },
        );
        if (answer.action === 'decline') {
          return jsonResult({
            outcome: 'declined',
            note: 'The user declined to choose a filling; nothing was planned. Do not ask again for this task.',
          });
        }
        if (answer.action === 'cancel') {
          return jsonResult({
            outcome: 'cancelled',
            note: 'The user dismissed the question without answering; nothing was planned. You may ask again later.',
          });
        }
        const plan = planFilling(answer.content);
        if (!plan) {
          return errorResult(
            `The host accepted the filling form with an answer that does not fit it: ${JSON.stringify(answer.content ?? {})}.`,
          );
        }
        return jsonResult({ outcome: 'chosen', ...plan });
      } catch (error) {
        if (extra.signal.aborted) return errorResult('Choosing a filling was cancelled before the user answered.');
        return errorResult(`The host could not ask the user: ${wireErrorMessage(error)}`);
      }
    },
  );

  server.registerTool(
    'bake',
    {
      title: 'Bake',
      description: `Bakes the pastry. Slow: reports progress while the oven works, and stops if the call is cancelled. Default ${DEFAULT_BAKE_MINUTES} minutes.`,
      inputSchema: {
        minutes: z
          .number()
          .int()
          .min(1)
          .max(180)
          .optional()
          .describe(`Baking time in minutes, 1..180 (default ${DEFAULT_BAKE_MINUTES})`),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ minutes }, extra): Promise<CallToolResult> => {
      const bakeMinutes = minutes ?? DEFAULT_BAKE_MINUTES;
      const stepMilliseconds = (bakeMinutes * millisecondsPerMinute) / bakeSteps;
      // Progress is only sent when the caller asked for it by passing a progress token.
      const progressToken = extra._meta?.progressToken;
      for (let step = 1; step <= bakeSteps; step += 1) {
        await waitForOven(stepMilliseconds, extra.signal).catch(() => undefined);
        // notifications/cancelled aborts extra.signal. The SDK drops whatever a cancelled handler
        // returns, so stopping is all that matters: no more progress, no more oven time.
        if (extra.signal.aborted) {
          return errorResult(`Baking was cancelled after ${step - 1} of ${bakeSteps} steps; the oven is off.`);
        }
        if (progressToken !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: bakeSteps, message: bakeStage(step, bakeSteps) },
          });
        }
      }
      return jsonResult({ baked: true, minutes: bakeMinutes, steps: bakeSteps });
    },
  );

  registerPlanBakePrompt(server);
  return server;
}

/**
 * The host's own words from a JSON-RPC error. The v1 SDK prefixes "MCP error -32600: " when it
 * throws and again when it receives (the prefix travels in the wire message), so strip them all.
 */
export function wireErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^(MCP error -?\d+:\s*)+/, '');
}

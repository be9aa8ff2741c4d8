// Scenario 5: how long the offline model takes to decide at the end of an 80-jar audit, with every
// inspection in its history. The audit runs once through the kitchen host against the real
// cookie-jars server in memory; then that last request is replayed. Host side (the server only over MCP).

import type { Model, ModelRequest } from '@kitchen/host';
import { connectInMemory } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { buildServer } from '@kitchen/server-cookie-jars';
import { percentile, type Summary, summarize, timeCalls } from './measure.js';

export const AUDIT_JARS = 80;
export const AUDIT_PROMPT = `Inspect all ${AUDIT_JARS} cookie jars and report which ones were tampered with, and why`;
const SAMPLES = 100;

export interface OfflineDecision {
  jars: number;
  /** complete() on the request that writes the report: every tool result is in its history. */
  lastTurn: Summary;
  /** complete() on the opening request, for scale. */
  firstTurnMedianMs: number;
  /** Turns the audit took, and the tool results the last request carries. */
  turns: number;
  toolResultsInHistory: number;
}

export async function measureOfflineDecision(): Promise<OfflineDecision> {
  const requests = await recordAudit();
  const first = requests[0];
  const last = requests.at(-1);
  if (!first || !last) throw new Error('The offline audit made no model call.');
  const model = new OfflineModel();
  const decide = (request: ModelRequest) => async () => {
    await model.complete(request);
  };
  await timeCalls(20, 1, decide(last));
  const lastTurn = summarize(await timeCalls(SAMPLES, 1, decide(last)));
  const firstTurn = await timeCalls(SAMPLES, 1, decide(first));
  const toolResultsInHistory = last.messages
    .flatMap((message) => (typeof message.content === 'string' ? [] : message.content))
    .filter((block) => block.type === 'tool_result').length;
  return {
    jars: AUDIT_JARS,
    lastTurn,
    firstTurnMedianMs: percentile(firstTurn.samples, 0.5),
    turns: requests.length,
    toolResultsInHistory,
  };
}

/** Runs the audit once and returns every request the model saw, the history as it stood. */
async function recordAudit(): Promise<ModelRequest[]> {
  const offline = new OfflineModel();
  const requests: ModelRequest[] = [];
  const recorder: Model = {
    id: offline.id,
    label: offline.label,
    complete: (request) => {
      // The loop appends to one array (its blocks never change), and its signal has fired by the
      // time the request is replayed, so the copy keeps the messages as they were and no signal.
      requests.push({ ...request, messages: [...request.messages], signal: undefined });
      return offline.complete(request);
    },
  };
  const host = await KitchenHost.connect({
    clientName: 'kitchen-bench',
    openToolbox: (options) =>
      connectInMemory({ 'cookie-jars': buildServer({ seed: 1729, jars: AUDIT_JARS }) }, options),
  });
  try {
    for await (const event of host.run({ task: AUDIT_PROMPT, model: recorder })) {
      if (event.type !== 'done') continue;
      if (event.stopReason !== 'end_turn')
        throw new Error(`The offline audit stopped with "${event.stopReason}": ${event.detail ?? event.finalText}`);
      if (!/^- jar \d+:/m.test(event.finalText))
        throw new Error(`The offline audit's report names no tampered jar:\n${event.finalText}`);
    }
  } finally {
    await host.close();
  }
  return requests;
}

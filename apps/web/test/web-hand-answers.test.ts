// The page's inspector answering a server that asks the host for something during a call made by
// hand, in both protocol revisions: the pastry chef's sampling request answered by the offline
// model once the person approves its price (and refused when they decline), its form filled in or
// declined, each question kept with its call; a prompt fetched (prompts/get); skills listed with
// their files verified. Over the web API on 127.0.0.1, the real example servers as child processes.

import type { LoopEvent } from '@kitchen/host';
import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';
import type { HandCallAnswer } from '../src/hand-calls.js';
import { apiFetch, postJson } from './kitchen-api.js';
import { useKitchenWeb } from './test-kitchen.js';

const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
const chef = (revision: string) => `chef-${revision.slice(0, 4)}`;
// Not trusted, and no sampling rule: every model call the chef asks for is put to the person.
const { web } = useKitchenWeb({
  config: {
    mcpServers: Object.fromEntries(
      REVISIONS.map((protocol) => [
        chef(protocol),
        { kitchen: { package: 'servers/pastry-chef', entry: 'src/main.ts' }, protocol },
      ]),
    ),
  },
  flags: ['--model', 'offline'],
  runsDirPrefix: 'kitchen-hand-',
});

interface Followed {
  id: string;
  events: LoopEvent[];
  done: boolean;
  call?: HandCallAnswer;
}

describe.concurrent("the inspector's calls by hand, answered by the person at the page", () => {
  for (const revision of REVISIONS) {
    const server = chef(revision);

    it(`answers ${revision} sampling with the offline model once its price is approved, and says what it cost`, {
      timeout: PROCESS_TEST_TIMEOUT_MS,
    }, async () => {
      const id = await startCall(server, 'critique_recipe', { recipe: 'lemon tart' });
      const asked = await waitFor(id, (event) => event.type === 'sampling-request');
      expect(asked).toMatchObject({ server, via: revision === '2026-07-28' ? 'input_required' : 'push' });
      const price = asked.type === 'sampling-request' ? asked.costCents : 0;
      expect(price).toBeGreaterThan(0);
      const requestId = asked.type === 'sampling-request' ? asked.requestId : '';
      // A run's approvals do not hold this call's question.
      expect((await postJson(web(), `api/approvals/${requestId}`, { approved: true })).status).toBe(404);
      expect((await postJson(web(), `api/hand-calls/${id}/approvals/${requestId}`, { approved: true })).status).toBe(
        200,
      );
      const { call, events } = await finished(id);
      expect(call.outcome.isError).toBe(false);
      expect(JSON.parse(call.outcome.content)).toMatchObject({ recipe: 'lemon tart', model: 'offline' });
      expect(events.find((event) => event.type === 'sampling-response')).toMatchObject({
        outcome: 'answered',
        by: 'person',
      });
      expect(call.sampling).toMatchObject({ model: expect.stringContaining('offline'), requests: 1, answered: 1 });
      expect(call.sampling.costCents).toBeGreaterThan(0);
      expect(call.sampling.costCents).toBeLessThanOrEqual(price);
      expect(call.sampling.outputTokens).toBeGreaterThan(0);
    });

    it(`refuses ${revision} sampling the person declines, and the call says so`, {
      timeout: PROCESS_TEST_TIMEOUT_MS,
    }, async () => {
      const id = await startCall(server, 'critique_recipe', { recipe: 'tarte tatin' });
      const asked = await waitFor(id, (event) => event.type === 'sampling-request');
      const requestId = asked.type === 'sampling-request' ? asked.requestId : '';
      const declined = await postJson(web(), `api/hand-calls/${id}/approvals/${requestId}`, {
        approved: false,
        reason: 'not today',
      });
      expect(declined.status).toBe(200);
      const { call, events } = await finished(id);
      expect(events.find((event) => event.type === 'sampling-response')).toMatchObject({
        outcome: 'denied',
        by: 'person',
      });
      expect(call.outcome.isError).toBe(true);
      expect(call.outcome.content).toContain('not today');
      expect(call.sampling).toMatchObject({ requests: 1, answered: 0, costCents: 0 });
    });

    it(`fills in a ${revision} form, refusing an answer that does not fit, and declines another`, {
      timeout: PROCESS_TEST_TIMEOUT_MS,
    }, async () => {
      const id = await startCall(server, 'choose_filling', {});
      const asked = await waitFor(id, (event) => event.type === 'elicitation-request');
      const requestId = asked.type === 'elicitation-request' ? asked.requestId : '';
      const url = `api/hand-calls/${id}/elicitations/${requestId}`;
      const misfit = await postJson(web(), url, { action: 'accept', content: { filling: 'cherry', servings: 0 } });
      expect(misfit.status).toBe(400);
      const sent = await postJson(web(), url, { action: 'accept', content: { filling: 'cherry', servings: 4 } });
      expect(sent.status).toBe(200);
      const { call } = await finished(id);
      expect(JSON.parse(call.outcome.content)).toMatchObject({ outcome: 'chosen', filling: 'cherry', servings: 4 });

      const again = await startCall(server, 'choose_filling', {});
      const second = await waitFor(again, (event) => event.type === 'elicitation-request');
      const secondId = second.type === 'elicitation-request' ? second.requestId : '';
      expect(
        (await postJson(web(), `api/hand-calls/${again}/elicitations/${secondId}`, { action: 'decline' })).status,
      ).toBe(200);
      expect(JSON.parse((await finished(again)).call.outcome.content)).toMatchObject({ outcome: 'declined' });
    });
  }

  it('answers a call that waits (no "wait": false) and refuses unknown calls and servers', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const waited = await postJson(web(), `api/servers/${chef('2026')}/tools/bake`, { arguments: { minutes: 1 } });
    expect(waited.status).toBe(200);
    expect(waited.body['sampling']).toMatchObject({ requests: 0, costCents: 0 });
    expect((await apiFetch(web(), 'api/hand-calls/hand-999')).status).toBe(404);
    expect((await postJson(web(), 'api/hand-calls/hand-999/approvals/sampling-1', { approved: true })).status).toBe(
      404,
    );
    expect((await postJson(web(), 'api/servers/ghost/tools/x', { arguments: {}, wait: false })).status).toBe(404);
  });
});

describe("the inspector's prompts and skills", () => {
  it('fetches a prompt with its arguments and shows its messages, refusing a missing argument', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const server = chef('2026');
    const got = await postJson(web(), `api/servers/${server}/prompts/plan_bake`, {
      arguments: { recipe: 'lemon tart' },
    });
    expect(got.status).toBe(200);
    const messages = got.body['messages'] as Array<{ role: string; content: { type: string; text?: string } }>;
    expect(messages[0]?.role).toBe('user');
    expect(messages.map((message) => message.content.text ?? '').join('\n')).toContain('lemon tart');
    const missing = await postJson(web(), `api/servers/${server}/prompts/plan_bake`, { arguments: {} });
    expect(missing.status).toBe(400);
    expect(missing.body['error']).toContain('"recipe"');
    expect((await postJson(web(), `api/servers/${server}/prompts/nope`, {})).status).toBe(404);
    expect((await postJson(web(), 'api/servers/ghost/prompts/plan_bake', {})).status).toBe(404);
  });

  it("lists a server's skills with every file verified against its digests", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const read = await apiFetch(web(), `api/servers/${chef('2025')}/skills`);
    expect(read.status).toBe(200);
    const skills = (await read.json()) as {
      supported: boolean;
      skills: Array<{ name: string; files: Array<{ path: string; verified: boolean }> }>;
    };
    expect(skills.supported).toBe(true);
    expect(skills.skills.length).toBeGreaterThan(0);
    const files = skills.skills.flatMap((skill) => skill.files);
    expect(files.map((file) => file.path)).toContain('SKILL.md');
    expect(files.every((file) => file.verified)).toBe(true);
    expect((await apiFetch(web(), 'api/servers/ghost/skills')).status).toBe(404);
  });
});

// ---- Reading the API the way the page does ----

async function startCall(server: string, tool: string, args: Record<string, unknown>): Promise<string> {
  const started = await postJson(web(), `api/servers/${server}/tools/${tool}`, { arguments: args, wait: false });
  expect(started.status).toBe(202);
  return String(started.body['id']);
}

async function follow(id: string): Promise<Followed> {
  return (await (await apiFetch(web(), `api/hand-calls/${id}`)).json()) as Followed;
}

/** Polls the call until one of its events matches (the server's question has arrived). */
async function waitFor(id: string, matches: (event: LoopEvent) => boolean): Promise<LoopEvent> {
  for (;;) {
    const seen = await follow(id);
    const event = seen.events.find(matches);
    if (event !== undefined) return event;
    if (seen.done) throw new Error(`${id} ended without the event: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function finished(id: string): Promise<{ call: HandCallAnswer; events: LoopEvent[] }> {
  for (;;) {
    const seen = await follow(id);
    if (seen.call !== undefined) return { call: seen.call, events: seen.events };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The web kitchen on a stage, in Debian's Chromium (playwright-core) against `kitchen web`
// in-process with the cookie-jars server and the offline model: a presenter's words, the offline
// price labelled, tool calls counted, cost and budget in sight, lanes that hold their text,
// jumping between lanes without fetching the run again, dark and light, Pace while a run runs,
// recent runs told apart, and a page opened without its token. Screenshots go to test-artifacts/.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoopEvent, LoopEventDraft } from '@kitchen/host';
import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './browser.js';
import { eventually, useBrowserKitchen } from './browser-kitchen.js';
import { loopEvents } from './loop-events.js';

const kitchen = useBrowserKitchen({
  config: { servers: [{ name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts', trust: true }] },
  flags: ['--jars', '24', '--model', 'offline'],
  runsDirPrefix: 'kitchen-stage-runs-',
});
const { web } = kitchen;
const openPage = (address: string, colorScheme: 'light' | 'dark' = 'light') =>
  kitchen.openPage(address, { viewport: { width: 1440, height: 900 }, colorScheme });

/** Events as a recorder would write them (loop-events.ts), for a tree of workers inspecting jars. */
function recordedEvents() {
  const events: LoopEvent[] = [];
  const { at, now, toolCall, toolResult } = loopEvents();
  const push = (event: Record<string, unknown>) => events.push(at(event as unknown as LoopEventDraft));
  const start = (agent: string, parent: string | undefined, depth: number, task: string) =>
    push({ type: 'agent-start', agent, name: `worker-${agent}`, depth, task, ...(parent ? { parent } : {}) });
  const hire = (parent: string, agent: string, task: string) =>
    events.push(toolCall(parent, `call-${agent}`, { task }, 'spawn_agent', 'local'));
  /** The result of the spawn_agent call that hired `agent`: its report. */
  const reported = (parent: string, agent: string) =>
    events.push(
      toolResult(parent, `call-${agent}`, `report of ${agent}`, {
        tool: 'spawn_agent',
        server: 'local',
        durationMs: 20,
      }),
    );
  const inspect = (agent: string, jar: number) => {
    const callId = `inspect-${agent}-${jar}`;
    events.push(toolCall(agent, callId, { id: jar }), toolResult(agent, callId, `jar ${jar}: intact`));
  };
  const end = (agent: string, toolCalls = 1) =>
    push({
      type: 'agent-end',
      agent,
      iterations: 1,
      toolCalls,
      tokens: 100,
      costCents: 0.3,
      stopReason: 'end_turn',
      finalText: `report of ${agent}`,
    });
  const done = (toolCalls: number) =>
    push({
      type: 'done',
      agent: 'main',
      finalText: 'All done.',
      stopReason: 'end_turn',
      iterations: 17,
      toolCalls,
      tokens: 1_700,
      costCents: 5.1,
    });
  return { events, start, hire, reported, inspect, end, done, now };
}

/** Writes `recorded` as the trace of run `runId` in the runs folder, so the page draws it from there (?run=ID). */
function writeTrace(runId: string, recorded: ReturnType<typeof recordedEvents>, toolCalls: number, workers: number) {
  const lines = [
    {
      kind: 'run',
      id: runId,
      // A fixed start: the recorded tree is drawn from its events, not from the clock.
      startedAt: Date.UTC(2026, 11, 1, 22, 0, 0),
      task: 'Inspect the jars by a tree of workers',
      model: { id: 'offline', label: 'offline model (deterministic, no network)' },
      delegate: true,
      settings: {},
    },
    ...recorded.events.map((event) => ({ kind: 'event', event })),
    {
      kind: 'end',
      at: recorded.now(),
      outcome: 'end_turn',
      durationMs: recorded.now() - 1_000,
      tokens: 1_700,
      costCents: 5.1,
      iterations: 17,
      toolCalls,
      workers,
    },
  ];
  writeFileSync(join(kitchen.runsDir, `${runId}.jsonl`), `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
}

/** A recorded run of 16 workers as a tree: main hires 4, each of them hires 3. */
function writeTreeTrace(runId: string): void {
  const recorded = recordedEvents();
  const { start, hire, end } = recorded;
  start('main', undefined, 0, 'Inspect the jars by a tree of workers');
  let next = 1;
  for (let boss = 0; boss < 4; boss += 1) {
    const id = String(next++);
    hire('main', id, `Slice ${id} of the jars`);
    start(id, 'main', 1, `Slice ${id} of the jars`);
    for (let helper = 0; helper < 3; helper += 1) {
      const sub = String(next++);
      hire(id, sub, `Part ${sub} of slice ${id}`);
      start(sub, id, 2, `Part ${sub} of slice ${id}`);
      end(sub);
    }
    end(id);
  }
  end('main');
  recorded.done(16);
  writeTrace(runId, recorded, 16, 16);
}

/**
 * A recorded run of 8 workers that inspect 30 jars each; worker 1 first hires a helper, so the call
 * that hired it is among the worker's oldest entries.
 */
function writeBusyTrace(runId: string): void {
  const recorded = recordedEvents();
  const { start, hire, reported, inspect, end } = recorded;
  start('main', undefined, 0, 'Inspect the jars by a tree of workers');
  for (let worker = 1; worker <= 8; worker += 1) {
    const id = String(worker);
    hire('main', id, `Jars ${worker * 30 - 29} to ${worker * 30}`);
    start(id, 'main', 1, `Jars ${worker * 30 - 29} to ${worker * 30}`);
    if (worker === 1) {
      hire('1', '9', 'Check the labels');
      start('9', '1', 2, 'Check the labels');
      end('9');
      reported('1', '9');
    }
    for (let jar = worker * 30 - 29; jar <= worker * 30; jar += 1) inspect(id, jar);
    end(id, 30);
    reported('main', id);
  }
  end('main', 8);
  recorded.done(249);
  writeTrace(runId, recorded, 249, 9);
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

describe('the web kitchen on a stage', () => {
  it("runs the delegated demo in a presenter's words, with its price and its lanes in sight", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openPage(web().ownerUrl);
    await eventually(() => page.locator('#kitchen-line').textContent()).toContain('seed');
    expect(await page.locator('#connection').textContent()).toBe('● connected');
    // A pace the run keeps from its start: not offered while a run runs.
    await page.locator('#pace').selectOption('500');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await eventually(() => page.locator('#stop-button').isVisible()).toBe(true);
    expect(await page.locator('#pace').isDisabled()).toBe(true);
    await page.locator('#report').waitFor({ state: 'visible' });
    expect(await page.locator('#pace').isDisabled()).toBe(false);

    // Presenter words, tool calls counted, the offline model's price said.
    expect(await page.locator('#run-state').textContent()).toMatch(/^✅ finished · 3 lanes/);
    expect(await page.locator('#summary').textContent()).toMatch(/^📊 finished · /);
    expect(await page.locator('#lane-1 .lane-status').textContent()).toMatch(
      /^✅ finished · \d+ iters? · \d+ tool calls?$/,
    );
    expect(await page.locator('#run-price').textContent()).toBe('offline model, priced as Claude Sonnet');
    expect(await page.content()).not.toContain('end_turn');

    // No lane's text spills into the next one.
    for (const lane of await page.locator('.lane').all()) {
      const spill = await lane.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(spill).toBeLessThanOrEqual(1);
    }
    // The cost and the budget stay in sight at the bottom of the page, large.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const cost = await page.locator('#run-cost').boundingBox();
    expect(cost !== null && cost.y >= 0 && cost.y + cost.height <= 900).toBe(true);
    const costSize = await page
      .locator('#run-cost')
      .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    const bodySize = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize));
    expect(costSize).toBeGreaterThan(bodySize * 1.2);
    await saveScreenshot(page, 'stage-light');

    // Jumping to a worker and back scrolls; nothing is fetched again.
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) fetched.push(request.url());
    });
    await page.locator('.worker-link').first().click();
    await eventually(() =>
      page.locator('#lane-1').evaluate((element) => Math.abs(element.getBoundingClientRect().top) < 200),
    ).toBe(true);
    await page.locator('#lane-1 .hired-by').click();
    const hire = (await page.locator('#lane-1 .hired-by').getAttribute('href')) ?? '';
    await eventually(() =>
      page.locator(hire).evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      }),
    ).toBe(true);
    // Back leaves the run's address and forward returns to it. The page already shows that run, so
    // its popstate scrolls to the anchor (each scrollIntoView is noted) instead of fetching the run.
    const runAddress = page.url();
    await page.evaluate(() => {
      const noted: string[] = [];
      Object.assign(window, { scrolledTo: noted });
      const scroll = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element, ...options: [ScrollIntoViewOptions?]) {
        noted.push(this.id);
        scroll.apply(this, options);
      };
    });
    const scrolledTo = () => page.evaluate(() => (window as Window & { scrolledTo?: string[] }).scrolledTo ?? []);
    await page.goBack();
    await eventually(() => page.url()).not.toBe(runAddress);
    await page.goForward();
    await eventually(() => page.url()).toBe(runAddress);
    await eventually(async () => (await scrolledTo()).at(-1)).toBe(hire.slice(1));
    // A fence: a request the page makes after both navigations were handled. Requests are reported
    // in the order the page makes them, so a fetch either navigation started would be seen first.
    await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/after-back-and-forward')),
      page.evaluate(() => fetch('/after-back-and-forward').catch(() => undefined)),
    ]);
    expect(fetched.filter((url) => /\/api\/(runs|traces)\//.test(url))).toEqual([]);
    expect(await page.locator('.lane').count()).toBe(3);

    // Recent runs say when, how it ended and what it cost.
    await page.locator('#recent-runs summary').click();
    // Any of the start's forms: the day words ("today", "yesterday") are checked with a fixed
    // clock in lanes.test.ts; here the machine's date may turn while the test runs.
    await eventually(() => page.locator('#recent-list li').first().textContent()).toMatch(
      /^(today|yesterday|\d{1,2} [A-Z][a-z]{2}) \d\d:\d\d:\d\d .* · finished · \d+\.\d+¢ · 2 workers · /,
    );
    await page.context().close();
  });

  it("follows the system's dark setting, and the switch picks light or dark", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const dark = await openPage(web().ownerUrl, 'dark');
    await eventually(() => dark.locator('#kitchen-line').textContent()).toContain('seed');
    expect(await background(dark)).toBe('rgb(18, 21, 27)');
    await saveScreenshot(dark, 'stage-dark');
    const light = await openPage(web().ownerUrl, 'light');
    expect(await background(light)).toBe('rgb(246, 247, 249)');
    await light.locator('#theme-switch').click();
    expect(await light.locator('#theme-switch').textContent()).toBe('☾ dark');
    expect(await background(light)).toBe('rgb(18, 21, 27)');
    await light.locator('#theme-switch').click();
    expect(await light.locator('#theme-switch').textContent()).toBe('☀ light');
    expect(await background(light)).toBe('rgb(246, 247, 249)');
    // Kept in this browser: a reload keeps the choice.
    await light.reload();
    expect(await light.locator('#theme-switch').textContent()).toBe('☀ light');
    await dark.context().close();
    await light.context().close();
  });

  it('nests each worker under the agent that hired it, and fits 16 workers on a 1440×900 screen', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    writeTreeTrace('2026-12-01T22-00-00-000Z-tree');
    const page = await openPage(`${web().ownerUrl}&run=2026-12-01T22-00-00-000Z-tree`);
    await eventually(() => page.locator('.lane').count()).toBe(17);
    // At any depth: main's workers in main's group, each one's helpers in its own.
    expect(await page.locator('#lane-group-main > .lane-workers > .lane-group').count()).toBe(4);
    expect(
      await page
        .locator('#lane-group-1 > .lane-workers > .lane-group > .lane')
        .evaluateAll((lanes) => lanes.map((lane) => lane.id)),
    ).toEqual(['lane-2', 'lane-3', 'lane-4']);
    expect(await page.locator('#lane-group-5 > .lane-workers #lane-8').count()).toBe(1);
    // Compact: the 16 workers, top to bottom and side to side, inside one 1440×900 screen.
    expect(await page.locator('#lanes').getAttribute('class')).toContain('compact');
    const boxes = await page.locator('.lane:not(.lane-main)').evaluateAll((lanes) =>
      lanes.map((lane) => {
        const box = lane.getBoundingClientRect();
        return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, left: box.left, right: box.right };
      }),
    );
    expect(boxes).toHaveLength(16);
    const height = Math.max(...boxes.map((box) => box.bottom)) - Math.min(...boxes.map((box) => box.top));
    expect(height).toBeLessThanOrEqual(900);
    expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(1440);
    await page.locator('#lane-group-main > .lane-workers').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'stage-sixteen-lanes');
    await page.context().close();
  });

  it('keeps a compact lane to its newest entries, and draws the rest when asked or jumped to', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    writeBusyTrace('2026-12-01T23-00-00-000Z-busy');
    const page = await openPage(`${web().ownerUrl}&run=2026-12-01T23-00-00-000Z-busy`);
    await eventually(() => page.locator('.lane').count()).toBe(10);
    expect(await page.locator('#lanes').getAttribute('class')).toContain('compact');
    // 30 calls each; on the page, the newest 12 and one row for the rest.
    const lane = page.locator('#lane-2 .lane-entries');
    expect(await lane.locator(':scope > .entry:not(.earlier)').count()).toBe(12);
    expect(await lane.locator('.earlier-button').textContent()).toBe('⋯ 18 earlier entries: show all');
    expect(await lane.locator(':scope > .entry.tool').last().getAttribute('id')).toBe('call-inspect-2-60');
    // Every lane shows its end, though lanes placed beside it narrowed it after it was drawn.
    const fromEnd = () =>
      page
        .locator('.lane-entries')
        .evaluateAll((lists) =>
          lists.map((list) => Math.round(list.scrollHeight - list.scrollTop - list.clientHeight)),
        );
    await eventually(async () => Math.max(...(await fromEnd()))).toBeLessThanOrEqual(1);
    // Larger type for the room: every entry wraps anew, and each lane still shows its end.
    await page.locator('#zoom-in').click();
    await page.locator('#zoom-in').click();
    await eventually(async () => Math.max(...(await fromEnd()))).toBeLessThanOrEqual(1);
    await page.locator('#zoom-out').click();
    await page.locator('#zoom-out').click();
    await lane.evaluate((element) => element.scrollTo({ top: 0 }));
    await saveScreenshot(page, 'stage-earlier-entries');
    // Asked, the lane draws them all, in order, and keeps them.
    await lane.locator('.earlier-button').click();
    expect(await lane.locator(':scope > .entry').count()).toBe(30);
    expect(await lane.locator('.earlier-button').count()).toBe(0);
    expect(await lane.locator(':scope > .entry.tool').first().getAttribute('id')).toBe('call-inspect-2-31');
    // The helper's "hired by" link goes to a call its hirer took off the page: the hirer draws it again.
    expect(await page.locator('#call-call-9').count()).toBe(0);
    await page.locator('#lane-9 .hired-by').click();
    await page.locator('#call-call-9').waitFor();
    expect(await page.locator('#lane-1 .lane-entries > .entry').count()).toBe(31);
    expect(new URL(page.url()).hash).toBe('#call-call-9');
    await page.context().close();
  });

  it('opened without its token, says it needs one and does not claim to be connected', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openPage(web().url);
    await eventually(() => page.locator('#form-problem').textContent()).toContain('needs its access token');
    expect(await page.locator('#connection').textContent()).toBe('🔒 not connected: this page has no valid token');
    expect(await page.locator('#run-button').isDisabled()).toBe(true);
    await page.context().close();
  });
});

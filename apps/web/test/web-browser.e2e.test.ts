// The web UI in a real browser: Debian's Chromium driven by playwright-core against `kitchen web`
// in-process (the real example servers as child processes, the offline model, real HTTP on
// 127.0.0.1:0). Each test saves a screenshot in test-artifacts/ for a person to look at.

import { PROCESS_TEST_TIMEOUT_MS, tamperedJarIds } from '@kitchen/probe-kit/cli-process';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { saveScreenshot } from './browser.js';
import { eventually, useBrowserKitchen } from './browser-kitchen.js';
import { JARS_AND_CHEF } from './test-kitchen.js';

const JARS = 24;

const kitchen = useBrowserKitchen({
  config: JARS_AND_CHEF,
  flags: ['--jars', String(JARS), '--model', 'offline'],
  runsDirPrefix: 'kitchen-browser-runs-',
});
const { web } = kitchen;

// A test that failed mid-run leaves no run behind for the next one (the kitchen runs one at a time).
afterEach(async () => {
  const left = web().kitchen.currentRun;
  if (left === undefined) return;
  left.controller.abort(new Error('the test ended'));
  await eventually(() => web().kitchen.currentRun === undefined).toBe(true);
});

/** A fresh tab (its own sessionStorage) on the address `kitchen web` printed, plus `search`. */
function openKitchen(search = '', viewport = { width: 1280, height: 900 }, paceMs?: string) {
  const pace = paceMs === undefined ? undefined : `sessionStorage.setItem('kitchen-pace', ${JSON.stringify(paceMs)})`;
  return kitchen.openKitchen(search, { viewport }, pace);
}

describe('the web kitchen in Chromium', () => {
  it('draws the delegated demo as lanes linked to the calls that hired them, at an address that reloads whole', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#report').waitFor({ state: 'visible' });
    await eventually(() => page.locator('.lane').count()).toBe(3);
    expect(await page.locator('.lane-title').allTextContents()).toEqual([
      'main',
      expect.stringMatching(/^#1 jars-1-\d+$/),
      expect.stringMatching(/^#2 jars-\d+-24$/),
    ]);
    const report = (await page.locator('#report-text').textContent()) ?? '';
    for (const id of tamperedJarIds(1729, JARS)) expect(report).toContain(`jar ${id}:`);
    // Each worker links back to the spawn_agent call that hired it, and that call forward to it.
    await eventually(() => page.locator('#lane-1 .hired-by').textContent()).toContain("hired by main's spawn_agent");
    const back = await page.locator('#lane-1 .hired-by').getAttribute('href');
    expect(await page.locator(`${back} .worker-link`).getAttribute('href')).toBe('#lane-1');
    // Tokens and cost per lane, and the tree's.
    expect(await page.locator('#lane-1 .lane-money').textContent()).toMatch(/^[\d,]+ tokens · \d+\.\d+¢/);
    expect(await page.locator('#run-cost').textContent()).toMatch(/¢/);
    // A result is drawn whole only when it is opened: a big run's frames do not build them all.
    const result = page.locator('#lane-1 .result-details').first();
    expect(await result.locator(':scope > .json, :scope > .result-full').count()).toBe(0);
    await result.locator('summary').click();
    const body = result.locator(':scope > .json, :scope > .result-full');
    await body.waitFor();
    expect(await body.textContent()).toContain('"seal": ');
    await saveScreenshot(page, 'delegated-run');

    // The run has an address; reloading it after the end shows the whole run again.
    const runId = new URL(page.url()).searchParams.get('run');
    expect(runId).toMatch(/^\d{4}-/);
    await page.reload();
    await page.locator('#report').waitFor({ state: 'visible' });
    await eventually(() => page.locator('.lane').count()).toBe(3);
    expect(await page.locator('#run-link').textContent()).toBe(runId);
    expect(await page.locator('#report-text').textContent()).toBe(report);
    // The recent runs list has it.
    await page.locator('#recent-runs summary').click();
    expect(await page.locator(`#recent-list a[href="?run=${runId}"]`).count()).toBe(1);
    await saveScreenshot(page, 'reload-after-end');
    await page.context().close();
  });

  it('puts approvals in the banner and the title; one allowed, one denied by key, the rest "always"', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.locator('#demo').selectOption('own');
    await page.locator('#task').fill('discard jars 3, 5, 7 and 9');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const waiting = page.locator('.question.approval.waiting');
    await eventually(() => waiting.count()).toBe(4);
    expect(await page.locator('#waiting-banner').isVisible()).toBe(true);
    expect(await page.locator('#waiting-text').textContent()).toContain(
      '4 questions wait for you: approve cookie-jars.discard_jar in lane main',
    );
    expect(await page.title()).toBe('✋ 4 waiting · MCP Kitchen');
    // Focus went to the first question.
    expect(await page.evaluate('document.activeElement?.dataset.answer')).toBe('allow');
    await saveScreenshot(page, 'approvals-waiting');

    await page.locator(`#call-${await callIdOfJar(page, 3)} [data-answer="allow"]`).click();
    await eventually(() => waiting.count()).toBe(3);
    // n denies the oldest question still waiting: jar 5.
    await page.locator('body').press('n');
    await eventually(() => waiting.count()).toBe(2);
    await page.locator(`#call-${await callIdOfJar(page, 7)} [data-answer="always"]`).click();
    await page.locator('#report').waitFor({ state: 'visible' });
    expect(await waiting.count()).toBe(0);
    expect(await page.locator('#waiting-banner').isVisible()).toBe(false);

    const outcome = async (jar: number) =>
      (await page.locator(`#call-${await callIdOfJar(page, jar)} .question`).textContent()) ?? '';
    expect(await outcome(3)).toContain('✅ approved by you');
    expect(await outcome(5)).toContain('⛔ denied by you');
    expect(await outcome(7)).toContain('always');
    // Jar 9 was never asked about again: "always" answered it.
    expect(await outcome(9)).toContain('approved for the rest of the run on the web page ("always")');
    expect(await page.locator('#report-text').textContent()).toMatch(/3, 7, 9|3.*7.*9/);
    // Jar 5's discard was denied: the run answered, but did not do all it was asked (exit 4 in the CLI).
    expect(await page.title()).toBe('⚠️ partly done · MCP Kitchen');
    expect(await page.locator('#run-state').textContent()).toMatch(/^⚠️ partly done: 1 tool call denied or failed/);
    await saveScreenshot(page, 'approvals-answered');
    await page.context().close();
  });

  it('shows a sampling request whole before it is allowed, and a form with limits whose error clears when fixed', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.locator('#demo').selectOption('pastry');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const sampling = page.locator('.question.sampling.waiting');
    await sampling.waitFor();
    const shown = (await sampling.textContent()) ?? '';
    expect(shown).toContain('the kitchen is asking to spend');
    expect(shown).toContain('max tokens');
    // The prompt the host's model would be sent, before anyone approves it.
    expect(await sampling.locator('.prompt-role').allTextContents()).toContain('user');
    expect(await sampling.locator('.prompt-text').last().textContent()).toMatch(/lemon tart/i);
    expect(await page.locator('#waiting-text').textContent()).toContain('approve a model call for pastry-chef');
    await saveScreenshot(page, 'sampling-request');
    await sampling.locator('[data-answer="allow"]').click();

    const form = page.locator('.question.elicitation.waiting form');
    await form.waitFor();
    expect(await form.locator('.field-description').allTextContents()).toContainEqual(
      expect.stringMatching(/from 1 to \d+/),
    );
    expect(await form.getByRole('button').allTextContents()).toEqual(['Send', 'Decline', 'Cancel']);
    await form.locator('select').selectOption('cherry');
    const servings = form.locator('input[type="number"]');
    await servings.fill('0');
    await form.getByRole('button', { name: 'Send' }).click();
    const problem = form.locator('.form-problem');
    expect(await problem.textContent()).toContain('must be at least 1');
    await saveScreenshot(page, 'form-error');
    await servings.fill('6');
    expect(await problem.isVisible()).toBe(false);
    await form.getByRole('button', { name: 'Send' }).click();

    // bake may change things: the gate asks, and y answers it.
    await page.locator('.question.approval.waiting').waitFor();
    await page.locator('body').press('y');
    await page.locator('#report').waitFor({ state: 'visible' });
    expect(await page.locator('.question.elicitation').textContent()).toContain('answer: accept');
    expect(await page.locator('.question.sampling').textContent()).toContain('answered:');
    await saveScreenshot(page, 'pastry-done');
    await page.context().close();
  });

  it('stops one lane (its parent reads its report) and then the run', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.locator('#pace').selectOption('3000');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await eventually(() => page.locator('#run-state').textContent()).toContain('pace 3 s per model call');
    // Stopped once it has inspected its jars, while it waits for its next model call.
    await eventually(() => page.locator('#lane-1 .entry.tool:not(.pending)').count()).toBeGreaterThan(0);
    await page.locator('#lane-1 .lane-stop').click();
    await eventually(() => page.locator('#lane-1 .lane-status').textContent()).toContain('stopped by you');
    // The stopped worker still reported what it established; its report is the result of the
    // call that hired it.
    const hire = await page.locator('#lane-1 .hired-by').getAttribute('href');
    await eventually(() => page.locator(`${hire} .result-text`).textContent()).toMatch(/jars? \d/);
    // The rest of the run goes on without it.
    expect(await page.locator('#lane-main .lane-status').textContent()).toContain('running');
    // Nothing on the page animates for ever while lanes run: such an animation had the browser
    // draw 60 frames a second for the whole run, frames a big run's drawing needed.
    expect(await page.locator('#lane-main .lane-status.running').count()).toBe(1);
    expect(
      await page.evaluate(
        () =>
          document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations === Infinity).length,
      ),
    ).toBe(0);
    await saveScreenshot(page, 'stop-lane');

    await page.getByRole('button', { name: 'Stop run' }).click();
    await page.locator('#report').waitFor({ state: 'visible' });
    expect(await page.locator('#report-warning').textContent()).toContain('stopped by you');
    expect(await page.locator('#lane-main .lane-status').textContent()).toContain('stopped by you');
    await saveScreenshot(page, 'stop-run');
    await page.context().close();
  });

  it('reloads mid-run and follows on; an autorun link runs once; an unknown run says so', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    // A slow pace (kept for the tab) so the reload surely comes mid-run.
    const page = await openKitchen(
      `&task=${encodeURIComponent('Inspect jars 1-6 and report the tampered ones')}&autorun=1`,
      undefined,
      '1500',
    );
    await eventually(() => new URL(page.url()).searchParams.get('run') ?? '').toMatch(/^\d{4}-/);
    const runId = new URL(page.url()).searchParams.get('run');
    expect(new URL(page.url()).searchParams.get('autorun')).toBeNull();
    await page.locator('.lane-main .entry.iteration').first().waitFor();
    await page.reload();
    await eventually(() => page.locator('#run-state').textContent()).toContain('⏳ running');
    await page.locator('#report').waitFor({ state: 'visible' });
    expect(await page.locator('#run-link').textContent()).toBe(runId);
    expect(await page.locator('.lane-main .entry.tool').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'reload-mid-run');
    // Reloading the address again shows the same run and starts none.
    const before = await recordedRuns();
    await page.reload();
    await page.locator('#report').waitFor({ state: 'visible' });
    expect(await recordedRuns()).toBe(before);

    await page.goto(`${web().url}?run=no-such-run`);
    await eventually(() => page.locator('#form-problem').textContent()).toContain('There is no run "no-such-run"');
    await saveScreenshot(page, 'unknown-run');
    await page.context().close();
  });

  it('loses the kitchen mid-run, says so, and catches up from the last event it drew when it is back', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen('', undefined, '1500');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('.lane-main .entry.iteration').first().waitFor();
    // The browser's network goes away while the kitchen keeps running; the first request that
    // finds nobody (opening the inspector) puts the page offline, its stream closed.
    await page.context().setOffline(true);
    await page.locator('#inspector > summary').click();
    await eventually(() => page.locator('#connection').textContent()).toContain('the kitchen is not answering');
    expect(await page.locator('#stop-button').isDisabled()).toBe(true);
    await saveScreenshot(page, 'network-gone');
    // The run goes on meanwhile: the page misses events it must catch up on.
    const run = web().kitchen.currentRun;
    const atLoss = run?.events.length ?? 0;
    await eventually(() => (run?.events.length ?? 0) > atLoss + 3).toBe(true);
    await page.context().setOffline(false);
    await eventually(() => page.locator('#connection').textContent()).toBe('● connected');
    await page.locator('#report').waitFor({ state: 'visible' });
    // Every event drawn once: as many iteration marks in each lane as its status counts.
    for (const lane of await page.locator('.lane').all()) {
      const status = (await lane.locator('.lane-status').textContent()) ?? '';
      const iterations = Number(/(\d+) iters?\b/.exec(status)?.[1]);
      expect(await lane.locator('.entry.iteration').count()).toBe(iterations);
    }
    expect(await page.locator('#report-warning').isVisible()).toBe(false);
    await page.context().close();
  });

  it('inspects the servers and calls a tool by hand from its schema, showing the raw MCP messages', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.locator('#inspector summary').first().click();
    const jars = page.locator('.server-card[data-server="cookie-jars"]');
    await jars.waitFor();
    await jars.locator('.feature-group > summary', { hasText: 'Tools' }).click();
    const tool = jars.locator('.tool-card[data-tool="inspect_jar"]');
    await tool.locator('summary').first().click();
    await tool.locator('input[type="number"]').first().fill('5');
    await tool.getByRole('button', { name: 'Call' }).click();
    const outcome = tool.locator('.hand-call-outcome');
    await outcome.waitFor();
    expect(await outcome.locator('strong').first().textContent()).toContain('← result');
    expect(await outcome.locator('.json').first().textContent()).toContain('"id": 5');
    await outcome.locator('.raw-messages > summary').click();
    const directions = await outcome.locator('.wire-direction').allTextContents();
    // server/discover (2026-07-28) or initialize (2025-11-25), then tools/call: each one out and its answer in.
    expect(directions.length).toBeGreaterThanOrEqual(4);
    expect(new Set(directions.map((direction) => direction.split(' +')[0]))).toEqual(
      new Set(['→ to the server', '← from the server']),
    );
    expect(await outcome.locator('.raw-messages').textContent()).toContain('"tools/call"');
    expect(await jars.locator('.feature-group > summary').allTextContents()).toEqual([
      expect.stringMatching(/^Tools \(\d+\)$/),
      expect.stringMatching(/^Resources \(\d+\)$/),
      expect.stringMatching(/^Prompts \(\d+\)$/),
    ]);
    // A resource read by hand: the jar's record, folded as JSON under its line.
    await jars.locator('.feature-group > summary', { hasText: 'Resources' }).click();
    const jarTwo = jars.locator('.feature-line', { has: page.locator('code', { hasText: /^jar:\/\/2$/ }) });
    await jarTwo.getByRole('button', { name: 'read' }).click();
    await jarTwo.locator('.resource-contents .json').waitFor();
    expect(await jarTwo.locator('.resource-contents').textContent()).toContain('"id": 2');
    await saveScreenshot(page, 'inspector');
    await page.context().close();
  });

  it('checks a server from its card: the findings by severity, each with its rule and fix', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.locator('#inspector summary').first().click();
    const jars = page.locator('.server-card[data-server="cookie-jars"]');
    await jars.getByRole('button', { name: 'Check' }).click();
    const report = jars.locator('.check-report');
    await report.locator('.check-summary').waitFor();
    expect(await report.locator('.check-summary').textContent()).toMatch(/tokens per request \(estimated\)/);
    const rules = await report
      .locator('.check-finding')
      .evaluateAll((lines) => lines.map((line) => line.getAttribute('data-rule')));
    expect(rules).toContain('cost/tool-list');
    expect(await report.locator('.check-fix').first().textContent()).toMatch(/^fix: /);
    expect(await jars.getByRole('button', { name: 'Check again' }).count()).toBe(1);
    await page.context().close();
  });

  it('runs with the workers chosen in the form (their model and only the tools named), and names a bad tool', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.locator('#worker-options summary').click();
    await page.getByLabel('Tools').fill('list_jars, no_such_tool');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect
      .poll(() => page.locator('#form-problem').textContent())
      .toContain('"workers.tools" names no tool "no_such_tool"');

    await page.getByLabel('Model', { exact: true }).fill('offline');
    await page.getByLabel('Tools').fill('list_jars, inspect_jar');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#report').waitFor({ state: 'visible' });
    await saveScreenshot(page, 'web-worker-options');
    const headers = { 'X-Kitchen-Token': web().token };
    const { runs } = (await (await fetch(new URL('api/traces', web().url), { headers })).json()) as {
      runs: Array<{ id: string }>;
    };
    const trace = (await (await fetch(new URL(`api/traces/${runs[0]?.id}`, web().url), { headers })).json()) as {
      run: { settings: Record<string, unknown> };
    };
    expect(trace.run.settings['workers']).toEqual({
      model: 'offline',
      tools: { kind: 'restrict', tools: ['list_jars', 'inspect_jar'] },
    });
  });

  it('fits a phone-sized screen: no sideways scrolling, the task box and Run in reach', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen('', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#report').waitFor({ state: 'visible' });
    // Runs in the page; the test's tsconfig has no DOM types, so the page's globals are named by hand.
    const widths = await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]');
    const [scrollWidth, innerWidth] = widths as [number, number];
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await saveScreenshot(page, 'phone');
    await page.context().close();
  });
});

/** The call id of the discard_jar call for `jar`, from the page's own entries. */
async function callIdOfJar(page: Page, jar: number): Promise<string> {
  const call = page.locator('.entry.tool', { hasText: `discard_jar{"id":${jar}}` });
  const id = await call.first().getAttribute('id');
  if (id === null) throw new Error(`no discard_jar call for jar ${jar}`);
  return id.slice('call-'.length);
}

async function recordedRuns(): Promise<number> {
  const response = await fetch(new URL('api/traces', web().url), { headers: { 'X-Kitchen-Token': web().token } });
  return ((await response.json()) as { runs: unknown[] }).runs.length;
}

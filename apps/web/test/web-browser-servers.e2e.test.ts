// The web page tells the truth about its servers and its stored runs, in Chromium: a server
// killed is shown down in the toolbox line, the Servers log, the run line and the lanes that
// called it, and a run against it does not read as finished; its restart re-lists its tools and
// checks it again; a stored run with terminal escapes in every field is shown cleaned.
// `kitchen web` in-process (the real cookie-jars server as a child process, the offline model).

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './browser.js';
import { eventually, useBrowserKitchen } from './browser-kitchen.js';

/** What a terminal or the page would act on, or leave behind of an escape sequence. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\[2J|\]0;|31m/;

const { web, openKitchen, runsDir } = useBrowserKitchen({
  config: { servers: [{ name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts', trust: true }] },
  flags: ['--jars', '6', '--model', 'offline'],
  runsDirPrefix: 'kitchen-servers-runs-',
});

/** Kills the cookie-jars process the kitchen runs now, as a crash would. */
function killJars(): void {
  const pid = web().servers.servers[0]?.pid;
  if (pid === undefined) throw new Error('cookie-jars has no pid');
  process.kill(pid, 'SIGKILL');
}

describe('the page and its servers', () => {
  it('shows a killed server restarted and checked again, then down in every place that uses it', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    const page = await openKitchen();
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/check')) checks.push(request.url());
    });
    await page.locator('#inspector summary').first().click();
    const jars = page.locator('.server-card[data-server="cookie-jars"]');
    await jars.getByRole('button', { name: 'Check' }).click();
    await jars.locator('.check-summary').waitFor();
    expect(checks).toHaveLength(1);

    // The first death is restarted once: the log says so and what the new listing changed.
    killJars();
    const log = page.locator('#server-news-log');
    await eventually(() => log.textContent()).toContain('cookie-jars started again');
    await eventually(() => log.textContent()).toContain('the list is unchanged');
    expect(await log.textContent()).toContain('cookie-jars stopped unexpectedly');
    expect(await page.locator('#server-news').getAttribute('open')).not.toBeNull();
    // Its Check panel checked the restarted server again, by itself.
    await eventually(() => checks.length).toBe(2);
    await eventually(() => jars.locator('.check-summary').count()).toBe(1);
    expect(await page.locator('#kitchen-line').textContent()).not.toContain('down');

    // The second is not: killed while a run waits on its model (paced), cookie-jars stays down,
    // the run's call to it fails, and the page says so wherever it is used.
    await page.locator('#demo').selectOption('own');
    await page.locator('#pace').selectOption('1500');
    await page.locator('#task').fill('inspect jar 3');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#lane-main').waitFor();
    killJars();
    await eventually(() => page.locator('#kitchen-line').textContent()).toContain('🔌 cookie-jars is down');
    expect(await page.locator('#server-news-summary').textContent()).toContain('🔌 cookie-jars down');
    await page.locator('#report').waitFor({ state: 'visible' });
    // The news may come after the run's end (the page asks every second): the end is redrawn.
    await eventually(() => page.locator('#run-state').textContent()).toMatch(/^❌ failed: cookie-jars went down/);
    const state = (await page.locator('#run-state').textContent()) ?? '';
    expect(state).not.toMatch(/^✅/);
    expect(await page.locator('#lane-main .lane-status').textContent()).toContain('🔌 cookie-jars down');
    expect(await page.locator('#lane-main .lane-status').textContent()).not.toContain('✅');
    expect(await page.locator('#report-warning').textContent()).toContain('cookie-jars went down');
    await saveScreenshot(page, 'server-down');
    await page.context().close();
  });

  it('shows a stored run whose every field holds escapes and controls cleaned, in the list and reopened', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const evil = '\u001b[2J\u001b]0;owned\u0007\u202e\u0000\u009b31m';
    const id = '2026-01-01T00-00-00-000Z-evil';
    const at = Date.now() - 60_000;
    const events = [
      { type: 'agent-start', agent: 'main', name: 'main', depth: 0, task: `weigh${evil} jar 9`, at },
      {
        type: 'tool-call',
        agent: 'main',
        callId: 'c1',
        tool: `inspect_jar${evil}`,
        server: `cookie-jars${evil}`,
        input: { id: 3 },
        at: at + 10,
      },
      {
        type: 'tool-result',
        agent: 'main',
        callId: 'c1',
        tool: `inspect_jar${evil}`,
        server: `cookie-jars${evil}`,
        isError: false,
        content: `jar 3${evil} is fine`,
        durationMs: 5,
        at: at + 20,
      },
      { type: 'text', agent: 'main', text: `Jar 3${evil} is fine.`, at: at + 30 },
      {
        type: 'done',
        agent: 'main',
        finalText: `Jar 3${evil} is fine.`,
        stopReason: 'end_turn',
        iterations: 1,
        toolCalls: 1,
        tokens: 10,
        costCents: 0,
        at: at + 40,
      },
    ];
    const lines = [
      {
        kind: 'run',
        id,
        startedAt: at,
        task: `weigh${evil} jar 9`,
        model: { id: `model${evil}`, label: `model${evil}` },
        delegate: false,
        settings: {},
      },
      ...events.map((event) => ({ kind: 'event', event })),
      {
        kind: 'end',
        at: at + 40,
        outcome: 'end_turn',
        durationMs: 40,
        tokens: 10,
        costCents: 0,
        iterations: 1,
        toolCalls: 1,
        workers: 0,
      },
    ];
    writeFileSync(join(runsDir, `${id}.jsonl`), `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);

    const page = await openKitchen();
    await page.locator('#recent-runs summary').click();
    const listed = page.locator('#recent-list li', { hasText: 'weigh jar 9' });
    await listed.waitFor();
    expect(await listed.textContent()).not.toMatch(CONTROL);

    await page.goto(`${web().ownerUrl}&run=${id}`);
    await page.locator('#report').waitFor({ state: 'visible' });
    await eventually(() => page.locator('#report-text').textContent()).toContain('Jar 3 is fine.');
    for (const shown of [
      await page.locator('main').textContent(),
      await page.locator('#summary').textContent(),
      await page.locator('#task').inputValue(),
      await page.title(),
    ])
      expect(shown ?? '').not.toMatch(CONTROL);
    expect(await page.locator('#task').inputValue()).toBe('weigh jar 9');
    await page.context().close();
  });
});

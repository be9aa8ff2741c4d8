// The web UI when the kitchen goes away: the real `kitchen web` CLI as a child process, killed
// with SIGKILL while a question waits in the page, then started again on the same port with the
// same owner token ($KITCHEN_WEB_TOKEN). One Chromium (playwright-core) watches it all; each
// state is saved as a screenshot in test-artifacts/.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CliProcess, PROCESS_TEST_TIMEOUT_MS, serversConfig, startCli } from '@kitchen/probe-kit/cli-process';
import { freePort } from '@kitchen/probe-kit/free-port';
import { afterAll, describe, expect, it } from 'vitest';
import { saveScreenshot, useChromium, WAIT_MS } from './browser.js';

const TOKEN = 'restart-test-token-0123456789abcdef';
const RUNS_DIR = mkdtempSync(join(tmpdir(), 'kitchen-restart-runs-'));
const CONFIG = serversConfig('cookie-jars');

const browser = useChromium(PROCESS_TEST_TIMEOUT_MS);
const started: CliProcess[] = [];

afterAll(() => {
  for (const cli of started) cli.child.kill('SIGKILL');
});

/** `kitchen web` on `port` with the fixed token; resolves with the address it printed. */
async function startKitchen(port: number): Promise<{ cli: CliProcess; address: string }> {
  const cli = startCli(['web', '--port', String(port), '--config', CONFIG, '--jars', '6', '--model', 'offline'], {
    KITCHEN_WEB_TOKEN: TOKEN,
    KITCHEN_RUNS_DIR: RUNS_DIR,
  });
  started.push(cli);
  const [, address] = await cli.waitFor(/kitchen web UI on (\S+)/, PROCESS_TEST_TIMEOUT_MS);
  return { cli, address: address ?? '' };
}

describe('the web kitchen when the kitchen goes away', () => {
  it('says so at once, disables what needs the kitchen, and catches up when it is back', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    const port = await freePort();
    const first = await startKitchen(port);
    expect(first.address).toBe(`http://127.0.0.1:${port}/?token=${TOKEN}`);
    const page = await browser().newPage({ viewport: { width: 1100, height: 800 } });
    page.setDefaultTimeout(WAIT_MS);
    await page.goto(first.address);
    await expect.poll(() => page.locator('#connection').textContent(), { timeout: WAIT_MS }).toBe('● connected');
    await page.locator('#demo').selectOption('own');
    await page.locator('#task').fill('discard jar 4');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('.question.approval.waiting').waitFor();
    const runId = new URL(page.url()).searchParams.get('run');

    first.cli.child.kill('SIGKILL');
    await first.cli.exited;
    await expect
      .poll(() => page.locator('#connection').textContent(), { timeout: WAIT_MS })
      .toContain('the kitchen is not answering');
    // Nothing that needs the kitchen can be pressed while it is gone.
    expect(await page.locator('[data-answer="allow"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-answer="deny"]').isDisabled()).toBe(true);
    expect(await page.locator('#stop-button').isDisabled()).toBe(true);
    expect(await page.locator('#run-button').isDisabled()).toBe(true);
    await saveScreenshot(page, 'kitchen-gone');

    await startKitchen(port);
    await expect.poll(() => page.locator('#connection').textContent(), { timeout: WAIT_MS }).toBe('● connected');
    // The new kitchen never had the run in memory: the page shows it from its trace, unfinished,
    // and the question that was waiting can no longer be answered.
    await expect
      .poll(() => page.locator('#report-warning').textContent(), { timeout: WAIT_MS })
      .toContain('unfinished: the kitchen stopped before this run ended');
    expect(await page.locator('#run-link').textContent()).toBe(runId);
    expect(await page.locator('.question.approval').textContent()).toContain('never answered');
    expect(await page.locator('.question.approval.waiting').count()).toBe(0);
    expect(await page.locator('#run-button').isDisabled()).toBe(false);
    expect(await page.title()).toBe('⚠️ unfinished · MCP Kitchen');
    await saveScreenshot(page, 'kitchen-back');

    // The restarted kitchen takes a new run from the same page.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('.question.approval.waiting').waitFor();
    await page.locator('body').press('y');
    await page.locator('#report').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('#report-text').textContent()).toContain('Discarded jar 4');
    await page.close();
  });
});

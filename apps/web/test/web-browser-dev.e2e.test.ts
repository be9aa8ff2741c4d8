// `kitchen web --dev SERVER` in Chromium: the real CLI serves a plain-JS server from a temporary
// folder; the test edits its file, and the page's Servers panel shows the change, the restart, the
// tool it gained and its stderr, the Check panel checks it again, and the terminal says the same.
// No clock: each step waits for its line.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliProcess, PROCESS_TEST_TIMEOUT_MS, startCli } from '@kitchen/probe-kit/cli-process';
import { devServerSource, writeDevServerFolder } from '@kitchen/probe-kit/dev-server-folder';
import { afterAll, describe, expect, it } from 'vitest';
import { saveScreenshot, useChromium, WAIT_MS } from './browser.js';

const browser = useChromium(PROCESS_TEST_TIMEOUT_MS);
const started: CliProcess[] = [];
const folders: string[] = [];

afterAll(() => {
  for (const cli of started) cli.child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('kitchen web --dev', () => {
  it('shows each restart on a change, the tool-list diff and the stderr, and checks the server again', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    const { folder, serverFile, config } = writeDevServerFolder('kitchen-web-dev-', { trust: true });
    folders.push(folder);
    const cli = startCli(['web', '--dev', 'mine', '--config', config, '--model', 'offline'], {
      KITCHEN_RUNS_DIR: join(folder, 'runs'),
    });
    started.push(cli);
    const [, address] = await cli.waitFor(/kitchen web UI on (\S+)/, PROCESS_TEST_TIMEOUT_MS);

    const page = await browser().newPage({ viewport: { width: 1200, height: 900 } });
    page.setDefaultTimeout(WAIT_MS);
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/check')) checks.push(request.url());
    });
    await page.goto(address ?? '');
    const log = page.locator('#server-news-log');
    await expect.poll(() => log.textContent(), { timeout: WAIT_MS }).toContain('a change restarts mine');
    expect(await log.textContent()).toContain('[mine] booting v1');
    expect(await page.locator('#server-news').getAttribute('open')).not.toBeNull();
    await page.locator('#inspector summary').first().click();
    const card = page.locator('.server-card[data-server="mine"]');
    await card.getByRole('button', { name: 'Check' }).click();
    await card.locator('.check-summary').waitFor();
    expect(checks).toHaveLength(1);

    writeFileSync(serverFile, devServerSource('v2', ['roll', 'weigh']));
    await expect.poll(() => log.textContent(), { timeout: WAIT_MS }).toContain('+ weigh (added)');
    // The change (its path as kitchen dev shows it: relative under the working folder, else whole),
    // the restart and the diff, in that order.
    const lines = await log.locator('li').allTextContents();
    const changed = lines.findIndex((line) => /^🔁 \S*server\.mjs changed; restarting mine$/.test(line));
    const again = lines.findIndex((line) => line.startsWith('🔁 mine started again at http://127.0.0.1:'));
    const diff = lines.indexOf('🔧 mine: 2 tools (was 1):');
    expect(changed).toBeGreaterThan(-1);
    expect(again).toBeGreaterThan(changed);
    expect(diff).toBeGreaterThan(again);
    expect(lines[diff + 1]).toBe('   + weigh (added)');
    await expect.poll(() => log.textContent(), { timeout: WAIT_MS }).toContain('[mine] booting v2');
    // The Check panel checked the new server by itself, and the page does not say it is down.
    await expect.poll(() => checks.length, { timeout: WAIT_MS }).toBe(2);
    await expect.poll(() => card.locator('.check-summary').count(), { timeout: WAIT_MS }).toBe(1);
    expect(await page.locator('#kitchen-line').textContent()).not.toContain('down');
    // The toolbox line and the inspector count the tools the restarted server offers.
    await expect.poll(() => page.locator('#kitchen-line').textContent(), { timeout: WAIT_MS }).toContain('2 from mine');
    await expect
      .poll(() => card.locator('.feature-group > summary', { hasText: 'Tools' }).textContent(), { timeout: WAIT_MS })
      .toBe('Tools (2)');
    await saveScreenshot(page, 'web-dev');

    // The terminal says the same as the page.
    await cli.waitFor(/🔧 mine: 2 tools \(was 1\):/);
    expect(cli.output().stdout).toMatch(/👀 watching .*: a change restarts mine/);
    expect(cli.output().stdout).toMatch(/🔁 \S*server\.mjs changed; restarting mine/);
    expect(cli.output().stderr).toContain('[mine] booting v2');
    await page.close();
    cli.child.kill('SIGINT');
    expect((await cli.exited).code).toBe(0);
  });
});

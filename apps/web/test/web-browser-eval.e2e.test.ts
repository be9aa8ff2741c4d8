// An eval in the web page, in Debian's Chromium (playwright-core) against `kitchen web`
// in-process with the cookie-jars server and the offline model: cases pasted into the Eval
// section, one card per case and model with its run's lanes drawn live, the verdicts (a case
// that passes, one built to fail naming what it missed, one the offline model does not
// understand) and the totals; the eval keeps its address (?eval=ID) across a reload.

import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, WAIT_MS } from './browser.js';
import { useBrowserKitchen } from './browser-kitchen.js';

/** Cases the page has not seen: one a correct run passes, one built to fail, one outside the offline model. */
const CASES = {
  cases: [
    {
      name: 'jar-seven',
      task: 'check jar 7 and tell me if it was tampered with',
      expect: {
        calls: [{ tool: 'cookie-jars.inspect_jar', args: { id: 7 }, match: 'partial' }],
        never: ['cookie-jars.discard_jar'],
        firstCall: 'cookie-jars.inspect_jar',
      },
    },
    {
      name: 'built-to-fail',
      task: 'check jar 7 and tell me if it was tampered with',
      expect: {
        calls: [{ tool: 'cookie-jars.inspect_jar', args: { id: 8 }, match: 'exact' }],
        finalText: { contains: ['banana'] },
      },
    },
    { name: 'fence', task: 'paint the garden fence blue', expect: { calls: [{ tool: 'cookie-jars.inspect_jar' }] } },
  ],
};

const kitchen = useBrowserKitchen({
  config: { servers: [{ name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts', trust: true }] },
  flags: ['--jars', '12', '--model', 'offline'],
  runsDirPrefix: 'kitchen-eval-runs-',
});
const { web } = kitchen;
const openPage = (address: string) => kitchen.openPage(address, { viewport: { width: 1440, height: 900 } });

const card = (page: Page, name: string) => page.locator(`.eval-lane[data-case="${name}"]`);

describe('an eval in the web page', () => {
  it(
    'shows one card per case and model with its lanes and verdict, and the totals',
    async () => {
      const page = await openPage(web().ownerUrl);
      await page.locator('#eval-entry summary').click();
      await page.locator('#eval-json').fill(JSON.stringify(CASES));
      await page.locator('#eval-start').click();

      await expect.poll(() => new URL(page.url()).searchParams.get('eval'), { timeout: WAIT_MS }).toBeTruthy();
      await expect.poll(() => page.locator('.eval-lane').count(), { timeout: WAIT_MS }).toBe(3);
      await page.locator('.eval-lane[data-verdict="passed"]').waitFor();
      await page.locator('.eval-lane[data-verdict="failed"]').waitFor();
      await page.locator('.eval-lane[data-verdict="not-understood"]').waitFor();

      // Each case's run is drawn as any run is: its main lane, with the tool call the model made.
      const passing = card(page, 'jar-seven');
      expect(await passing.locator('.eval-lane-title').textContent()).toBe('jar-seven · offline');
      expect(await passing.locator('.eval-verdict').textContent()).toBe('✅ passed');
      await passing.locator('.lane-main').waitFor();
      await expect
        .poll(() => passing.locator('.lane-main .call').first().textContent(), { timeout: WAIT_MS })
        .toContain('inspect_jar');
      expect(await passing.locator('.eval-failure').count()).toBe(0);

      // The case built to fail names each expectation it missed and what the run did instead.
      const failing = card(page, 'built-to-fail');
      expect(await failing.locator('.eval-verdict').textContent()).toBe('❌ failed');
      const failures = await failing.locator('.eval-failure').allTextContents();
      expect(failures).toEqual([
        expect.stringMatching(/^calls\[0\]: .*inspect_jar.*"id":8.*"id":7/),
        expect.stringMatching(/^finalText\.contains: .*banana/),
      ]);
      await failing.locator('.lane-main').waitFor();

      // Outside the offline model's repertoire: said apart from a failure, in its own words.
      const fence = card(page, 'fence');
      expect(await fence.locator('.eval-verdict').textContent()).toBe('🤷 not understood by the offline model');
      expect(await fence.locator('.eval-not-understood').textContent()).toContain('paint the garden fence blue');

      await expect
        .poll(() => page.locator('.eval-totals').textContent(), { timeout: WAIT_MS })
        .toMatch(/^3 cases · 1 passed · 1 failed · 1 not understood · 3 runs · /);
      await saveScreenshot(page, 'eval-board');

      // The eval has an address: a reload shows it again, verdicts and lanes, from the kitchen.
      await page.reload();
      await card(page, 'built-to-fail').locator('.lane-main').waitFor();
      expect(await card(page, 'built-to-fail').getAttribute('data-verdict')).toBe('failed');
      expect(await page.locator('#lanes .lane').count()).toBe(0);
      await page.context().close();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'says what is wrong with pasted cases, naming the field',
    async () => {
      const page = await openPage(web().ownerUrl);
      await page.locator('#eval-entry summary').click();
      await page.locator('#eval-json').fill('{"cases": [{"name": "no-task", "expect": {}}]}');
      await page.locator('#eval-start').click();
      const problem = page.locator('.eval-form .form-problem');
      await problem.waitFor();
      expect(await problem.textContent()).toMatch(/^the pasted cases: .*task/);
      await page.context().close();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

// Test helper: `kitchen web` in-process (its servers as child processes) and one Chromium, started
// before a browser test file's tests and closed after them, with the page opened the same way.

import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { KitchenWeb } from '../src/start-kitchen-web.js';
import { launchChromium, WAIT_MS } from './browser.js';
import { started, startTestKitchen, type TestKitchenOptions, testRunsDir } from './test-kitchen.js';

/** expect.poll with the bound of a loaded machine (its own default is one second). */
export function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: WAIT_MS, interval: 50 });
}

export type BrowserKitchen = {
  web(): KitchenWeb;
  browser(): Browser;
  /** The temporary runs folder ($KITCHEN_RUNS_DIR), for a test that writes a trace there itself. */
  runsDir: string;
  /** A fresh context (its own sessionStorage) on `address`; `initScript` runs before the page's own. */
  openPage(address: string, context?: BrowserContextOptions, initScript?: string): Promise<Page>;
  /** openPage on the owner's address plus `search`, once the kitchen line has come in. */
  openKitchen(search?: string, context?: BrowserContextOptions, initScript?: string): Promise<Page>;
};

/** Registers the beforeAll that starts the kitchen and Chromium (in parallel) and the afterAll that closes them. */
export function useBrowserKitchen(options: TestKitchenOptions): BrowserKitchen {
  const runsDir = testRunsDir(options);
  let web: KitchenWeb | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startTestKitchen(options, runsDir), launchChromium()]);
  }, PROCESS_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  }, PROCESS_TEST_TIMEOUT_MS);

  const kitchen: BrowserKitchen = {
    web: () => started(web, 'the kitchen'),
    browser: () => started(browser, 'Chromium'),
    runsDir,
    async openPage(address, context = {}, initScript) {
      const opened = await kitchen.browser().newContext({ viewport: { width: 1280, height: 900 }, ...context });
      const page = await opened.newPage();
      if (initScript !== undefined) await page.addInitScript(initScript);
      page.setDefaultTimeout(WAIT_MS);
      await page.goto(address);
      return page;
    },
    async openKitchen(search = '', context = {}, initScript) {
      const page = await kitchen.openPage(`${kitchen.web().ownerUrl}${search}`, context, initScript);
      await eventually(() => page.locator('#kitchen-line').textContent()).toContain('seed');
      return page;
    },
  };
  return kitchen;
}

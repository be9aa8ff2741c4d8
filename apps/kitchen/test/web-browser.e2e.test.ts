// The web UI in a real browser: Debian's Chromium driven by playwright-core against `kitchen web`
// in-process (the real example servers as child processes, the offline model, real HTTP on
// 127.0.0.1:0). Each test saves a screenshot in test-artifacts/ for a person to look at.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArguments } from '../src/cli/parse-cli-arguments.js';
import { parseKitchenConfig } from '../src/config/kitchen-config.js';
import { type KitchenWeb, startKitchenWeb } from '../src/web/start-kitchen-web.js';
import { launchChromium, saveScreenshot } from './browser.js';
import { cliEnvironment, PROCESS_TEST_TIMEOUT_MS, tamperedJarIds } from './cli-process.js';

const JARS = 24;
const REPO_CONFIG = fileURLToPath(new URL('../../../kitchen.config.json', import.meta.url));
const RUNS_DIR = mkdtempSync(join(tmpdir(), 'kitchen-browser-runs-'));
/** A bound on one wait in the page, for a loaded machine; never what a test asserts. */
const WAIT_MS = 60_000;

let web: KitchenWeb;
let browser: Browser;

beforeAll(async () => {
  const parsed = parseCliArguments(['web', '--jars', String(JARS), '--model', 'offline']);
  if (!parsed.ok || parsed.command.name !== 'web') throw new Error(`bad test flags: ${JSON.stringify(parsed)}`);
  const loaded = parseKitchenConfig(
    {
      servers: [
        { name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts' },
        {
          name: 'pastry-chef',
          package: 'servers/pastry-chef',
          entry: 'src/main.ts',
          args: ['--bake-ms-per-minute', '4'],
        },
      ],
    },
    REPO_CONFIG,
  );
  if (!loaded.ok) throw new Error(loaded.message);
  [web, browser] = await Promise.all([
    startKitchenWeb({
      config: loaded.config,
      flags: parsed.command.flags,
      port: 0,
      environment: { ...cliEnvironment(), KITCHEN_RUNS_DIR: RUNS_DIR },
    }),
    launchChromium(),
  ]);
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await web?.close();
}, PROCESS_TEST_TIMEOUT_MS);

/** A fresh tab (its own sessionStorage) on the address `kitchen web` printed, plus `search`. */
async function openKitchen(search = '', viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${web.ownerUrl}${search}`);
  await expect.poll(() => page.locator('#kitchen-line').textContent(), { timeout: WAIT_MS }).toContain('seed');
  return page;
}

describe('the web kitchen in Chromium', () => {
  it('draws the delegated demo as lanes, one per worker, and closes with the report', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#report').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('.lane').count()).toBe(3);
    expect(await page.locator('.lane-title').allTextContents()).toEqual([
      'main',
      expect.stringMatching(/^#1 jars-1-\d+$/),
      expect.stringMatching(/^#2 jars-\d+-24$/),
    ]);
    const report = (await page.locator('#report-text').textContent()) ?? '';
    for (const id of tamperedJarIds(1729, JARS)) expect(report).toContain(`${id}`);
    await saveScreenshot(page, 'delegated-run');
    await page.context().close();
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

// A lane's MCP App in the web kitchen: a run whose tool call has an App (the dice tray) renders it
// under the call, in a sandboxed frame (opaque origin, no way to the page), with the call's roll;
// the tray's own tools/call of roll_dice goes through the run's gate and shows in the lane.
// Debian's Chromium (playwright-core) against `kitchen web` in-process, the dice server as a child
// process, the offline model, real HTTP on 127.0.0.1:0.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEnvironment, PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KitchenWeb, startKitchenWeb } from '../src/start-kitchen-web.js';
import { ARTIFACTS, launchChromium, saveScreenshot } from './browser.js';
import { webFlags } from './web-flags.js';

const REPO_CONFIG = fileURLToPath(new URL('../../../kitchen.config.json', import.meta.url));
const RUNS_DIR = mkdtempSync(join(tmpdir(), 'kitchen-app-runs-'));
/** A bound on one wait in the page, for a loaded machine; never what a test asserts. */
const WAIT_MS = 60_000;

let web: KitchenWeb;
let browser: Browser;

beforeAll(async () => {
  const parsed = webFlags(['--model', 'offline']);
  if (!parsed.ok || parsed.command.name !== 'web') throw new Error(`bad test flags: ${JSON.stringify(parsed)}`);
  const loaded = parseKitchenConfig(
    { servers: [{ name: 'dice', package: 'servers/dice', entry: 'src/main.ts', trust: true }] },
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

/** What the test reads in the frame, typed here: the test's own types have no DOM for it. */
type FrameGlobals = {
  origin: string;
  parent: { document: { title: string } };
  document: { querySelector(selector: string): { textContent: string | null } | null };
};

async function textOf(frame: Frame, selector: string, expected: RegExp): Promise<string> {
  await frame.waitForFunction(
    ([where, pattern]) =>
      new RegExp(pattern).test(
        (globalThis as unknown as FrameGlobals).document.querySelector(where)?.textContent ?? '',
      ),
    [selector, expected.source] as const,
  );
  return (await frame.textContent(selector)) ?? '';
}

async function openKitchen(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(web.ownerUrl);
  await expect.poll(() => page.locator('#kitchen-line').textContent(), { timeout: WAIT_MS }).toContain('seed');
  return page;
}

describe('an MCP App in a lane', () => {
  it('renders the dice tray under the call that made it, sandboxed, and its own call shows in the lane', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.locator('#task').fill('use the show_dice_tray tool with count 3');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#report').waitFor({ state: 'visible' });
    await page.locator('.lane .tool-app[data-app="initialized"]').waitFor();
    expect(await page.locator('.lane .tool-app iframe').getAttribute('sandbox')).toBe('allow-scripts');
    const frame = page.frames().find((candidate) => candidate.url().includes('/app-frame/'));
    if (frame === undefined) throw new Error('the lane has no App frame');
    expect(await frame.evaluate(() => (globalThis as unknown as FrameGlobals).origin)).toBe('null');
    const parentDocument = await frame.evaluate(() => {
      try {
        return (globalThis as unknown as FrameGlobals).parent.document.title;
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(parentDocument).toBe('SecurityError');

    // The call's own roll, as the lane's result shows it.
    const total = await textOf(frame, '#total', /Total/);
    const shown = /^Total (\d+) \(3d6, seed (\d+)\)$/.exec(total);
    expect(shown).not.toBeNull();
    expect(await page.locator('.lane .entry.tool .result-text').first().textContent()).toContain(
      `"seed":${shown?.[2]}`,
    );

    await frame.click('#again');
    // The tray's call went through the run's gate and the toolbox; its result reached the frame
    // and is listed under it, in the lane.
    const again = await textOf(frame, '#total', new RegExp(`seed (?!${shown?.[2]}\\))`));
    const seed = /seed (\d+)\)$/.exec(again)?.[1];
    const requests = page.locator('.lane .tool-app .app-requests');
    await expect.poll(() => requests.textContent(), { timeout: WAIT_MS }).toContain(`"seed":${seed}`);
    expect(await requests.textContent()).toContain('tools/call roll_dice {"count":3,"sides":6}');
    await saveScreenshot(page, 'dice-tray-app');
    await page.locator('.tool-app iframe').screenshot({ path: join(ARTIFACTS, 'dice-tray-app-frame.png') });
  });
});

// The web kitchen drawing what a tool returns beyond text (the dice server's picture as an image
// in the lane) and replaying a recorded run. Debian's Chromium (playwright-core) against `kitchen web` in-process, with the dice
// server as a child process and the offline model, real HTTP on 127.0.0.1:0; screenshots go to
// test-artifacts/.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEnvironment, PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KitchenWeb, startKitchenWeb } from '../src/start-kitchen-web.js';
import { launchChromium, saveScreenshot } from './browser.js';
import { webFlags } from './web-flags.js';

const REPO_CONFIG = fileURLToPath(new URL('../../../kitchen.config.json', import.meta.url));
const RUNS_DIR = mkdtempSync(join(tmpdir(), 'kitchen-media-runs-'));
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

async function openKitchen(search = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${web.ownerUrl}${search}`);
  await expect.poll(() => page.locator('#kitchen-line').textContent(), { timeout: WAIT_MS }).toContain('seed');
  return page;
}

describe('pictures and replays in Chromium', () => {
  it('draws the picture the dice tool returned as an image in the lane, and replays the run', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.locator('#task').fill('roll 2d6 with a picture');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#report').waitFor({ state: 'visible' });
    const image = page.locator('.lane img.attachment-image');
    await image.first().waitFor();
    expect(await image.count()).toBe(1);
    expect(await image.getAttribute('alt')).toBe('the picture the tool returned (image/png)');
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect
      .poll(() => page.evaluate("document.querySelector('.lane img.attachment-image').naturalWidth"), {
        timeout: WAIT_MS,
      })
      .toBeGreaterThan(0);
    await saveScreenshot(page, 'dice-picture');

    // The run replayed from its trace at the address ?run=ID&replay=0 (all at once): its lane,
    // its picture and its report come back, and the run line says it is a replay.
    const runId = new URL(page.url()).searchParams.get('run') ?? '';
    expect(runId).toMatch(/^\d{4}-/);
    const replay = await openKitchen(`&run=${runId}&replay=0`);
    await replay.locator('#report').waitFor({ state: 'visible' });
    expect(await replay.locator('.lane-title').allTextContents()).toEqual(['main']);
    expect(await replay.locator('#run-state').textContent()).toContain('📼 replay all at once');
    expect(await replay.locator('#report-text').textContent()).toBe(await page.locator('#report-text').textContent());
    expect(await replay.locator('.lane img.attachment-image').count()).toBe(1);
    await page.context().close();

    // The ▶ replay button beside a recent run plays it at the speed chosen there.
    await replay.locator('#recent-runs summary').click();
    await replay.locator('#replay-speed').selectOption('20');
    await replay.getByRole('button', { name: 'Replay roll 2d6 with a picture' }).click();
    await expect
      .poll(() => replay.locator('#run-state').textContent(), { timeout: WAIT_MS })
      .toContain('📼 replay at 20×');
    expect(new URL(replay.url()).searchParams.get('replay')).toBe('20');
    await replay.locator('#report').waitFor({ state: 'visible' });
    expect(await replay.locator('.lane-title').allTextContents()).toEqual(['main']);
    await saveScreenshot(replay, 'replayed-run');
    await replay.context().close();
  });
});

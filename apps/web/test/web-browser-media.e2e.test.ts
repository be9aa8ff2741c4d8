// The web kitchen drawing what a tool returns beyond text (the dice server's picture as an image
// in the lane) and replaying a recorded run. Debian's Chromium (playwright-core) against `kitchen web` in-process, with the dice
// server as a child process and the offline model, real HTTP on 127.0.0.1:0; screenshots go to
// test-artifacts/.

import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, WAIT_MS } from './browser.js';
import { useBrowserKitchen } from './browser-kitchen.js';

const { openKitchen } = useBrowserKitchen({
  config: { servers: [{ name: 'dice', package: 'servers/dice', entry: 'src/main.ts', trust: true }] },
  flags: ['--model', 'offline'],
  runsDirPrefix: 'kitchen-media-runs-',
});

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

// `kitchen call … --app` in Chromium: the call's MCP App renders in a sandboxed frame (opaque
// origin, no way to the page's DOM), gets the call's input and result, and its own requests go
// back through the kitchen: a tools/call through the gate (approved with --yes, refused with
// --no) whose result reaches the frame, and a message, a context update and a link printed at
// the terminal. Two Apps: a test-only note board over stdio, and the dice tray.

import { type AppFrameGlobals, frameIsolation, frameText } from '@kitchen/probe-kit/app-frame';
import {
  CLI_DIRECTORY,
  type CliProcess,
  FIXTURES,
  PROCESS_TEST_TIMEOUT_MS,
  runCli,
  serversConfig,
  startCli,
  writeConfig,
} from '@kitchen/probe-kit/cli-process';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = process.env['KITCHEN_CHROMIUM'] ?? '/usr/bin/chromium';
const URL_LINE = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/;

/** The note board, not trusted: the gate asks before its App's calls (--yes / --no answer). */
const noteBoardConfig = writeConfig({
  mcpServers: {
    'note-board': {
      command: process.execPath,
      args: ['--import', 'tsx', `${FIXTURES}app-fixture-server.ts`],
      cwd: CLI_DIRECTORY,
    },
  },
});

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: false,
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Starts `kitchen call … --app`, opens the page it prints, and waits for the App to initialize. */
async function openApp(args: string[]): Promise<{ cli: CliProcess; page: Page; frame: Frame }> {
  const cli = startCli(['call', ...args, '--app']);
  const [url] = await cli.waitFor(URL_LINE);
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-app="initialized"]');
  const frame = page.frames().find((candidate) => candidate.url().includes('/frame/'));
  if (frame === undefined) throw new Error('the page has no App frame');
  return { cli, page, frame };
}

async function stop(cli: CliProcess): Promise<number | null> {
  cli.child.kill('SIGINT');
  return (await cli.exited).code;
}

describe('kitchen call --app', () => {
  it('says, without --app, that the tool has an App and how to see the call in it', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['call', 'dice', 'show_dice_tray', 'count=2', '--config', serversConfig('dice')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'dice show_dice_tray has an App (ui://dice/tray); see this call in it with: kitchen call dice show_dice_tray count=2 --app',
    );
  });

  it("renders an App it has never seen in a sandboxed frame, with the call's input and result", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const { cli, page, frame } = await openApp([
      'note-board',
      'pin_note',
      'text=hello',
      '--config',
      noteBoardConfig,
      '--yes',
    ]);
    try {
      expect(await page.getAttribute('iframe', 'sandbox')).toBe('allow-scripts');
      // Opaque origin: the App cannot read the page, its storage or its API.
      expect(await frameIsolation(frame)).toEqual({ origin: 'null', parentDocument: 'SecurityError' });
      expect(await frameText(frame, '#probe', /origin null, parent document blocked/)).toContain('blocked');
      // The resource's CSP (no connectDomains) holds: the frame reaches no address, not even the page's.
      const fetched = await frame.evaluate(
        (address) =>
          (globalThis as unknown as AppFrameGlobals).fetch(address).then(
            () => 'fetched',
            () => 'blocked',
          ),
        new URL(page.url()).origin,
      );
      expect(fetched).toBe('blocked');
      expect(await frameText(frame, '#input', /hello/)).toBe('input: {"text":"hello"}');
      // The server saw the host advertise the Apps extension.
      expect(await frameText(frame, '#result', /pinned/)).toBe(
        'result: pinned: hello / {"pinned":"hello","apps":"advertised"}',
      );

      await frame.click('#call');
      expect(await frameText(frame, '#called', /echo/)).toBe('called: echo: from the board');
      await cli.waitFor(/→ note-board\.echo \{"text":"from the board"\}/);
      await frame.click('#message');
      await cli.waitFor(/app ▸ message for the conversation: the board says hello/);
      await frame.click('#context');
      await cli.waitFor(/app ▸ context for the model: three notes pinned/);
      await frame.click('#link');
      await cli.waitFor(/app ▸ asks to open https:\/\/example\.com\/board-help \(not opened/);
    } finally {
      await page.close();
      expect(await stop(cli)).toBe(0);
    }
  });

  it("refuses the App's tools/call under --no, and the refusal reaches the frame", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const { cli, page, frame } = await openApp([
      'note-board',
      'pin_note',
      'text=hi',
      '--config',
      noteBoardConfig,
      '--no',
    ]);
    try {
      await frame.click('#call');
      expect(await frameText(frame, '#called', /refused/)).toMatch(/^refused: /);
      expect(cli.output().stdout).not.toMatch(/← echo: echo: from the board/);
    } finally {
      await page.close();
      await stop(cli);
    }
  });

  it('shows the dice tray with the roll, and its Roll again calls roll_dice through the kitchen', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const { cli, page, frame } = await openApp([
      'dice',
      'show_dice_tray',
      'count=3',
      'seed=4',
      '--config',
      serversConfig('dice'),
    ]);
    try {
      expect(await frameText(frame, '#total', /Total/)).toBe('Total 10 (3d6, seed 4)');
      expect(await frame.$$eval('.die', (dice) => dice.map((die) => die.textContent))).toEqual(['6', '2', '2']);
      await frame.click('#again');
      await cli.waitFor(/→ dice\.roll_dice \{"count":3,"sides":6\}/);
      const total = await frameText(frame, '#total', /seed (?!4\))/);
      expect(total).toMatch(/^Total \d+ \(3d6, seed \d+\)$/);
    } finally {
      await page.close();
      expect(await stop(cli)).toBe(0);
    }
  });
});

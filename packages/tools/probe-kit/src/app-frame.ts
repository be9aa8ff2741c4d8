// Test helper for the browser tests of MCP Apps: what a test reads inside an App's sandboxed
// frame (playwright-core), for the CLI's board and the web kitchen alike.

import type { Frame } from 'playwright-core';

/** What the tests read in the frame, typed here: the tests' own types have no DOM for it. */
export type AppFrameGlobals = {
  origin: string;
  parent: { document: { title: string } };
  document: { querySelector(selector: string): { textContent: string | null } | null };
  fetch(address: string): Promise<unknown>;
};

/** Waits until the frame's element at `selector` matches `expected`, and returns its text. */
export async function frameText(frame: Frame, selector: string, expected: RegExp): Promise<string> {
  await frame.waitForFunction(
    ([where, pattern]) =>
      new RegExp(pattern).test(
        (globalThis as unknown as AppFrameGlobals).document.querySelector(where)?.textContent ?? '',
      ),
    [selector, expected.source] as const,
  );
  return (await frame.textContent(selector)) ?? '';
}

/**
 * What the frame sees of itself and its page: its origin ('null' when sandboxed opaque) and what
 * reading the parent's document gives (its title, or the error's name: SecurityError when blocked).
 */
export async function frameIsolation(frame: Frame): Promise<{ origin: string; parentDocument: string }> {
  return frame.evaluate(() => {
    const globals = globalThis as unknown as AppFrameGlobals;
    let parentDocument: string;
    try {
      parentDocument = globals.parent.document.title;
    } catch (error) {
      parentDocument = (error as Error).name;
    }
    return { origin: globals.origin, parentDocument };
  });
}

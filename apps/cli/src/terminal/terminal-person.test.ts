// Who answers a terminal run's questions, by flag and by whether stdin is a terminal, and how long
// a tool call may wait while a person might be answering.

import { PassThrough } from 'node:stream';
import { DEFAULT_CALL_TIMEOUT_MS } from '@kitchen/host';
import type { KitchenOutput } from '@kitchen/runtime/kitchen-output';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';
import { describe, expect, it } from 'vitest';
import { createHeldOutput } from './held-output.js';
import { createTerminalPerson, toolCallTimeoutMs } from './terminal-person.js';

const flags: KitchenSettings = { json: false, model: 'offline', seed: 1729, jars: 80, latencyMs: 0, rules: [] };

function personFor(approval: KitchenSettings['approval'], isTTY: boolean) {
  const output: KitchenOutput = {
    stdout: { write: () => true },
    stderr: { write: () => true },
    environment: {},
    stdin: Object.assign(new PassThrough(), { isTTY }),
  };
  return createTerminalPerson({
    flags: { ...flags, ...(approval === undefined ? {} : { approval }) },
    output,
    held: createHeldOutput(output.stdout),
    color: false,
  });
}

describe('createTerminalPerson', () => {
  it('asks a person at a terminal about approvals and forms when no flag decides', () => {
    const person = personFor(undefined, true);
    expect(person.present).toBe(true);
    expect(person.person?.approve).toBeTypeOf('function');
    expect(person.person?.fillIn).toBeTypeOf('function');
  });

  it('is present with --yes at a terminal, to fill in forms (the policy answers its approvals)', () => {
    const person = personFor('yes', true);
    expect(person.person?.fillIn).toBeTypeOf('function');
    expect(person.present).toBe(true);
    expect(person.promptsInline).toBe(false);
  });

  it('asks nobody with --no, or without a terminal', () => {
    for (const person of [personFor('no', true), personFor(undefined, false), personFor('yes', false)]) {
      expect(person).toEqual({ present: false, promptsInline: false });
    }
  });
});

describe('toolCallTimeoutMs', () => {
  it('gives a call the approval timeout on top of the usual limit while a person may answer', () => {
    expect(toolCallTimeoutMs({ present: true }, 300_000)).toBe(DEFAULT_CALL_TIMEOUT_MS + 300_000);
    expect(toolCallTimeoutMs({ present: false }, 300_000)).toBe(DEFAULT_CALL_TIMEOUT_MS);
  });
});

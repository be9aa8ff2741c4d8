// A server's link at the terminal, through the host's elicitation handler: the message, the whole
// link and its domain are shown; y accepts, Enter or n declines, Ctrl-D cancels.

import { createElicitationHandler } from '@kitchen/host';
import { createRecordingContext } from '@kitchen/host/testing';
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createFakeTerminal } from '../../test/fake-terminal.js';
import { renderEvent } from './render-event.js';
import { createTerminalLinkAsker } from './terminal-link.js';
import { createTerminalPrompt } from './terminal-prompt.js';

const signIn = {
  mode: 'url',
  message: 'Sign in to the pantry to place orders.',
  url: 'https://pantry.example/login?state=abc',
  elicitationId: 'login-1',
} satisfies ElicitRequest['params'];

function setUp() {
  const terminal = createFakeTerminal();
  const prompt = createTerminalPrompt({ input: terminal.input, output: terminal.output });
  const recording = createRecordingContext();
  const handler = createElicitationHandler({
    person: {
      fillIn: async () => ({ action: 'decline' }),
      followLink: createTerminalLinkAsker({ prompt, color: false }),
    },
  });
  const ask = () => handler('pantry', signIn, recording.context, new AbortController().signal);
  return { terminal, ask, recording };
}

describe('a link at the terminal', () => {
  it('shows the message, the whole link and its domain, and accepts on y', async () => {
    const { terminal, ask, recording } = setUp();
    const answered = ask();
    await terminal.answer('Open it? ', 'y');
    expect(await answered).toEqual({ action: 'accept' });
    expect(terminal.text()).toContain('🔗 pantry asks you to open a link: Sign in to the pantry to place orders.');
    expect(terminal.text()).toContain('   https://pantry.example/login?state=abc');
    expect(terminal.text()).toContain('   It goes to pantry.example. The kitchen does not open it');
    const lines = recording.events.map((event) => renderEvent(event, { color: false, laneNames: new Map() }));
    expect(lines).toEqual([
      '🔗 pantry asks you to open a link: Sign in to the pantry to place orders. — https://pantry.example/login?state=abc',
      '❓ answer to pantry: accept',
    ]);
  });

  it('declines on Enter, and asks again for an answer it does not know', async () => {
    const { terminal, ask } = setUp();
    const answered = ask();
    await terminal.answer('Open it? ', 'maybe');
    await terminal.answer('Type y, n or cancel.', '');
    expect(await answered).toEqual({ action: 'decline' });
  });

  it('cancels on Ctrl-D', async () => {
    const { terminal, ask } = setUp();
    const answered = ask();
    await terminal.answer('Open it? ', 'maybe');
    terminal.close();
    expect(await answered).toEqual({ action: 'cancel' });
  });
});

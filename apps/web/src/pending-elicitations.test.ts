// The page's questions from servers: a link (URL-mode elicitation) waits like a form without
// fields, is answered by request id, and reaches the host as the action alone.

import { MAIN_AGENT } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { createPendingElicitations } from './pending-elicitations.js';

const link = {
  requestId: 'elicitation-1',
  agent: MAIN_AGENT,
  server: 'pantry',
  message: 'Sign in to the pantry.',
  url: 'https://pantry.example/login',
  domain: 'pantry.example',
};

describe('createPendingElicitations', () => {
  it('keeps a link waiting as a form without fields, and passes on only the action', async () => {
    const pending = createPendingElicitations();
    const answered = pending.followLink(link, new AbortController().signal);
    expect(pending.pending()).toEqual([
      expect.objectContaining({ requestId: 'elicitation-1', schema: { type: 'object', properties: {} } }),
    ]);
    expect(pending.answer('elicitation-1', { action: 'accept', content: {} })).toEqual({ kind: 'answered' });
    expect(await answered).toEqual({ action: 'accept' });
    expect(pending.pending()).toEqual([]);
  });

  it('cancels a link whose question is withdrawn', async () => {
    const pending = createPendingElicitations();
    const withdraw = new AbortController();
    const answered = pending.followLink(link, withdraw.signal);
    withdraw.abort();
    expect(await answered).toEqual({ action: 'cancel' });
  });
});

// How the kitchen shows a sign-in page: the lines a person reads, and a browser only when asked. Runtime side.

import { describe, expect, it } from 'vitest';
import { createAuthorizationPrompt } from './authorization-prompt.js';

const request = {
  server: 'vault',
  url: new URL('https://auth.example/authorize?client_id=k&state=s'),
  redirectUrl: 'http://127.0.0.1:5173/callback',
};

describe('createAuthorizationPrompt', () => {
  it('prints the page and where the kitchen waits, and opens no browser unless asked', async () => {
    const lines: string[] = [];
    const opened: string[] = [];
    const prompt = createAuthorizationPrompt({
      say: (line) => lines.push(line),
      openBrowser: false,
      open: (url) => opened.push(url),
    });
    await prompt.onAuthorizationUrl(request);
    expect(lines).toEqual([
      '🔑 vault asks you to sign in. Open this page to let the kitchen in:',
      '   https://auth.example/authorize?client_id=k&state=s',
      '   (the kitchen waits for your browser at http://127.0.0.1:5173/callback)',
    ]);
    expect(opened).toEqual([]);
  });

  it('opens the page when asked, but never a URL that is not a web page', async () => {
    const opened: string[] = [];
    const prompt = createAuthorizationPrompt({ say: () => {}, openBrowser: true, open: (url) => opened.push(url) });
    await prompt.onAuthorizationUrl(request);
    await prompt.onAuthorizationUrl({ ...request, url: new URL('file:///etc/passwd') });
    expect(opened).toEqual(['https://auth.example/authorize?client_id=k&state=s']);
  });
});

// How the kitchen shows a person the page that authorizes it at a server that uses OAuth: the URL
// on stderr (so --json output stays clean), and a browser only when asked (--open-browser). App
// side; the host runs the flow and waits for the browser to come back to 127.0.0.1.

import { spawn } from 'node:child_process';
import type { AuthorizationOptions, AuthorizationRequest } from '@kitchen/host';
import { cleanText } from './clean-text.js';

export interface AuthorizationPromptOptions {
  /** Writes one line for the person (stderr). */
  say: (line: string) => void;
  /** Opens the page in the system's browser as well. */
  openBrowser: boolean;
  /** How the browser is opened; the system's opener by default (tests pass their own). */
  open?: (url: string) => void;
}

export function createAuthorizationPrompt(options: AuthorizationPromptOptions): AuthorizationOptions {
  return {
    clientName: 'MCP Kitchen',
    onAuthorizationUrl: (request: AuthorizationRequest) => {
      // The URL comes from the server's authorization server: shown as text, never interpreted.
      options.say(`🔑 ${request.server} asks you to sign in. Open this page to let the kitchen in:`);
      options.say(`   ${cleanText(request.url.href)}`);
      options.say(`   (the kitchen waits for your browser at ${request.redirectUrl})`);
      if (options.openBrowser && isWebPage(request.url)) (options.open ?? openInBrowser)(request.url.href);
    },
  };
}

/** Only http(s) pages are handed to the system opener: never a file: or custom-scheme URL. */
function isWebPage(url: URL): boolean {
  return url.protocol === 'https:' || url.protocol === 'http:';
}

function openInBrowser(url: string): void {
  const [command, ...args] =
    process.platform === 'darwin'
      ? ['open', url]
      : process.platform === 'win32'
        ? ['rundll32', 'url.dll,FileProtocolHandler', url]
        : ['xdg-open', url];
  // No shell: the URL is one argument, whatever it holds.
  const child = spawn(command ?? 'xdg-open', args, { stdio: 'ignore', detached: true });
  child.on('error', () => {});
  child.unref();
}

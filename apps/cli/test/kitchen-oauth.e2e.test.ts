// `kitchen call` against a server that wants OAuth 2.1, in process: the kitchen discovers the
// authorization server, registers itself, prints the sign-in page on stderr and waits on
// 127.0.0.1; the test plays the person's browser by following the printed URL. The servers are
// the SDK's own authorization server and a server-kit server with protected-resource metadata.

import { PassThrough } from 'node:stream';
import { browse, startAuthorizationServer, startVault } from '@kitchen/host/testing/oauth';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArguments } from '../src/cli/parse-cli-arguments.js';
import { runInspectCommand } from '../src/inspect/run-inspect-command.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('kitchen call, OAuth', () => {
  it('prints the sign-in page, gets a token once the person has been there, and calls the tool', async () => {
    const authorizationServer = await startAuthorizationServer();
    cleanups.push(() => authorizationServer.close());
    const vault = await startVault(authorizationServer);
    cleanups.push(() => vault.close());

    const parsed = parseCliArguments(['call', 'vault', 'whoami', '--server', `vault=${vault.url}`]);
    if (!parsed.ok || parsed.command.name !== 'call') throw new Error('bad test arguments');
    let stdout = '';
    let stderr = '';
    const code = await runInspectCommand(
      parsed.command,
      {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: {
          write: (text: string) => {
            stderr += text;
            // The person reads the page's address off the terminal and opens it.
            const page = /^ {3}(http:\/\/127\.0\.0\.1:\d+\/authorize\S+)$/m.exec(text)?.[1];
            if (page !== undefined) void browse(page);
          },
        },
        environment: { NO_COLOR: '1' },
        stdin: new PassThrough(),
      },
      new AbortController().signal,
    );

    expect(stderr).toContain('🔑 vault asks you to sign in. Open this page to let the kitchen in:');
    expect(stderr).toMatch(/\(the kitchen waits for your browser at http:\/\/127\.0\.0\.1:\d+\/callback\)/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/client [\w-]+ scopes vault:read/);
    expect(authorizationServer.requests.filter((request) => request.path === '/token')).toHaveLength(1);
  });
});

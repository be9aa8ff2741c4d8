// A server SIGKILLed in the middle of a call. The kitchen, which started the server, sees it die
// and tells the toolbox: the call ends at once, in words naming the server and how it stopped, not
// at the call timeout. The run goes on to its report and leaves nothing behind.

import type { FakeMessagesApi } from '@kitchen/host/testing';
import { PROCESS_TEST_TIMEOUT_MS, serverPids, startCli } from '@kitchen/probe-kit/cli-process';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropic, expectCleanEnd, slowCountApi, slowServerConfig } from './fault-run.js';
import { markProbe } from './probe-processes.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('a server SIGKILLed mid-call', () => {
  it('fails the call in words naming the server, and the run goes on to its report', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    api = await slowCountApi();
    const mark = markProbe(anthropic(api.url));
    const cli = startCli(
      ['run', '--model', 'anthropic', '--config', slowServerConfig(), 'Count for me.'],
      mark.environment,
    );
    cli.child.stdin.end();
    await cli.waitFor(/slow call started/);
    process.kill(serverPids(cli.output().stdout).get('slow')!, 'SIGKILL');
    const result = await cli.exited;
    await expectCleanEnd(result, cli.child.pid, mark, {
      code: 4, // partly done: the call failed, the run went on to its report
      words: /The count came back: .*slow.*did not finish: the server stopped \(killed by SIGKILL\)/,
    });
    expect(`${result.stdout}${result.stderr}`).toContain('slow stopped unexpectedly (killed by SIGKILL)');
    // The model was told, and the run went on to a second model call.
    expect(api.requests).toHaveLength(2);
  });
});

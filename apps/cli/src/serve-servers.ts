// `kitchen servers`: starts the configured servers and prints their URLs until Ctrl-C, so an MCP
// inspector (or any client) can be pointed at them. App side.

import { once } from 'node:events';
import { withDefined } from '@kitchen/host';
import { loadRunConfig } from '@kitchen/runtime/config/load-run-config';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import { ServerStartError } from '@kitchen/runtime/server-processes/launch-server';
import { describeServerStart, describeUnexpectedExit } from '@kitchen/runtime/server-processes/server-start-event';
import { startServers } from '@kitchen/runtime/server-processes/start-servers';
import type { KitchenFlags } from './command/kitchen-flags.js';

export async function serveServers(flags: KitchenFlags, output: KitchenOutput, signal: AbortSignal): Promise<number> {
  const complain = (line: string) => output.stderr.write(`${line}\n`);
  const loaded = loadRunConfig(flags, output.environment);
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const config = loaded.config;
  let running;
  try {
    running = await startServers(config.servers, {
      seed: flags.seed,
      jars: flags.jars,
      ...withDefined({ timeoutMs: flags.startTimeoutMs }),
      signal,
      // No silent start. With --json, stdout stays one {name,url,pid} line per server once all
      // are up; the start events go to stderr as JSON lines, as in a run.
      onStartEvent: (event) => {
        if (flags.json) complain(JSON.stringify(event));
        else {
          const line = describeServerStart(event);
          if (line !== undefined) output.stdout.write(`${line}\n`);
        }
      },
      onUnexpectedExit: (server, description, restarting) => {
        if (!signal.aborted) complain(describeUnexpectedExit(server, description, restarting));
      },
    });
  } catch (error) {
    complain(error instanceof ServerStartError ? error.message : String(error));
    return signal.aborted ? EXIT.interrupted : EXIT.failed;
  }
  try {
    if (flags.json) {
      for (const server of running.servers) {
        const line = { name: server.name, url: server.url, ...withDefined({ pid: server.pid }) };
        output.stdout.write(`${JSON.stringify(line)}\n`);
      }
    } else {
      output.stdout.write(
        `seed ${flags.seed}, ${flags.jars} jars. Try: npx @modelcontextprotocol/inspector, transport "Streamable HTTP". Ctrl-C stops them.\n`,
      );
    }
    if (!signal.aborted) await once(signal, 'abort');
    return EXIT.ok;
  } finally {
    await running.stop();
  }
}

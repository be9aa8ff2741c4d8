// `kitchen web`: starts the servers and the web UI, prints the address, and serves until Ctrl-C,
// then stops the run in progress, the UI and every server. App side.

import { once } from 'node:events';
import { ConfigurationError, describeError, GateRuleError, withDefined } from '@kitchen/host';
import { loadRunConfig } from '@kitchen/runtime/config/load-run-config';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';
import { ServerStartError } from '@kitchen/runtime/server-processes/launch-server';
import { describeServerStart, describeUnexpectedExit } from '@kitchen/runtime/server-processes/server-start-event';
import { describeUnavailable } from '@kitchen/runtime/text/describe-toolbox';
import { FIXED_TOKEN } from './owner-token.js';
import { describeServerNews } from './page/server-news.js';
import type { NumberedNews } from './server-news-feed.js';
import { type KitchenWeb, startKitchenWeb } from './start-kitchen-web.js';
import { startWebEval } from './start-web-eval.js';

export interface RunWebCommandOptions {
  flags: KitchenSettings;
  port: number;
  output: KitchenOutput;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** `kitchen eval FILE --web`: started once the UI is up (start-web-eval.ts). */
  evaluate?: { file: string; models: string[] };
}

export async function runWebCommand(options: RunWebCommandOptions): Promise<number> {
  const { flags, output, signal } = options;
  const say = (line: string) => output.stdout.write(`${line}\n`);
  const complain = (line: string) => output.stderr.write(`${line}\n`);
  const loaded = loadRunConfig(flags, output.environment);
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const fixedToken = output.environment['KITCHEN_WEB_TOKEN'];
  if (fixedToken !== undefined && !FIXED_TOKEN.test(fixedToken)) {
    complain(
      'kitchen: KITCHEN_WEB_TOKEN must be 24 to 128 letters, digits, - or _ (a secret nobody can guess); unset it to get a fresh token at each start',
    );
    return EXIT.usage;
  }
  let web: KitchenWeb;
  try {
    web = await startKitchenWeb({
      config: loaded.config,
      flags,
      port: options.port,
      ...withDefined({ token: fixedToken }),
      environment: output.environment,
      signal,
      onUnexpectedExit: (server, description, restarting) => {
        if (!signal.aborted) complain(describeUnexpectedExit(server, description, restarting));
      },
      // No silent start: the start, then each server as it becomes ready.
      onStartEvent: (event) => {
        const line = describeServerStart(event);
        if (line !== undefined) say(line);
      },
    });
  } catch (error) {
    if (error instanceof ServerStartError) complain(error.message);
    else complain(`kitchen: ${describeError(error)}`);
    if (error instanceof ConfigurationError || error instanceof GateRuleError) return EXIT.usage;
    return signal.aborted ? EXIT.interrupted : EXIT.failed;
  }
  try {
    // Under --dev the terminal says what the page's Servers panel does: the watch, each change,
    // the tool-list diff and the watched server's stderr.
    const dev = flags.dev;
    if (dev !== undefined) {
      const tell = ({ news }: NumberedNews) => {
        // Stops and restarts of a launched server are the start lines' (onStartEvent above).
        if (news.server !== dev || news.type === 'server-stopped' || news.type === 'server-restarted') return;
        for (const line of describeServerNews(news)) (news.type === 'server-stderr' ? complain : say)(line);
      };
      // What it said while the kitchen started (its first stderr lines, the watch), then live.
      for (const numbered of web.kitchen.news.since(0)) tell(numbered);
      web.kitchen.news.subscribe(tell);
    }
    const described = web.kitchen.describe();
    for (const line of describeUnavailable(web.kitchen.toolbox)) complain(line);
    say(described.toolbox);
    say(`🧠 model: ${described.model}`);
    say(`🌐 kitchen web UI on ${web.ownerUrl}`);
    say(
      'Open that address in a browser (its token lets only you drive this kitchen); Ctrl-C stops the UI and the servers.',
    );
    const evaluation = options.evaluate === undefined ? undefined : startWebEval(web, options.evaluate, output);
    if (evaluation?.refused !== undefined) return evaluation.refused;
    if (!signal.aborted) await once(signal, 'abort');
    return evaluation?.exitCode() ?? EXIT.ok;
  } finally {
    await web.close();
  }
}

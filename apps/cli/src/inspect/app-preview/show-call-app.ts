// After `kitchen call … --app`: reads the tool's App resource, serves the preview page with the
// call's input and result, prints its address, and answers the App until Ctrl-C. The App's tool
// calls go through the gate (--yes / --no, or asked at the terminal) and print as events. App side.

import {
  type AppToolResult,
  createAppRequests,
  describeError,
  type Gate,
  type LoopEvent,
  MAIN_AGENT,
  readAppResource,
  type ServerFeatures,
  stamp,
  type Toolbox,
  type ToolDescriptor,
  type ToolOutcome,
} from '@kitchen/host';
import { EXIT } from '@kitchen/runtime/kitchen-output';
import { serveAppPreview } from './serve-app-preview.js';

export interface ShowCallAppOptions {
  server: ServerFeatures;
  toolbox: Toolbox;
  tool: ToolDescriptor & { app: { resourceUri: string } };
  input: Record<string, unknown>;
  outcome: ToolOutcome;
  gate: Gate;
  stdout: { write(text: string): unknown };
  complain: (line: string) => void;
  writeEvent: (event: LoopEvent) => void;
  signal: AbortSignal;
}

export async function showCallApp(options: ShowCallAppOptions): Promise<number> {
  const { tool, stdout } = options;
  const uri = tool.app.resourceUri;
  let app: ReturnType<typeof readAppResource>;
  try {
    app = readAppResource(uri, await options.server.readResource(uri));
  } catch (error) {
    options.complain(`kitchen call --app: ${tool.server} did not serve ${uri}: ${describeError(error)}`);
    return EXIT.failed;
  }
  if (typeof app === 'string') {
    options.complain(`kitchen call --app: ${app}`);
    return EXIT.failed;
  }
  const requests = createAppRequests({
    toolbox: options.toolbox,
    gate: options.gate,
    server: tool.server,
    agent: MAIN_AGENT,
    signal: options.signal,
    emit: (draft) => options.writeEvent(stamp(draft)),
  });
  const preview = await serveAppPreview({
    call: { tool, input: options.input, result: options.outcome.appResult ?? textResult(options.outcome) },
    app,
    requests,
    say: {
      message: (text) => stdout.write(`app ▸ message for the conversation: ${text}\n`),
      modelContext: (text) => stdout.write(`app ▸ context for the model: ${text}\n`),
      openLink: (url) => stdout.write(`app ▸ asks to open ${url} (not opened: open it yourself)\n`),
    },
  });
  stdout.write(`${tool.server} ${tool.originalName}'s App (${uri}) shows this call at\n  ${preview.url}\n`);
  stdout.write('Serving it until Ctrl-C.\n');
  await new Promise<void>((resolve) => {
    if (options.signal.aborted) resolve();
    else options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await preview.close();
  return options.outcome.isError ? EXIT.failed : EXIT.ok;
}

/** A result the server sent no whole copy of (it failed before answering): its text. */
function textResult(outcome: ToolOutcome): AppToolResult {
  return { content: [{ type: 'text', text: outcome.content }], ...(outcome.isError ? { isError: true } : {}) };
}

// A tool call's MCP App in its lane: the kitchen reads the App's ui:// resource and serves it as
// a frame document, the shared bridge (@kitchen/app-frame) renders it in a sandboxed frame with
// the call's input and result, and the App's requests go back to the kitchen: its tools/call
// through the run's gate (events in this lane), its message, context update and link shown
// under the frame. App side, in the browser.

import type { AppCallResult, AppContent, MountedApp } from '@kitchen/app-frame/app-bridge';
import { api, el } from './dom.js';
import type { ToolEntry, ToolResultApp } from './lanes.js';
import { addressedRun } from './run-address.js';

/** The Apps drawn now, by call: an entry drawn again closes its old frame first. */
const mounted = new Map<string, Promise<MountedApp | undefined>>();

export function renderToolApp(entry: ToolEntry, app: ToolResultApp): HTMLElement {
  const notes = el('ol', 'app-requests');
  const frameHolder = el('div', 'app-frame-holder');
  const box = el('div', 'tool-app', undefined, el('div', 'app-title', `App ${app.resourceUri}`), frameHolder, notes);
  box.dataset['app'] = 'loading';
  const note = (line: string) => notes.append(el('li', undefined, line));
  const runId = addressedRun(new URLSearchParams(location.search))?.runId;
  const previous = mounted.get(entry.callId);
  const next = (async () => {
    await (await previous)?.close();
    if (runId === undefined) {
      note('The App needs the run open in the address (?run=…).');
      return undefined;
    }
    const opened = await api<{ frameUrl: string }>(`/api/runs/${encodeURIComponent(runId)}/apps`, {
      server: entry.server,
      resourceUri: app.resourceUri,
    });
    if (!opened.ok) {
      note(`The App did not open: ${opened.data.error ?? `the kitchen answered ${opened.status}`}`);
      box.dataset['app'] = 'failed';
      return undefined;
    }
    // Loaded with the first App: the bridge brings the MCP client and zod, most of the page's
    // script, and parsing them made the page's first task 100-260 ms long.
    const { mountApp } = await import('@kitchen/app-frame/app-bridge');
    return mountApp({
      container: frameHolder,
      frameUrl: opened.data.frameUrl,
      tool: { name: entry.serverTool ?? entry.tool, server: entry.server },
      input: entry.input,
      result: app.result as AppCallResult,
      host: {
        async callTool(name, args) {
          note(`tools/call ${name} ${JSON.stringify(args)}`);
          const called = await api<AppCallResult>(`/api/runs/${encodeURIComponent(runId)}/apps/tools-call`, {
            server: entry.server,
            agent: app.agent,
            name,
            arguments: args,
          });
          const result: AppCallResult = called.ok
            ? called.data
            : { isError: true, content: [{ type: 'text', text: called.data.error ?? 'the kitchen refused' }] };
          note(
            `↳ ${result.isError === true ? 'error' : 'result'}: ${textOf(result.content as AppContent).slice(0, 160)}`,
          );
          return result;
        },
        async message(content) {
          note(`ui/message: ${textOf(content)}`);
          return {};
        },
        async updateModelContext(update) {
          note(`ui/update-model-context: ${textOf(update.content ?? [])}`);
        },
        async openLink(url) {
          // Shown, never opened for the App: the person decides.
          note(`ui/open-link: ${url}`);
          return {};
        },
        notice(what) {
          if (what === 'initialized') box.dataset['app'] = 'initialized';
        },
      },
    });
  })().catch((error: unknown) => {
    note(`The App failed: ${error instanceof Error ? error.message : String(error)}`);
    box.dataset['app'] = 'failed';
    return undefined;
  });
  mounted.set(entry.callId, next);
  return box;
}

function textOf(content: AppContent): string {
  return content.map((block) => (block.type === 'text' ? String(block['text']) : `[${block.type}]`)).join(' ');
}

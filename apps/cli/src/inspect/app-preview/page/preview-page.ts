// The page `kitchen call … --app` serves: the call's MCP App in a sandboxed frame, its input and
// result delivered, and each of its requests sent back to the kitchen (which gates, calls and
// prints) and listed under the frame. Browser side, over the shared bridge (@kitchen/app-frame).

import { type AppCallResult, type AppContent, mountApp } from '@kitchen/app-frame/app-bridge';

interface PreviewCall {
  tool: { name: string; server: string; description: string };
  input: Record<string, unknown>;
  result: AppCallResult;
  frameUrl: string;
  app: { uri: string };
}

const token = new URLSearchParams(location.search).get('token') ?? '';

async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-kitchen-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `the kitchen answered ${response.status}`);
  return answer;
}

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no #${id}`);
  return found;
}

function note(line: string): void {
  const item = document.createElement('li');
  item.textContent = line;
  element('requests').append(item);
}

function textOf(content: AppContent): string {
  return content.map((block) => (block.type === 'text' ? String(block['text']) : `[${block.type}]`)).join(' ');
}

function summary(result: AppCallResult): string {
  const text = result.content.map((block) => {
    const typed = block as { type?: string; text?: string };
    return typed.type === 'text' ? typed.text : `[${typed.type}]`;
  });
  return `${result.isError === true ? 'error' : 'result'}: ${text.join(' ').slice(0, 200)}`;
}

async function start(): Promise<void> {
  const call = await api<PreviewCall>('/api/call');
  element('title').textContent = `${call.tool.server} ▸ ${call.tool.name}`;
  element('about').textContent = `App ${call.app.uri}, with input ${JSON.stringify(call.input)}`;
  await mountApp({
    container: element('app'),
    frameUrl: call.frameUrl,
    tool: call.tool,
    input: call.input,
    result: call.result,
    host: {
      async callTool(name, args) {
        note(`tools/call ${name} ${JSON.stringify(args)}`);
        const result = await api<AppCallResult>('/api/tools/call', { name, arguments: args });
        note(`↳ ${summary(result)}`);
        return result;
      },
      async message(content) {
        note(`ui/message: ${textOf(content)}`);
        await api('/api/message', { content });
        return {};
      },
      async updateModelContext(update) {
        note(`ui/update-model-context: ${textOf(update.content ?? [])}`);
        await api('/api/model-context', update);
      },
      async openLink(url) {
        note(`ui/open-link: ${url} (printed by the kitchen, not opened)`);
        await api('/api/open-link', { url });
        return {};
      },
      notice(what) {
        if (what === 'initialized') document.body.dataset['app'] = 'initialized';
        note(`App ${what}`);
      },
    },
  });
}

start().catch((error: unknown) => {
  document.body.dataset['app'] = 'failed';
  note(`The preview failed: ${error instanceof Error ? error.message : String(error)}`);
});

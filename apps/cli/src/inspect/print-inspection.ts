// How the inspector-style commands print what a server offers: one JSON object a line with
// --json, short readable lines otherwise. App side; server text is cleaned before it is shown.

import {
  type Completion,
  type CompletionReference,
  type LoopEvent,
  MAIN_AGENT,
  type ResourceContents,
  type ServerPrompt,
  type ServerResource,
  type ServerResourceTemplate,
  stamp,
  type ToolDescriptor,
  type ToolOutcome,
  withDefined,
} from '@kitchen/host';
import { cleanText, shortenLine } from '@kitchen/runtime/text/clean-text';
import { summariseArguments } from './tool-arguments.js';

interface Sink {
  write(text: string): unknown;
}

const WIDTH = 100;

export function printTools(out: Sink, tools: ToolDescriptor[], json: boolean): void {
  for (const tool of tools) {
    if (json) {
      out.write(
        `${JSON.stringify({ server: tool.server, name: tool.originalName, modelName: tool.name, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations })}\n`,
      );
      continue;
    }
    const hints = [
      tool.annotations.readOnlyHint ? 'read-only' : '',
      tool.annotations.destructiveHint ? 'destructive' : '',
    ].filter(Boolean);
    // The real name first; the model's name beside it when the host had to rename (a clash, characters a model API refuses).
    const shown = tool.name === tool.originalName ? '' : ` → the model sees ${cleanText(tool.name)}`;
    out.write(
      `${cleanText(tool.server)}.${cleanText(tool.originalName)}(${cleanText(summariseArguments(tool.inputSchema))})` +
        `${hints.length ? ` [${hints.join(', ')}]` : ''}${shown}\n`,
    );
    if (tool.description) out.write(`    ${shortenLine(tool.description, WIDTH - 4)}\n`);
  }
}

export function printResources(
  out: Sink,
  server: string,
  resources: ServerResource[],
  templates: ServerResourceTemplate[],
  json: boolean,
): void {
  if (json) {
    for (const resource of resources) out.write(`${JSON.stringify({ server, kind: 'resource', ...resource })}\n`);
    for (const template of templates) out.write(`${JSON.stringify({ server, kind: 'template', ...template })}\n`);
    return;
  }
  out.write(`📚 ${cleanText(server)}: ${resources.length} resources, ${templates.length} templates\n`);
  for (const resource of resources) {
    const mime = resource.mimeType ? ` (${cleanText(resource.mimeType)})` : '';
    out.write(`${cleanText(resource.uri)}  ${cleanText(resource.title ?? resource.name)}${mime}\n`);
  }
  for (const template of templates) {
    out.write(`${cleanText(template.uriTemplate)}  ${cleanText(template.title ?? template.name)} (template)\n`);
  }
}

export function printRead(out: Sink, contents: ResourceContents[], json: boolean): void {
  for (const content of contents) {
    if (json) {
      out.write(`${JSON.stringify(content)}\n`);
      continue;
    }
    const mime = content.mimeType ? ` (${cleanText(content.mimeType)})` : '';
    out.write(`── ${cleanText(content.uri)}${mime}\n`);
    if ('text' in content && typeof content.text === 'string') {
      out.write(`${cleanText(content.text, { keepNewlines: true })}\n`);
    } else if ('blob' in content && typeof content.blob === 'string') {
      out.write(`[binary, ${Math.floor((content.blob.length * 3) / 4)} bytes, not shown; --json gives it in base64]\n`);
    }
  }
}

export function printPrompts(out: Sink, server: string, prompts: ServerPrompt[], json: boolean): void {
  if (json) {
    for (const prompt of prompts) out.write(`${JSON.stringify({ server, ...prompt })}\n`);
    return;
  }
  out.write(`📝 ${cleanText(server)}: ${prompts.length} prompts\n`);
  for (const prompt of prompts) {
    const args = (prompt.arguments ?? []).map((argument) => `${argument.name}${argument.required ? '*' : ''}`);
    out.write(`${cleanText(prompt.name)}(${cleanText(args.join(', '))})\n`);
    if (prompt.description) out.write(`    ${shortenLine(prompt.description, WIDTH - 4)}\n`);
  }
}

/**
 * The result of a call made by hand, as the same tool-result event a run would show; with
 * `whole`, a result or error too long for its line is then printed whole beneath it (a person
 * trying a server wants all of it, where a run's story keeps one line a call).
 */
export function printCallResult(
  writeEvent: (event: LoopEvent) => void,
  call: { callId: string; tool: string; server: string; outcome: ToolOutcome; started: number },
  whole?: { out: Sink; width: number },
): void {
  writeEvent(
    stamp({
      type: 'tool-result',
      agent: MAIN_AGENT.id,
      callId: call.callId,
      tool: call.tool,
      server: call.server,
      isError: call.outcome.isError,
      content: call.outcome.content,
      ...withDefined({ attachments: call.outcome.attachments }),
      durationMs: Date.now() - call.started,
    }),
  );
  if (whole === undefined) return;
  const text = cleanText(call.outcome.content, { keepNewlines: true });
  // The event line holds the tool's name and a few words before the result: past that, it was cut.
  const room = whole.width - call.tool.length - 12;
  if (Array.from(text).length <= room && !text.includes('\n')) return;
  whole.out.write(
    `── whole ${call.outcome.isError ? 'error' : 'result'} (${text.length.toLocaleString('en-US')} characters)\n`,
  );
  whole.out.write(`${text}\n`);
}

/** Suggestions, one a line (the server may know more: its total is said), or one JSON object. */
export function printCompletion(
  out: Sink,
  asked: { server: string; ref: CompletionReference; argument: string; completion: Completion },
  json: boolean,
): void {
  const { completion } = asked;
  if (json) {
    out.write(`${JSON.stringify(asked)}\n`);
    return;
  }
  for (const value of completion.values) out.write(`${cleanText(value)}\n`);
  const shown = completion.values.length;
  if (completion.hasMore === true || (completion.total !== undefined && completion.total > shown)) {
    out.write(
      `… ${completion.total === undefined ? 'more' : `${completion.total - shown} more`}: type more of the value\n`,
    );
  } else if (shown === 0) {
    out.write('(no suggestions)\n');
  }
}

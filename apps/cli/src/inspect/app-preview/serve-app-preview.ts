// `kitchen call … --app`'s local page: one call's MCP App, rendered by the browser in a sandboxed
// frame, its requests carried back here to the host. App side (node:http on 127.0.0.1).
//
// Like the web kitchen it answers only its own loopback address (Host checked, Origin checked when
// sent) and only a caller holding the token printed in its URL. The App's frame document is a
// separate address, served with the CSP the App's resource asked for; it carries no token, and
// the page is served with no referrer, so the App never learns the token.

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { appFrameHeaders } from '@kitchen/app-frame/frame-policy';
import type { AppRequests, AppResource, AppToolResult, ToolDescriptor } from '@kitchen/host';
import { z } from 'zod';
import { PREVIEW_PAGE_HTML, previewPageScript } from './preview-page-files.js';

/** One call, as its App is handed it. */
export interface PreviewedCall {
  tool: ToolDescriptor;
  input: Record<string, unknown>;
  result: AppToolResult;
}

/** What the App asks that the terminal shows: a message, a context update, a link. */
export interface AppPreviewSay {
  message(text: string): void;
  modelContext(text: string): void;
  openLink(url: string): void;
}

export interface AppPreviewOptions {
  call: PreviewedCall;
  app: AppResource;
  requests: AppRequests;
  say: AppPreviewSay;
}

export interface AppPreview {
  /** The page's address, token included. */
  url: string;
  close(): Promise<void>;
}

const BODY_LIMIT_BYTES = 64 * 1024;
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const toolCallBody = z.object({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}) });
const contentBody = z.object({
  content: z.array(z.object({ type: z.string() }).passthrough()).default([]),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
});
const linkBody = z.object({ url: z.string().url() });

export async function serveAppPreview(options: AppPreviewOptions): Promise<AppPreview> {
  const token = randomBytes(24).toString('base64url');
  const frameId = randomBytes(16).toString('hex');
  const script = await previewPageScript();
  let port = 0;
  const origins = () => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];

  const server = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: `the preview failed: ${String(error)}` });
    });
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const host = (request.headers.host ?? '').toLowerCase();
    if (!origins().some((origin) => origin === `http://${host}`))
      return send(response, 403, { error: `Host "${host}" is not allowed: this page answers only ${origins()[0]}/.` });
    const origin = request.headers.origin;
    if (origin !== undefined && !origins().includes(origin.toLowerCase()))
      return send(response, 403, { error: `Origin "${origin}" is not allowed: only the preview page may call it.` });
    const address = new URL(request.url ?? '/', origins()[0]);
    const method = request.method ?? 'GET';

    if (method === 'GET' && address.pathname === `/frame/${frameId}`) {
      response.writeHead(200, appFrameHeaders(options.app.csp, origins()[0] ?? ''));
      return void response.end(options.app.html);
    }
    if (method === 'GET' && address.pathname === '/preview.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return void response.end(script);
    }
    if (method === 'GET' && address.pathname === '/') {
      if (address.searchParams.get('token') !== token)
        return send(response, 403, { error: 'Open the address the kitchen printed: it carries the token.' });
      response.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': PAGE_POLICY,
        'Referrer-Policy': 'no-referrer',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      });
      return void response.end(PREVIEW_PAGE_HTML);
    }
    if (!address.pathname.startsWith('/api/')) return send(response, 404, { error: `nothing at ${address.pathname}` });
    if (request.headers['x-kitchen-token'] !== token)
      return send(response, 403, { error: 'This API needs the token from the page address.' });

    if (method === 'GET' && address.pathname === '/api/call') {
      const { tool, input, result } = options.call;
      return send(response, 200, {
        tool: { name: tool.originalName, server: tool.server, description: tool.description },
        input,
        result,
        frameUrl: `/frame/${frameId}`,
        app: { uri: options.app.uri, csp: options.app.csp },
      });
    }
    if (method !== 'POST') return send(response, 405, { error: `${method} is not answered at ${address.pathname}` });
    const body = await readJson(request);
    switch (address.pathname) {
      case '/api/tools/call': {
        const parsed = toolCallBody.safeParse(body);
        if (!parsed.success) return send(response, 400, { error: 'tools/call needs a name and arguments' });
        return send(response, 200, await options.requests.callTool(parsed.data.name, parsed.data.arguments));
      }
      case '/api/message': {
        const parsed = contentBody.safeParse(body);
        if (!parsed.success) return send(response, 400, { error: 'ui/message needs content blocks' });
        options.say.message(describeContent(parsed.data.content));
        return send(response, 200, {});
      }
      case '/api/model-context': {
        const parsed = contentBody.safeParse(body);
        if (!parsed.success) return send(response, 400, { error: 'ui/update-model-context needs content' });
        const structured =
          parsed.data.structuredContent === undefined ? '' : ` ${JSON.stringify(parsed.data.structuredContent)}`;
        options.say.modelContext(`${describeContent(parsed.data.content)}${structured}`.trim());
        return send(response, 200, {});
      }
      case '/api/open-link': {
        const parsed = linkBody.safeParse(body);
        if (!parsed.success) return send(response, 400, { error: 'ui/open-link needs a URL' });
        options.say.openLink(parsed.data.url);
        return send(response, 200, {});
      }
      default:
        return send(response, 404, { error: `nothing at ${address.pathname}` });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const listening = server.address();
  port = typeof listening === 'object' && listening !== null ? listening.port : 0;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Text blocks as their text; any other block by its type. */
function describeContent(content: { type: string; text?: unknown }[]): string {
  return content
    .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : `[${block.type}]`))
    .join(' ');
}

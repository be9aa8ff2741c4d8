// A raw Streamable HTTP session for tests: fetch and a small SSE reader, so a test controls every
// request (drop a stream, reconnect with Last-Event-ID, reuse an id) the way no SDK client would.
// Server side, tests only (exported from @kitchen/server-kit/testing).

import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

export interface SseEvent {
  id?: string;
  event?: string;
  retry?: number;
  /** The data lines joined; '' for a priming event. */
  data: string;
}

/** The SSE events of `response` as they arrive; ends when the stream ends or is aborted. */
export async function* readSseEvents(response: Response): AsyncGenerator<SseEvent> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    // A reader, not `for await`: the DOM's ReadableStream type (in a program that checks a page
    // too) has no async iterator, node's has.
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += decoder.decode(read.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const event = parseBlock(block);
        if (event) yield event;
      }
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  }
}

function parseBlock(block: string): SseEvent | undefined {
  const event: SseEvent = { data: '' };
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue; // a comment, e.g. the SDK's keep-alive
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields += 1;
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'retry') event.retry = Number(value);
    else if (field === 'data') data.push(value);
  }
  if (fields === 0) return undefined;
  event.data = data.join('\n');
  return event;
}

export class RawMcpSession {
  private constructor(
    readonly url: string,
    readonly sessionId: string,
    private readonly headers: Record<string, string>,
  ) {}

  /** Sends initialize and notifications/initialized; `headers` go on every request. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<RawMcpSession> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...postHeaders, ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: LATEST_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: 'raw', version: '0' },
        },
      }),
    });
    const sessionId = response.headers.get('mcp-session-id');
    if (!response.ok || sessionId === null)
      throw new Error(`initialize failed: HTTP ${response.status} ${await response.text()}`);
    await response.body?.cancel();
    const session = new RawMcpSession(url, sessionId, headers);
    const initialized = await session.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    if (initialized.status !== 202) throw new Error(`notifications/initialized got HTTP ${initialized.status}`);
    return session;
  }

  post(message: unknown, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(this.url, {
      method: 'POST',
      headers: { ...this.sessionHeaders(postHeaders), ...headers },
      body: JSON.stringify(message),
      signal,
    });
  }

  /** Opens the standalone GET stream, or resumes a stream after `lastEventId`. */
  get(lastEventId?: string, signal?: AbortSignal): Promise<Response> {
    const extra: Record<string, string> = { Accept: 'text/event-stream' };
    if (lastEventId !== undefined) extra['Last-Event-ID'] = lastEventId;
    return fetch(this.url, { method: 'GET', headers: this.sessionHeaders(extra), signal });
  }

  async delete(): Promise<number> {
    const response = await fetch(this.url, { method: 'DELETE', headers: this.sessionHeaders({}) });
    await response.body?.cancel();
    return response.status;
  }

  private sessionHeaders(extra: Record<string, string>): Record<string, string> {
    return {
      ...extra,
      ...this.headers,
      'Mcp-Session-Id': this.sessionId,
      'Mcp-Protocol-Version': LATEST_PROTOCOL_VERSION,
    };
  }
}

const postHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

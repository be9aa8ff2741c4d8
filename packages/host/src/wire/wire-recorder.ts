// Records every HTTP exchange between the host and its servers, as data: the request (method, the
// MCP headers, the JSON-RPC body), the response's status and headers, and each SSE event of its
// body as it arrives. Host side, at the wire, for people learning what crosses it. Opt-in: a
// toolbox given no recorder uses its fetch untouched; one given a recorder wraps that fetch and
// changes nothing the transports see.

import { withDefined } from '../with-defined.js';

/** The request and response headers that carry MCP meaning (lower case, as HTTP/2 and undici spell them). */
export const MCP_HEADERS = [
  'mcp-session-id',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'last-event-id',
] as const;

/** What a fetch seam looks like: the SDK transports' `fetch` option. */
export type WireFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

interface RecordBase {
  /** Order across every exchange of the recorder: a server's event and the host's next POST interleave. */
  seq: number;
  /** Which HTTP exchange (request and its response) of the recorder this belongs to, from 1. */
  exchange: number;
  server: string;
}

export interface WireRequestRecord extends RecordBase {
  kind: 'request';
  method: string;
  /** The MCP headers the host sent, by lower-case name. */
  headers: Record<string, string>;
  /** The JSON-RPC message (or batch) sent, parsed; the raw text when it is not JSON; absent for GET/DELETE. */
  body?: unknown;
}

export interface WireResponseRecord extends RecordBase {
  kind: 'response';
  /** 0 when no response came (the connection failed). */
  status: number;
  /** The MCP headers the server sent, and content-type without parameters. */
  headers: Record<string, string>;
  /** A JSON body, parsed; absent for an empty answer (202) and for an SSE stream (see its events). */
  body?: unknown;
  /** Why there was no response. */
  error?: string;
}

export interface WireEventRecord extends RecordBase {
  kind: 'event';
  /** The SSE `event:` field, when set. */
  event?: string;
  /** The SSE `id:` field, when set (a resumable stream). */
  id?: string;
  /** The JSON-RPC message in `data:`, parsed; absent for an event with no data (a priming event). */
  data?: unknown;
}

export type WireRecord = WireRequestRecord | WireResponseRecord | WireEventRecord;

export class WireRecorder {
  readonly records: WireRecord[] = [];
  #exchanges = 0;

  /** `inner` with every exchange to `server` recorded; what `inner` returns is passed on unchanged. */
  fetchFor(server: string, inner: WireFetch): WireFetch {
    return async (url, init) => {
      this.#exchanges += 1;
      const exchange = this.#exchanges;
      const base = () => ({ seq: this.records.length + 1, exchange, server });
      this.records.push({
        ...base(),
        kind: 'request',
        method: (init?.method ?? 'GET').toUpperCase(),
        headers: pickHeaders(new Headers(init?.headers)),
        ...(typeof init?.body === 'string' ? { body: parseJson(init.body) } : {}),
      });
      let response: Response;
      try {
        response = await inner(url, init);
      } catch (error) {
        this.records.push({ ...base(), kind: 'response', status: 0, headers: {}, error: describe(error) });
        throw error;
      }
      const headers = pickHeaders(response.headers);
      const contentType = response.headers.get('content-type')?.split(';')[0]?.trim();
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (contentType === 'text/event-stream' && response.body !== null) {
        this.records.push({ ...base(), kind: 'response', status: response.status, headers });
        const body = observeEvents(response.body, (event) => this.records.push({ ...base(), kind: 'event', ...event }));
        return new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
      // A JSON answer (or an error page) is short and read at once by the transport: read a copy first.
      const text = response.body === null ? '' : await response.clone().text();
      this.records.push({
        ...base(),
        kind: 'response',
        status: response.status,
        headers,
        ...(text === '' ? {} : { body: parseJson(text) }),
      });
      return response;
    };
  }

  /** Drops what was recorded, so one recorder can keep runs apart. */
  clear(): void {
    this.records.length = 0;
    this.#exchanges = 0;
  }
}

function pickHeaders(headers: Headers): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of MCP_HEADERS) {
    const value = headers.get(name);
    if (value !== null) picked[name] = value;
  }
  return picked;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type ObservedEvent = Pick<WireEventRecord, 'event' | 'id' | 'data'>;

/** Passes the stream through byte for byte, reporting each complete SSE event as it goes by. */
function observeEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ObservedEvent) => void,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let partialLine = '';
  let fields: { event?: string; id?: string; data: string[] } = { data: [] };
  const flush = () => {
    if (fields.data.length > 0 || fields.id !== undefined || fields.event !== undefined) {
      const data = fields.data.join('\n');
      onEvent({
        ...withDefined({ event: fields.event, id: fields.id }),
        ...(data === '' ? {} : { data: parseJson(data) }),
      });
    }
    fields = { data: [] };
  };
  const observe = (text: string) => {
    const lines = (partialLine + text).split(/\r?\n/);
    partialLine = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') flush();
      else if (line.startsWith('data:')) fields.data.push(line.slice(5).replace(/^ /, ''));
      else if (line.startsWith('event:')) fields.event = line.slice(6).trim();
      else if (line.startsWith('id:')) fields.id = line.slice(3).trim();
    }
  };
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) {
        observe(decoder.decode());
        controller.close();
        return;
      }
      observe(decoder.decode(value, { stream: true }));
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

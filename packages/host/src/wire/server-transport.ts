// Opens the transport to one server: Streamable HTTP for a URL (the older HTTP+SSE one when the
// entry says "sse"), stdio for a command. Host side,
// at the wire: a spawned server gets the SDK's minimal environment plus what its entry names.

import { StringDecoder } from 'node:string_decoder';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { transportFetch } from './fast-path/transport-fetch.js';
import type { OAuthSession } from './oauth/oauth-session.js';
import { withOAuth } from './oauth/with-oauth.js';
import { isStdioConnection, type ServerConnection } from './server-connection.js';

export interface OpenedTransport {
  transport: Transport;
  /** The last lines a stdio server wrote to stderr (for a failed start); empty over HTTP. */
  stderrTail(): string[];
}

const STDERR_LINES_KEPT = 10;

/**
 * `onStderrLine` sees each line a stdio server writes to stderr: its log, shown in its name.
 * `oauth`: the server's OAuth session, which outlives any one transport (a reconnect keeps the token).
 * `network`: what HTTP requests go out through (a wire recorder wraps the default); the transport
 * gets its own transportFetch over it.
 */
export function openTransport(
  server: ServerConnection,
  onStderrLine: (line: string) => void,
  oauth?: OAuthSession,
  network: FetchLike = fetch,
): OpenedTransport {
  if (!isStdioConnection(server) && server.transport === 'sse') {
    // The event stream stays open for the whole session: plain fetch, not the fast path's lone-answer reader.
    return {
      transport: new SSEClientTransport(new URL(server.url), {
        fetch: oauth === undefined ? network : withOAuth(oauth, network),
        ...(server.headers ? { requestInit: { headers: server.headers } } : {}),
      }),
      stderrTail: () => [],
    };
  }
  if (!isStdioConnection(server)) {
    const wireFetch = transportFetch(network, { readLoneAnswers: true });
    return {
      transport: new StreamableHTTPClientTransport(new URL(server.url), {
        fetch: oauth === undefined ? wireFetch : withOAuth(oauth, wireFetch),
        ...(server.headers ? { requestInit: { headers: server.headers } } : {}),
      }),
      stderrTail: () => [],
    };
  }
  // The SDK merges `env` over getDefaultEnvironment() (HOME, LOGNAME, PATH, SHELL, TERM, USER):
  // the host's own variables, its API keys among them, are never passed on.
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args ?? [],
    ...(server.env ? { env: server.env } : {}),
    ...(server.cwd ? { cwd: server.cwd } : {}),
    // 'inherit' (the SDK default) would write the server's log straight into the host's terminal.
    stderr: 'pipe',
  });
  const tail: string[] = [];
  let buffered = '';
  const decoder = new StringDecoder('utf8');
  // With stderr: 'pipe' this is a PassThrough, there before start() so no early line is lost.
  transport.stderr?.on('data', (chunk: Buffer | string) => {
    buffered += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const trimmed = line.replace(/\r$/, '');
      if (trimmed.trim() === '') continue;
      tail.push(trimmed);
      if (tail.length > STDERR_LINES_KEPT) tail.shift();
      onStderrLine(trimmed);
    }
  });
  return { transport, stderrTail: () => [...tail] };
}

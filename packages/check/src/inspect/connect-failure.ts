// Turns a failed connect into the step that failed, its cause in plain words and the fix. Host
// side, pure: it reads only the error (and what the server wrote to stderr).

import type { Era } from '../server-offer.js';

export interface ConnectFailure {
  /** start (the command), connect (the URL), or the handshake step of the era. */
  step: 'start' | 'connect' | 'initialize' | 'discover';
  cause: string;
  fix: string;
}

interface FailureContext {
  era: Era;
  /** The command, for a server started over stdio; undefined for a URL. */
  command?: string;
  url?: string;
  /** The last lines the process wrote to stderr. */
  stderr: string[];
  timeoutMs: number;
}

/** Codes Node puts on a failed socket or spawn. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH']);

export function describeConnectFailure(error: unknown, context: FailureContext): ConnectFailure {
  const handshake = context.era === '2025-11-25' ? 'initialize' : 'discover';
  const message = error instanceof Error ? error.message : String(error);
  const code = errorCode(error);
  const stderr = context.stderr.length === 0 ? '' : ` Its stderr ended with: ${context.stderr.slice(-3).join(' | ')}`;
  if (context.command !== undefined && (code === 'ENOENT' || code === 'EACCES')) {
    return {
      step: 'start',
      cause: `${context.command} could not be started (${code}: ${message}).`,
      fix: `Check the command: run "${context.command}" yourself, and use a full path or a command on PATH.`,
    };
  }
  if ((code !== undefined && UNREACHABLE_CODES.has(code)) || /fetch failed/i.test(message)) {
    return {
      step: 'connect',
      cause: `Nothing answered at ${context.url} (${code ?? deepestMessage(error)}).`,
      fix: 'Start the server first, and check the host, the port and that it listens on that address.',
    };
  }
  const status = httpStatus(error);
  if (status === 401 || status === 403) {
    return {
      step: 'connect',
      cause: `The server answered HTTP ${status}: it wants authorization. ${message}`,
      fix: 'Pass the token or header it expects, or configure OAuth for it.',
    };
  }
  if (status === 404 || status === 405) {
    return {
      step: 'connect',
      cause: `The server answered HTTP ${status}: there is no MCP endpoint at ${context.url}.`,
      fix: 'Check the path of the URL (the kitchen’s servers and most others serve /mcp).',
    };
  }
  if (/unsupported protocol version|-32022/i.test(message)) {
    return {
      step: handshake,
      cause: `It does not speak revision ${context.era}: ${message}`,
      fix: `Nothing to fix unless your users' hosts speak only ${context.era}; a server that serves both revisions reaches every host.`,
    };
  }
  if (/timed out|timeout|-32001/i.test(message)) {
    return {
      step: handshake,
      cause: `No answer to ${handshake} within ${context.timeoutMs} ms.${stderr}`,
      fix:
        context.command === undefined
          ? 'Check that the server answers POSTs at this URL and is not stuck.'
          : 'A stdio server must write only JSON-RPC to stdout: send logs to stderr, and answer initialize at once.',
    };
  }
  if (/connection closed|-32000/i.test(message) && context.command !== undefined) {
    return {
      step: 'start',
      cause: `The process exited before answering ${handshake}.${stderr}`,
      fix: `Run "${context.command}" yourself to see why it stops.`,
    };
  }
  return {
    step: handshake,
    cause: `${message}${stderr}`,
    fix: `Check what the server answers to ${handshake} at revision ${context.era}.`,
  };
}

function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Object && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function deepestMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

function httpStatus(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'number' && code >= 400 && code < 600) return code;
  const match = /HTTP (\d{3})/.exec(error instanceof Error ? error.message : '');
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

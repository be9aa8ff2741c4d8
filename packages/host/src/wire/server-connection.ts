// The list of servers the host connects to, checked once at the edge. Host side: a bad entry is
// refused before any connection is tried, with a message that names the field and the fix.

import { z } from 'zod';
import { ConfigurationError } from '../errors.js';
import { LOCAL_SERVER } from './tool-index.js';

export interface ServerConnection {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

// Names prefix clashing tool names (server__tool), so they must stay usable in a tool name.
const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const serverConnectionSchema = z.strictObject({
  name: z.string().regex(SERVER_NAME, 'use 1-32 letters, digits, "-" or "_"'),
  url: z.string().refine(isHttpUrl, 'use an http:// or https:// URL such as http://127.0.0.1:3001/mcp'),
  headers: z.record(z.string(), z.string()).optional(),
});

/** Checks a server list (from code or a config file); throws ConfigurationError naming every problem. */
export function parseServerConnections(input: unknown): ServerConnection[] {
  const parsed = z.array(serverConnectionSchema).safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `servers${formatPath(issue.path)}: ${issue.message}`);
    throw new ConfigurationError(`The server list is not usable:\n${problems.join('\n')}`);
  }
  checkServerNames(parsed.data.map((server) => server.name));
  return parsed.data;
}

/** Names must be usable, unique, and not the one reserved for the host's own tools. */
export function checkServerNames(names: string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (!SERVER_NAME.test(name)) {
      throw new ConfigurationError(
        `Server name "${name}" is not usable: use 1-32 letters, digits, "-" or "_" (it prefixes clashing tool names).`,
      );
    }
    if (name === LOCAL_SERVER)
      throw new ConfigurationError(
        `Server name "${LOCAL_SERVER}" is reserved for the host's own tools: rename the server.`,
      );
    if (seen.has(name)) throw new ConfigurationError(`Two servers are named "${name}": give each server its own name.`);
    seen.add(name);
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function formatPath(path: PropertyKey[]): string {
  return path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
}

// One connected session in one revision, seen through what a check needs: who answered, what it
// declared, and its lists. Host side, at the wire; the v1 client SDK fills it in for 2025-11-25
// (session-2025.ts) and the v2 one for 2026-07-28 (session-2026.ts), from the same parts here.

import { withDefined } from '@kitchen/host';
import type { Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CheckTarget } from '../server-offer.js';

type CommandTarget = Extract<CheckTarget, { command: string }>;

/** How a check introduces itself, in either revision. */
export const CHECK_CLIENT = { name: 'mcp-kitchen-check', version: '0.1.0' };

/** Opens a session in one revision; a server that does not answer in it rejects. */
export type OpenEraSession = (
  target: CheckTarget,
  timeoutMs: number,
  onStderr: (line: string) => void,
) => Promise<EraSession>;

export interface EraSession {
  /** "name version", as the server introduced itself. */
  serverInfo: string;
  /** The revision the two sides settled on. */
  protocolVersion: string;
  capabilities: ServerCapabilities;
  listTools(): Promise<Tool[]>;
  /**
   * The tools as sent, without the client SDK's schema check: for a list the SDK refuses, so the
   * check can still say what is wrong with it. Absent when the SDK checks nothing.
   */
  listToolsAsSent?(): Promise<Tool[]>;
  listPrompts(): Promise<Prompt[]>;
  listResources(): Promise<Resource[]>;
  listResourceTemplates(): Promise<ResourceTemplate[]>;
  close(): Promise<void>;
}

/** Pages of a list, followed until the server gives no cursor (bounded: a loop is a server bug). */
export const MAX_LIST_PAGES = 100;

export async function allPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor?: string | undefined }>,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const answer = await fetchPage(cursor);
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (cursor === undefined) return items;
  }
  throw new Error(`the list still had a next page after ${MAX_LIST_PAGES} pages`);
}

/** What either SDK's stdio transport is given for a command: stderr piped, so its lines are kept, not printed. */
export function stdioParameters(target: CommandTarget) {
  return {
    command: target.command,
    ...withDefined({ args: target.args, env: target.env, cwd: target.cwd }),
    stderr: 'pipe' as const,
  };
}

/** Passes each non-blank line a spawned server writes to stderr on. */
export function pipeStderr(stderr: NodeJS.EventEmitter | null | undefined, onStderr: (line: string) => void): void {
  stderr?.on('data', (chunk: Buffer) => {
    for (const line of String(chunk).split('\n')) if (line.trim() !== '') onStderr(line);
  });
}

/** "name version", as the server introduced itself. */
export function describeServerInfo(version: { name: string; version: string } | undefined): string {
  return version === undefined ? '(no serverInfo)' : `${version.name} ${version.version}`;
}

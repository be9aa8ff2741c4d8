// One connected session in one revision, seen through what a check needs: who answered, what it
// declared, and its lists. Host side, at the wire; the v1 and v2 client SDKs each fill it in.

import type { Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';

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

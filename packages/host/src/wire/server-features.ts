// What one connected server offers besides tools: resources (paginated lists, templates, reads,
// subscriptions), prompts and argument completions, in either era. Host side, at the wire: each
// method is one MCP request; a server that does not declare the capability gets no request at all.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type {
  CompleteRequest,
  CompleteResult,
  GetPromptResult,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { withDefined } from '../with-defined.js';

export type ServerResource = Resource;
export type ServerResourceTemplate = ResourceTemplate;
export type ServerPrompt = Prompt;
export type ResourceContents = ReadResourceResult['contents'][number];
export type PromptResult = GetPromptResult;
/** What a completion is for: a prompt's argument, or a resource template's variable. */
export type CompletionReference = CompleteRequest['params']['ref'];

export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/** The most pages a list follows: a server that keeps sending cursors is cut off, not followed forever. */
export const MAX_LIST_PAGES = 100;

type Timeout = { timeout: number };

/**
 * The requests ServerFeatures makes, one per method, whichever era's client carries them: the
 * 2025-11-25 client as it is (featureRequests2025), the 2026-07-28 one through
 * client-2026.ts. A list method without a cursor fetches the first page only.
 */
export interface FeatureRequests {
  getServerCapabilities(): ServerCapabilities | undefined;
  listResources(params: { cursor?: string }, options: Timeout): Promise<ListResourcesResult>;
  listResourceTemplates(params: { cursor?: string }, options: Timeout): Promise<ListResourceTemplatesResult>;
  readResource(params: { uri: string }, options: Timeout): Promise<ReadResourceResult>;
  /** 2025: resources/subscribe. 2026: a subscriptions/listen stream for the URI. */
  subscribeResource(params: { uri: string }, options: Timeout): Promise<unknown>;
  unsubscribeResource(params: { uri: string }, options: Timeout): Promise<unknown>;
  listPrompts(params: { cursor?: string }, options: Timeout): Promise<ListPromptsResult>;
  getPrompt(params: { name: string; arguments: Record<string, string> }, options: Timeout): Promise<GetPromptResult>;
  complete(params: CompleteRequest['params'], options: Timeout): Promise<CompleteResult>;
}

/** The 2025-11-25 client already makes exactly these requests. */
export function featureRequests2025(client: Client): FeatureRequests {
  return client;
}

export class ServerFeatures {
  constructor(
    readonly server: string,
    readonly client: FeatureRequests,
    readonly timeoutMs: number,
  ) {}

  /** Which of resources, prompts, completions, logging the server declared. */
  get capabilities(): {
    resources: boolean;
    subscribe: boolean;
    prompts: boolean;
    completions: boolean;
    logging: boolean;
  } {
    const declared = this.client.getServerCapabilities() ?? {};
    return {
      resources: declared.resources !== undefined,
      subscribe: declared.resources?.subscribe === true,
      prompts: declared.prompts !== undefined,
      completions: declared.completions !== undefined,
      logging: declared.logging !== undefined,
    };
  }

  async listResources(): Promise<ServerResource[]> {
    if (!this.capabilities.resources) return [];
    return this.#allPages(async (cursor) => {
      const page = await this.client.listResources(withDefined({ cursor }), this.#options());
      return { items: page.resources, nextCursor: page.nextCursor };
    });
  }

  /** One page of resources/list: what a model pages through, one tool call a page. */
  async listResourcesPage(cursor?: string): Promise<{ resources: ServerResource[]; nextCursor?: string }> {
    if (!this.capabilities.resources) return { resources: [] };
    const page = await this.client.listResources(withDefined({ cursor }), this.#options());
    return { resources: page.resources, ...withDefined({ nextCursor: page.nextCursor }) };
  }

  async listResourceTemplates(): Promise<ServerResourceTemplate[]> {
    if (!this.capabilities.resources) return [];
    return this.#allPages(async (cursor) => {
      const page = await this.client.listResourceTemplates(withDefined({ cursor }), this.#options());
      return { items: page.resourceTemplates, nextCursor: page.nextCursor };
    });
  }

  async readResource(uri: string): Promise<ResourceContents[]> {
    return (await this.client.readResource({ uri }, this.#options())).contents;
  }

  async subscribe(uri: string): Promise<void> {
    await this.client.subscribeResource({ uri }, this.#options());
  }

  async unsubscribe(uri: string): Promise<void> {
    await this.client.unsubscribeResource({ uri }, this.#options());
  }

  async listPrompts(): Promise<ServerPrompt[]> {
    if (!this.capabilities.prompts) return [];
    return this.#allPages(async (cursor) => {
      const page = await this.client.listPrompts(withDefined({ cursor }), this.#options());
      return { items: page.prompts, nextCursor: page.nextCursor };
    });
  }

  /** Prompt arguments travel as strings on the wire, whatever the server's schema says. */
  async getPrompt(name: string, args: Record<string, string> = {}): Promise<PromptResult> {
    return this.client.getPrompt({ name, arguments: args }, this.#options());
  }

  /** Suggestions for one argument; a server without the completions capability gets no request. */
  async complete(
    ref: CompletionReference,
    argument: { name: string; value: string },
    context: Record<string, string> = {},
  ): Promise<Completion> {
    if (!this.capabilities.completions) return { values: [] };
    const result = await this.client.complete(
      { ref, argument, ...(Object.keys(context).length === 0 ? {} : { context: { arguments: context } }) },
      this.#options(),
    );
    return result.completion;
  }

  #options(): { timeout: number } {
    return { timeout: this.timeoutMs };
  }

  async #allPages<Item>(
    fetchPage: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor?: string | undefined }>,
  ): Promise<Item[]> {
    const items: Item[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
      const result = await fetchPage(cursor);
      items.push(...result.items);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    return items;
  }
}

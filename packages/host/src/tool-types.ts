// What a tool looks like to the host: its description for the model, where it lives, and what a
// call returns. Host side; remote tools are described by their server, local tools by the host.

import type { LiveRun } from './loop/live-run.js';
import type { LoopEventDraft } from './loop-event.js';
import type { ToolImage, ToolSpec } from './model.js';
import type { ToolApp } from './wire/mcp-apps.js';

/** MCP tool annotations (hints from the server; the gate decides what they are worth). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One tool the model may see, with where it lives. */
export interface ToolDescriptor {
  /** The name the model sees (namespaced as "server__tool" when two servers clash). */
  name: string;
  /** The tool's own name on its server. */
  originalName: string;
  /** Owning server's name, or "local". */
  server: string;
  description: string;
  inputSchema: ToolSpec['input_schema'];
  annotations: ToolAnnotations;
  /** The tool's MCP App (`_meta.ui.resourceUri`), when its server offers one to render its calls. */
  app?: ToolApp;
}

/** The outcome of any tool call: always data, never an exception. */
export interface ToolOutcome {
  /** What the model reads (and the person sees): the text, with a line for each other kind of content. */
  content: string;
  isError: boolean;
  /** Pictures the model may look at, when its seam takes images; `content` names each of them too. */
  images?: ToolImage[];
  /** What the result carried besides its text, described for the person (no bulky data). */
  attachments?: ToolResultAttachment[];
  /**
   * The result as the server sent it, kept only for a tool with an App: the App is handed the
   * whole CallToolResult (content, structuredContent, _meta), which the model's text leaves out.
   */
  appResult?: AppToolResult;
}

/** A CallToolResult as JSON, for an App (see ToolOutcome.appResult). */
export interface AppToolResult {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/**
 * One part of a tool result beyond its text, for the person: an image (type, size, and the picture
 * when it is small) or audio clip (type and size), an embedded resource, a resource link, structured content no text block repeats, or text the server
 * meant for the user alone (kept from the model).
 */
export type ToolResultAttachment =
  /**
   * `data` (base64) only for an image the model may get too (PNG, JPEG, GIF or WebP up to 64 KB,
   * at most 4 a result), so a page can show it while events and traces stay bounded.
   */
  | { kind: 'image'; mimeType: string; bytes: number; toModel: boolean; data?: string }
  | { kind: 'audio'; mimeType: string; bytes: number }
  | { kind: 'resource'; uri: string; mimeType?: string; bytes: number; text: boolean }
  | { kind: 'resource-link'; uri: string; name: string; mimeType?: string }
  | { kind: 'structured'; value: unknown }
  | { kind: 'for-user'; text: string };

/** Which agent is running a call. */
export interface AgentInfo {
  id: string;
  name: string;
  parent?: string;
  depth: number;
  /** A worker's: the spawn_agent call that hired it (reported in its agent-start). */
  callId?: string;
}

/** The top-level agent of a run; also the lane of a server request that arrives outside any tool call. */
export const MAIN_AGENT: Readonly<AgentInfo> = Object.freeze({ id: 'main', name: 'main', depth: 0 });

/** Passed to every tool call: lets local tools and the host's handlers reach the live run. */
export interface ToolCallContext {
  callId: string;
  agent: AgentInfo;
  signal: AbortSignal;
  /** Push an event into the lane's stream (it is stamped on the way). */
  emit: (event: LoopEventDraft) => void;
  /** The live run of the loop that made the call; undefined outside runAgentLoop (a test's recording context). */
  run?: LiveRun;
  /** Keep the whole CallToolResult as ToolOutcome.appResult: the call was made by an MCP App. */
  forApp?: boolean;
}

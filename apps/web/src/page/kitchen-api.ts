// What the kitchen's JSON API answers, as the page reads it (the routes are create-web-app.ts and
// trace-routes.ts; the server's own types carry node's, so the page says the shapes it relies on).
// App side, in the browser; types only.

import type { Completion, LoopEvent, RecordedToolCall } from '@kitchen/host';

/** GET /api/runs/:id, POST /api/runs: a run the kitchen holds. */
export interface RunAbout {
  runId: string;
  task: string;
  model: string;
  paceMs: number;
  finished: boolean;
  events: number;
}

export interface DemoChoice {
  id: string;
  label: string;
  task: string;
}

/** GET /api/kitchen. */
export interface KitchenAbout {
  demoTask: string;
  demos: DemoChoice[];
  paceMs: number;
  model: string;
  workers?: { model?: string; tools?: { kind: 'restrict'; tools: string[] } | { kind: string } };
  seed: number;
  jars: number;
  maxTreeTokens: number;
  servers: Array<{ name: string; url: string }>;
  toolbox: string;
  currentRun?: RunAbout;
}

/** One entry of GET /api/traces. */
export interface RunListing {
  id: string;
  task: string;
  model: string;
  startedAt: number;
  outcome: string;
  tokens: number;
  costCents: number;
  durationMs: number;
  workers: number;
}

/** GET /api/traces/:id: a run's trace. */
export interface RunTrace {
  run: { id: string; task: string; model: { label: string } };
  events: LoopEvent[];
}

export interface ServerTool {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean };
}
export interface ServerResource {
  uri?: string;
  uriTemplate?: string;
  name?: string;
  description?: string;
}
export interface ServerPrompt {
  name: string;
  description?: string;
  arguments?: Array<{ name: string; required?: boolean }>;
}

/** One server of GET /api/servers. */
export interface ServerAbout {
  name: string;
  location: string;
  available: boolean;
  /** The revision the kitchen speaks with it; absent while it is unavailable. */
  revision?: string;
  tools: ServerTool[];
  resources: ServerResource[];
  resourceTemplates: ServerResource[];
  prompts: ServerPrompt[];
  problem?: string;
}

/** POST /api/servers/:server/tools/:tool: the call, and the revision its session spoke. */
export type HandCall = RecordedToolCall & { revision: string };

export type { Completion, RecordedToolCall };

/** POST /api/servers/:server/read. */
export interface ReadContents {
  contents: Array<{ uri?: string; mimeType?: string; text?: string; blob?: string }>;
}

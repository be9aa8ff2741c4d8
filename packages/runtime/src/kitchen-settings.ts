// The settings of one kitchen: what a run, a served set of servers or the web UI is told to do,
// whoever read them (the CLI reads them from its flags, the web UI is handed them at its start).
// Plain data, so a process can pass them to the one it starts as JSON. Runtime side.

export interface KitchenSettings {
  // What comes out and how.
  json: boolean;
  plain?: true;
  verbose?: true;
  // The model.
  model: 'auto' | 'offline' | 'anthropic';
  modelName?: string;
  /** An Anthropic-compatible endpoint (a local runtime, a proxy) the model is reached at. */
  baseUrl?: string;
  seed: number;
  latencyMs: number;
  speed?: number;
  // The servers.
  servers?: string[];
  configPath?: string;
  jars: number;
  protocol?: 'auto' | '2025-11-25' | '2026-07-28';
  roots?: string[];
  startTimeoutMs?: number;
  openBrowser?: true;
  logLevel?: 'error' | 'debug' | 'info' | 'notice' | 'warning' | 'critical' | 'alert' | 'emergency';
  // Approvals and gate rules.
  approval?: 'yes' | 'no';
  approvalTimeoutMs?: number;
  rules: string[];
  rulesFile?: string;
  /** Servers the person trusts (--trust), besides those the config marks "trust": true. */
  trust?: string[];
  // Seatbelts.
  maxTreeTokens?: number;
  maxToolCalls?: number;
  maxWallTimeMs?: number;
  maxResultChars?: number;
  maxDepth?: number;
  maxWorkers?: number;
  maxIterations?: number;
  delegate?: false;
  // One command's own.
  toolArgs?: string;
  promptArgs?: string[];
  /** Show a prompt's messages instead of running them. */
  showOnly?: true;
  /** Serve a page that renders the call's MCP App (`kitchen call --app`). */
  showApp?: true;
  port?: number;
  /** `kitchen web --dev SERVER`: the server whose files the web kitchen watches, restarting it on change. */
  dev?: string;
  era?: '2025-11-25' | '2026-07-28' | 'both';
  force?: true;
  // Workers.
  workerModel?: string;
  workerMaxTokens?: number;
  workerTemperature?: number;
  workerTools?: string[];
  workerReport?: string;
  // Evals.
  junitFile?: string;
  minPassRate?: number;
  concurrency?: number;
  /** `kitchen eval --web`: run the eval behind the web UI, its lanes and verdicts in the page. */
  evalInPage?: true;
  // Traces.
  runsDir?: string;
  otlp?: string;
}

// What a connected server offers, as plain data: the steps it took to connect, the revisions it
// speaks, and its tools, prompts and resources. Host side. The rules read only this, so a test (or
// another host) can check a server it reached some other way.

import { type ServerConnection, withDefined } from '@kitchen/host';
import type { Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';

export type Era = '2025-11-25' | '2026-07-28';
export const ERAS: readonly Era[] = ['2025-11-25', '2026-07-28'];

export type StepStatus = 'ok' | 'failed' | 'skipped';

/** One step of reaching a server, in the order it was taken. */
export interface ConnectionStep {
  /** "start", "connect", "initialize", "discover", "capabilities", "tools/list", … */
  step: string;
  era?: Era;
  status: StepStatus;
  /** What happened: the server's name and version, the capabilities, "12 tools". */
  detail: string;
  /** Why it failed, in the failure's own words. */
  cause?: string;
  fix?: string;
}

export interface ServerOffer {
  server: string;
  /** The revisions it negotiated, oldest first. */
  eras: Era[];
  steps: ConnectionStep[];
  capabilities?: ServerCapabilities;
  tools: Tool[];
  /** Tool names per era, when both eras answered, to compare them. */
  toolNamesByEra?: Partial<Record<Era, string[]>>;
  prompts: Prompt[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
}

/** Where a server is: a URL it serves Streamable HTTP at, or a command that speaks stdio. */
export type CheckTarget =
  | { name: string; url: string; headers?: Record<string, string> }
  | { name: string; command: string; args?: string[]; env?: Record<string, string>; cwd?: string };

/** A kitchen server entry (a URL or a command) as a check's target. */
export function checkTargetFor(connection: ServerConnection): CheckTarget {
  if ('url' in connection)
    return { name: connection.name, url: connection.url, ...withDefined({ headers: connection.headers }) };
  return {
    name: connection.name,
    command: connection.command,
    ...withDefined({ args: connection.args, env: connection.env, cwd: connection.cwd }),
  };
}

export function isCommandTarget(target: CheckTarget): target is Extract<CheckTarget, { command: string }> {
  return 'command' in target;
}

/** Where the target is, for people: its URL or its command line. */
export function describeTarget(target: CheckTarget): string {
  return isCommandTarget(target) ? [target.command, ...(target.args ?? [])].join(' ') : target.url;
}

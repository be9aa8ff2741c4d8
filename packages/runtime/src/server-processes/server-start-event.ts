// What the kitchen says while its servers start, so a start is never silent: plain data for a
// live board or --json, and the one plain line per event for a log. Runtime side.

import { withDefined } from '@kitchen/host';
import { RUNS_COMPILED } from '../app-paths.js';
import { plural } from '../text/format-units.js';
import { type StartedServer, serverLine } from './launch-server.js';

export type ServerStartEvent =
  /** The servers the kitchen launches are being started, all at once (the others need no start). */
  | { type: 'servers-start'; at: number; servers: string[] }
  /** One server printed its listening line (or, for a "url"/"command" entry, needs no start). */
  | {
      type: 'server-ready';
      at: number;
      server: string;
      url: string;
      pid?: number;
      runtime?: StartedServer['runtime'];
      /** Since servers-start. */
      startMs: number;
    }
  /** The last one is ready; the toolbox connects next. `count` includes servers that needed no start. */
  | { type: 'servers-ready'; at: number; count: number; launched: number; startMs: number }
  /** A launched server that died mid-run was started again and is listening (`startMs`: its own restart). */
  | { type: 'server-restarted'; at: number; server: string; url: string; pid?: number; startMs: number }
  /** Starting it again failed: its tools stay down for the rest of the run. */
  | { type: 'server-restart-failed'; at: number; server: string; reason: string };

/**
 * The log line for an event: "⏳ starting 4 servers…", "🍳 dice http://… (pid 42) ready in 0.3 s";
 * none for the start and the end when the kitchen launches nothing.
 */
export function describeServerStart(event: ServerStartEvent): string | undefined {
  switch (event.type) {
    case 'servers-start':
      return event.servers.length === 0 ? undefined : `⏳ starting ${plural(event.servers.length, 'server')}…`;
    case 'server-ready': {
      const line = serverLine({
        name: event.server,
        url: event.url,
        ...withDefined({ pid: event.pid }),
      });
      // The compiled kitchen found no build of this server and runs its TypeScript under tsx:
      // correct, but slow to start. (From source, every server runs under tsx.)
      const how =
        event.runtime === 'tsx' && RUNS_COMPILED ? ' (TypeScript under tsx: `pnpm build` makes it start faster)' : '';
      return event.pid === undefined ? line : `${line} ready in ${seconds(event.startMs)}${how}`;
    }
    case 'server-restarted': {
      const line = serverLine({ name: event.server, url: event.url, ...withPid(event.pid) });
      return `🔁 ${line.replace(/^🍳 /, '')} started again, ready in ${seconds(event.startMs)}; its tools are back`;
    }
    case 'server-restart-failed':
      return `⚠️ ${event.server} could not be started again (${event.reason}); its tools will fail from now on`;
    case 'servers-ready':
      if (event.launched === 0) return undefined;
      return `${event.launched === 1 ? 'the server is' : `all ${event.launched} servers are`} ready (${seconds(event.startMs)})`;
  }
}

function withPid(pid: number | undefined): { pid?: number } {
  return pid === undefined ? {} : { pid };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The line for a launched server that exited before the kitchen stopped it (see startServers' restart). */
export function describeUnexpectedExit(server: string, description: string, restarting: boolean): string {
  return restarting
    ? `⚠️ ${server} stopped unexpectedly (${description}); starting it again (once)`
    : `⚠️ ${server} stopped unexpectedly (${description}); its tools will fail from now on`;
}

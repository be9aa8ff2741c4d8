// What the kitchen says while its servers start, so a start is never silent: plain data for a
// live board or --json, and the one plain line per event for a log. Runtime side.

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
  | { type: 'servers-ready'; at: number; count: number; launched: number; startMs: number };

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
        ...(event.pid === undefined ? {} : { pid: event.pid }),
      });
      // The compiled kitchen found no build of this server and runs its TypeScript under tsx:
      // correct, but slow to start. (From source, every server runs under tsx.)
      const how =
        event.runtime === 'tsx' && RUNS_COMPILED ? ' (TypeScript under tsx: `pnpm build` makes it start faster)' : '';
      return event.pid === undefined ? line : `${line} ready in ${seconds(event.startMs)}${how}`;
    }
    case 'servers-ready':
      if (event.launched === 0) return undefined;
      return `${event.launched === 1 ? 'the server is' : `all ${event.launched} servers are`} ready (${seconds(event.startMs)})`;
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

// What the kitchen says while its servers start, so a start is never silent: plain data for a
// live board or --json, and the one plain line per event for a log. App side.

import { RUNS_COMPILED } from '../app-paths.js';
import { type StartedServer, serverLine } from './launch-server.js';

export type ServerStartEvent =
  /** Every configured server is being started at once. */
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
  /** The last one is ready; the toolbox connects next. */
  | { type: 'servers-ready'; at: number; count: number; startMs: number };

/** The log line for an event: "starting 4 servers…", "🍳 dice http://… (pid 42) ready in 0.3 s". */
export function describeServerStart(event: ServerStartEvent): string {
  switch (event.type) {
    case 'servers-start':
      return `starting ${event.servers.length} ${event.servers.length === 1 ? 'server' : 'servers'}…`;
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
      return `${event.count === 1 ? 'the server is' : `all ${event.count} servers are`} ready (${seconds(event.startMs)})`;
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

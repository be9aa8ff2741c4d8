// GET /api/runs/:runId/wire: what crossed the wire in one run of this kitchen, for the page's
// protocol view: every HTTP exchange (request, response, SSE events) with the lane whose tool
// call it carried, what crossed while the servers connected, and each server's stderr. Behind
// the owner token like every /api route. App side.

import type { LoopEvent, WireRecord } from '@kitchen/host';
import type express from 'express';
import type { WebKitchen } from '../web-kitchen.js';
import { wireLanes } from './wire-lanes.js';

export type LanedWireRecord = WireRecord & { lane?: string };

export interface RunWire {
  runId: string;
  finished: boolean;
  records: LanedWireRecord[];
  /** Before the first run: initialize, the tool lists, the listen streams. */
  connecting: WireRecord[];
  servers: Array<{ name: string; location: string; stderr: string[] }>;
}

export function addProtocolRoutes(app: express.Express, kitchen: WebKitchen): void {
  app.get('/api/runs/:runId/wire', (request, response) => {
    const { runId } = request.params;
    const run = kitchen.findRun(runId);
    const records = run === undefined ? undefined : kitchen.wire.recordsOf(runId);
    if (run === undefined || records === undefined)
      return void response.status(404).json({
        error: `This kitchen recorded no exchanges of run "${runId}": only its runs since it started are kept, in memory.`,
      });
    const lanes = wireLanes(records, run.events);
    const answer: RunWire = {
      runId,
      finished: run.finished,
      records: records.map((record) => {
        const lane = lanes.get(record.exchange);
        return lane === undefined ? record : { ...record, lane };
      }),
      connecting: [...kitchen.wire.connecting],
      servers: kitchen.options.connections.map((connection) => ({
        name: connection.name,
        location: 'url' in connection ? connection.url : `stdio: ${connection.command}`,
        stderr: stderrOf(kitchen, connection.name, run.events),
      })),
    };
    response.json(answer);
  });
}

/** The started server's last stderr lines, then what a stdio server wrote to stderr during the run. */
function stderrOf(kitchen: WebKitchen, server: string, events: readonly LoopEvent[]): string[] {
  const tail = [...(kitchen.options.stderrOf?.(server) ?? [])];
  for (const event of events)
    if (event.type === 'server-log' && event.server === server && event.level === 'stderr') tail.push(event.text);
  return tail;
}

// The web API's view of recorded runs: GET /api/traces lists them, GET /api/traces/:id serves one
// trace's lines (run, events, model calls, MCP calls, end) as JSON for the page to draw, and
// GET /api/traces/:id/replay?speed=N streams its events again at a chosen speed. App side.

import { readFileSync } from 'node:fs';
import { findRun, listRuns } from '@kitchen/runtime/runs/list-runs';
import { parseRunTrace, type RunTrace } from '@kitchen/runtime/runs/run-trace';
import type express from 'express';
import { z } from 'zod';
import { MAX_REPLAY_SPEED, streamTraceReplay } from './stream-trace-replay.js';

// Run ids are the trace file names the kitchen makes; anything else is refused before a path is built.
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,80}$/;

const replaySpeed = z.coerce.number().min(0).max(MAX_REPLAY_SPEED).default(1);

export function addTraceRoutes(app: express.Express, folder: () => string): void {
  const readTrace = (runId: string): RunTrace | undefined => {
    const found = RUN_ID.test(runId) ? findRun(folder(), runId) : undefined;
    return found === undefined || !found.ok ? undefined : parseRunTrace(readFileSync(found.path, 'utf8'), runId);
  };

  app.get('/api/traces', (_request, response) => {
    response.json({ runs: listRuns(folder()).map(({ path: _path, ...run }) => run) });
  });

  app.get('/api/traces/:runId', (request, response) => {
    const { runId } = request.params;
    const trace = readTrace(runId);
    if (trace === undefined)
      return void response.status(404).json({ error: `No recorded run "${runId}"; GET /api/traces lists them.` });
    response.json(trace);
  });

  app.get('/api/traces/:runId/replay', (request, response) => {
    const { runId } = request.params;
    const speed = replaySpeed.safeParse(request.query['speed']);
    if (!speed.success)
      return void response.status(400).json({
        error: `"speed" must be a number from 0 (all at once) to ${MAX_REPLAY_SPEED}; 1 is real time.`,
      });
    const trace = readTrace(runId);
    if (trace === undefined)
      return void response.status(404).json({ error: `No recorded run "${runId}"; GET /api/traces lists them.` });
    void streamTraceReplay(trace, request, response, { speed: speed.data });
  });
}

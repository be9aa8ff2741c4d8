// The web API's view of recorded runs: GET /api/traces lists them, GET /api/traces/:id serves one
// trace's lines (run, events, model calls, MCP calls, end) as JSON for the page to draw. App side.

import { readFileSync } from 'node:fs';
import type express from 'express';
import { findRun, listRuns } from '../runs/list-runs.js';
import { parseRunTrace } from '../runs/run-trace.js';

// Run ids are the trace file names the kitchen makes; anything else is refused before a path is built.
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,80}$/;

export function addTraceRoutes(app: express.Express, folder: () => string): void {
  app.get('/api/traces', (_request, response) => {
    response.json({ runs: listRuns(folder()).map(({ path: _path, ...run }) => run) });
  });

  app.get('/api/traces/:runId', (request, response) => {
    const { runId } = request.params;
    const found = RUN_ID.test(runId) ? findRun(folder(), runId) : undefined;
    if (found === undefined || !found.ok)
      return void response.status(404).json({ error: `No recorded run "${runId}"; GET /api/traces lists them.` });
    response.json(parseRunTrace(readFileSync(found.path, 'utf8'), runId));
  });
}

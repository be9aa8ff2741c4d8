// The web UI's HTTP surface: the static page and a small JSON API over one WebKitchen. App side.
// Bodies are validated with zod at this edge; every refusal is JSON with one sentence in `error`.

import { join } from 'node:path';
import { describeError, MAIN_AGENT } from '@kitchen/host';
import { KITCHEN_ROOT } from '@kitchen/runtime/app-paths';
import { runsFolder } from '@kitchen/runtime/runs/runs-folder';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppFrames, addAppFrameRoute, addAppRoutes } from './app-routes.js';
import { addEvalRoutes } from './eval-routes.js';
import { addHandCallRoutes } from './hand-call-routes.js';
import { JsonTooDeepError, refuseDeepJson } from './json-depth-limit.js';
import { localOnly, securityHeaders } from './local-only.js';
import { requireOwnerToken } from './owner-token.js';
import { STOPPED_FROM_THE_PAGE } from './page/lane-words.js';
import { servePage } from './page-bundle.js';
import { addPromptAndSkillRoutes } from './prompt-skill-routes.js';
import { addProtocolRoutes } from './protocol/protocol-routes.js';
import { checkServerByName } from './server-check.js';
import { completeByHand, describeServers, readResourceByHand } from './server-inspector.js';
import { streamRunEvents } from './stream-run-events.js';
import { addTraceRoutes } from './trace-routes.js';
import type { WebKitchen } from './web-kitchen.js';
import {
  approvalAnswerBody,
  completeBody,
  elicitationAnswerBody,
  parseBody,
  readResourceBody,
  startRunBody,
} from './web-requests.js';

export const BODY_LIMIT_BYTES = 64 * 1024;
/** The tour's text (docs/tour.md), linked from the page's header for a newcomer. */
export const TOUR_DOCUMENT = join(KITCHEN_ROOT, 'docs', 'tour.md');

/** `ownerToken` is required on every API call and the event stream (see owner-token.ts). */
export function createWebApp(kitchen: WebKitchen, port: () => number, ownerToken: string): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // MCP App frame documents carry their own headers (the App's CSP), not the page's.
  const frames = new AppFrames();
  app.use('/app-frame', localOnly(port));
  addAppFrameRoute(app, frames, port);
  app.use(securityHeaders);
  app.use(localOnly(port));
  app.use('/api', requireOwnerToken(ownerToken));
  // Only application/json is parsed: a cross-site form can send text/plain without asking first.
  app.use(express.json({ limit: BODY_LIMIT_BYTES, strict: true, verify: refuseDeepJson }));

  addAppRoutes(app, kitchen, frames);

  app.get('/api/kitchen', (_request, response) => {
    response.json(kitchen.describe());
  });

  addTraceRoutes(app, () => runsFolder(kitchen.options.environment, kitchen.options.flags.runsDir));
  addEvalRoutes(app, kitchen);
  addProtocolRoutes(app, kitchen);

  app.get('/api/tools', (_request, response) => {
    response.json(kitchen.tools());
  });

  // What the servers did since the kitchen started (stops, restarts, tool-list changes, stderr),
  // after the last piece a page has (?after=N). Polled, not streamed: a tab already holds one
  // stream for its run, and a browser allows a host only a few connections at once.
  app.get('/api/servers/news', (request, response) => {
    const after = Number(request.query['after']);
    const from = Number.isInteger(after) && after >= 0 ? after + 1 : 0;
    response.json({ news: kitchen.news.since(from) });
  });

  app.get('/api/servers', async (_request, response) => {
    response.json({ servers: await describeServers(kitchen.toolbox, kitchen.options.connections) });
  });

  app.get('/api/servers/:server/check', async (request, response) => {
    const checked = await checkServerByName(
      kitchen.options.connections,
      request.params.server,
      kitchen.options.environment,
    );
    if (!checked.ok) return void response.status(checked.status).json({ error: checked.message });
    response.json(checked.report);
  });

  addHandCallRoutes(app, kitchen);
  addPromptAndSkillRoutes(app, kitchen);

  app.post('/api/servers/:server/complete', async (request, response) => {
    const body = parseBody(completeBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    try {
      const completed = await completeByHand(kitchen.toolbox, request.params.server, body.value);
      if (!completed.ok) return void response.status(completed.status).json({ error: completed.message });
      response.json(completed.completion);
    } catch (error) {
      response.status(502).json({
        error: `${request.params.server} answered completion/complete with an error: ${describeError(error)}`,
      });
    }
  });

  app.post('/api/servers/:server/read', async (request, response) => {
    const body = parseBody(readResourceBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    try {
      const read = await readResourceByHand(kitchen.toolbox, request.params.server, body.value.uri);
      if (!read.ok) return void response.status(read.status).json({ error: read.message });
      response.json({ contents: read.contents });
    } catch (error) {
      response.status(502).json({
        error: `${request.params.server} answered resources/read for ${body.value.uri} with an error: ${describeError(error)}`,
      });
    }
  });

  app.post('/api/runs', (request, response) => {
    const body = parseBody(startRunBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    const started = kitchen.startRun(body.value.task, body.value.model, body.value.paceMs, body.value.workers);
    if (!started.ok) return void response.status(started.status).json({ error: started.message });
    response.status(201).json(started.run.describe());
  });

  app.get('/api/runs/:runId', (request, response) => {
    const run = kitchen.findRun(request.params.runId);
    if (run === undefined) return void response.status(404).json({ error: unknownRun(request.params.runId) });
    response.json(run.describe());
  });

  app.get('/api/runs/:runId/events', (request, response) => {
    const run = kitchen.findRun(request.params.runId);
    if (run === undefined) return void response.status(404).json({ error: unknownRun(request.params.runId) });
    streamRunEvents(run, request, response);
  });

  app.post('/api/runs/:runId/abort', (request, response) => {
    const run = kitchen.findRun(request.params.runId);
    if (run === undefined) return void response.status(404).json({ error: unknownRun(request.params.runId) });
    if (run.finished)
      return void response.status(409).json({ error: `Run ${run.id} has already finished; there is nothing to stop.` });
    run.controller.abort(new Error(STOPPED_FROM_THE_PAGE));
    response.status(202).json({ runId: run.id, stopping: true });
  });

  app.post('/api/runs/:runId/lanes/:agent/stop', (request, response) => {
    const run = kitchen.findRun(request.params.runId);
    if (run === undefined) return void response.status(404).json({ error: unknownRun(request.params.runId) });
    const { agent } = request.params;
    if (agent === MAIN_AGENT.id)
      return void response
        .status(400)
        .json({ error: 'The main lane is the run itself: stop it with POST /api/runs/:id/abort.' });
    if (run.finished || !kitchen.stopLane(run, agent))
      return void response
        .status(409)
        .json({ error: `Lane ${agent} of run ${run.id} is not running; there is nothing to stop.` });
    response.status(202).json({ runId: run.id, agent, stopping: true });
  });

  app.post('/api/approvals/:requestId', (request, response) => {
    const body = parseBody(approvalAnswerBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    const { requestId } = request.params;
    const { approved, reason, always } = body.value;
    const answer = { ...(reason === undefined || reason === '' ? {} : { reason }), ...(always ? { always } : {}) };
    if (!kitchen.approvals.answer(requestId, approved, answer)) {
      return void response.status(404).json({
        error: `No approval request "${requestId}" is waiting: it was answered already, timed out, or never existed.`,
      });
    }
    response.json({ requestId, approved, ...(always ? { always } : {}) });
  });

  app.post('/api/elicitations/:requestId', (request, response) => {
    const body = parseBody(elicitationAnswerBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    const { requestId } = request.params;
    const reply = kitchen.elicitations.answer(
      requestId,
      body.value.content === undefined
        ? { action: body.value.action }
        : { action: body.value.action, content: body.value.content },
    );
    if (reply.kind === 'unknown') {
      return void response.status(404).json({
        error: `No question "${requestId}" is waiting: it was answered already, timed out, or never existed.`,
      });
    }
    if (reply.kind === 'does-not-fit')
      return void response
        .status(400)
        .json({ error: `The answer does not fit the form: ${reply.problems.join(' ')}`, problems: reply.problems });
    response.json({ requestId, action: body.value.action });
  });

  app.use('/api', (request, response) => {
    response
      .status(404)
      .json({ error: `There is no ${request.method} /api${request.path}; see the kitchen README for the API.` });
  });
  app.get('/tour.md', (_request, response) => {
    response.type('text/markdown; charset=utf-8').sendFile(TOUR_DOCUMENT);
  });
  app.use(servePage());

  // Errors from express.json: a body too large, nested too deep, or not JSON at all.
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    if (error instanceof JsonTooDeepError) return void response.status(400).json({ error: error.message });
    const status = (error as { status?: number }).status;
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      return void response
        .status(413)
        .json({ error: `The body is larger than ${BODY_LIMIT_BYTES / 1024} KB; send a shorter task or answer.` });
    }
    if (type === 'entity.parse.failed') {
      return void response
        .status(400)
        .json({ error: 'The body is not valid JSON; send a JSON object, e.g. {"task": "Roll 3 dice"}.' });
    }
    response
      .status(typeof status === 'number' && status >= 400 && status < 600 ? status : 500)
      .json({ error: 'The kitchen web UI failed to answer this request.' });
  });
  return app;
}

function unknownRun(runId: string): string {
  return `There is no run "${runId}"; start one with POST /api/runs.`;
}

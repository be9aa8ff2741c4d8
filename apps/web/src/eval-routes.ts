// The web UI's eval API: POST /api/evals starts one (a case file's path, or its JSON pasted in
// the page), GET /api/evals/:id says where it stands (its lanes and verdicts),
// GET /api/evals/:id/events streams that as Server-Sent Events until the eval ends, and
// POST /api/evals/:id/abort stops it. Each run of an eval is a run like any other:
// /api/runs/:id/events streams its lanes. App side.

import type express from 'express';
import { z } from 'zod';
import type { WebEval } from './web-eval.js';
import type { WebKitchen } from './web-kitchen.js';
import { parseBody } from './web-requests.js';

/** A case file's path, or its JSON; and the models, as --model takes them. */
export const startEvalBody = z
  .strictObject({
    file: z.string().trim().min(1).max(1000).optional(),
    caseFile: z.unknown().optional(),
    models: z.array(z.string().trim().min(1).max(100)).max(8).optional(),
  })
  .refine((body) => (body.file === undefined) !== (body.caseFile === undefined), {
    message: 'send either "file" (a case file\'s path) or "caseFile" (its JSON), not both',
    path: ['file'],
  });

const HEARTBEAT_MS = 15_000;

export function addEvalRoutes(app: express.Express, kitchen: WebKitchen): void {
  app.post('/api/evals', (request, response) => {
    const body = parseBody(startEvalBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    const { file, caseFile, models } = body.value;
    const started = kitchen.evals.start(
      file === undefined
        ? { caseFile, ...(models === undefined ? {} : { models }) }
        : { file, ...(models === undefined ? {} : { models }) },
    );
    if (!started.ok) return void response.status(started.status).json({ error: started.message });
    response.status(201).json(started.evaluation.describe());
  });

  app.get('/api/evals/:evalId', (request, response) => {
    const evaluation = kitchen.evals.find(request.params.evalId);
    if (evaluation === undefined) return void response.status(404).json({ error: unknownEval(request.params.evalId) });
    response.json(evaluation.describe());
  });

  app.post('/api/evals/:evalId/abort', (request, response) => {
    const evaluation = kitchen.evals.find(request.params.evalId);
    if (evaluation === undefined) return void response.status(404).json({ error: unknownEval(request.params.evalId) });
    if (evaluation.finished)
      return void response
        .status(409)
        .json({ error: `Eval ${evaluation.id} has already finished; there is nothing to stop.` });
    evaluation.controller.abort(new Error('stopped from the web UI'));
    response.status(202).json({ evalId: evaluation.id, stopping: true });
  });

  app.get('/api/evals/:evalId/events', (request, response) => {
    const evaluation = kitchen.evals.find(request.params.evalId);
    if (evaluation === undefined) return void response.status(404).json({ error: unknownEval(request.params.evalId) });
    streamEval(evaluation, response);
  });
}

/** The board now, then again at each change; the stream ends when the eval has. */
function streamEval(evaluation: WebEval, response: express.Response): void {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  let ended = false;
  const heartbeat = setInterval(() => response.write(': still tasting\n\n'), HEARTBEAT_MS);
  const stop = () => {
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
  };
  const send = (about: ReturnType<WebEval['describe']>) => {
    if (ended) return;
    response.write(`data: ${JSON.stringify(about)}\n\n`);
    if (about.finished) {
      stop();
      response.end('event: end\ndata: {}\n\n');
    }
  };
  const unsubscribe = evaluation.subscribe(send);
  send(evaluation.describe());
  response.on('close', stop);
}

function unknownEval(evalId: string): string {
  return `There is no eval "${evalId}" in this kitchen; start one with POST /api/evals.`;
}

// The routes of a tool called by hand from the inspector: the call (answered at once, or followed
// with `"wait": false`), what it has asked and answered so far, and the person's answers to its
// sampling approvals and forms. App side; bodies are validated with zod at this edge.

import type express from 'express';
import { type HandCall, HandCalls } from './hand-calls.js';
import type { WebKitchen } from './web-kitchen.js';
import { approvalAnswerBody, elicitationAnswerBody, handCallBody, parseBody } from './web-requests.js';

export function addHandCallRoutes(app: express.Express, kitchen: WebKitchen): HandCalls {
  const calls = new HandCalls(kitchen);
  const unknown = (id: string) =>
    `There is no call by hand "${id}"; start one with POST /api/servers/:server/tools/:tool.`;
  const found = (request: express.Request, response: express.Response): HandCall | undefined => {
    const call = calls.find(String(request.params['callId']));
    if (call === undefined) response.status(404).json({ error: unknown(String(request.params['callId'])) });
    return call;
  };

  app.post('/api/servers/:server/tools/:tool', async (request, response) => {
    const body = parseBody(handCallBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    const { server, tool } = request.params;
    const started = calls.start(server, tool, body.value.arguments, body.value.model);
    if (!started.ok) return void response.status(started.status).json({ error: started.message });
    if (body.value.wait === false) return void response.status(202).json(started.call.describe());
    await started.finished;
    response.json(started.call.answer);
  });

  // ?after=N: only the events after the first N (those the page has drawn).
  app.get('/api/hand-calls/:callId', (request, response) => {
    const call = found(request, response);
    if (call === undefined) return;
    const after = Number(request.query['after']);
    response.json(call.describe(Number.isInteger(after) && after > 0 ? after : 0));
  });

  app.post('/api/hand-calls/:callId/approvals/:requestId', (request, response) => {
    const call = found(request, response);
    if (call === undefined) return;
    const body = parseBody(approvalAnswerBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    const { requestId } = request.params;
    const { approved, reason, always } = body.value;
    const answer = { ...(reason === undefined || reason === '' ? {} : { reason }), ...(always ? { always } : {}) };
    if (!call.approvals.answer(requestId, approved, answer))
      return void response.status(404).json({
        error: `No approval request "${requestId}" is waiting in ${call.id}: it was answered already, timed out, or never existed.`,
      });
    response.json({ requestId, approved });
  });

  app.post('/api/hand-calls/:callId/elicitations/:requestId', (request, response) => {
    const call = found(request, response);
    if (call === undefined) return;
    const body = parseBody(elicitationAnswerBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    const { requestId } = request.params;
    const { action, content } = body.value;
    const reply = call.elicitations.answer(requestId, content === undefined ? { action } : { action, content });
    if (reply.kind === 'unknown')
      return void response.status(404).json({
        error: `No question "${requestId}" is waiting in ${call.id}: it was answered already, timed out, or never existed.`,
      });
    if (reply.kind === 'does-not-fit')
      return void response
        .status(400)
        .json({ error: `The answer does not fit the form: ${reply.problems.join(' ')}`, problems: reply.problems });
    response.json({ requestId, action });
  });
  return calls;
}

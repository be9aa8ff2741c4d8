// The web kitchen's MCP App routes: the frame documents a lane's App is rendered from, and the
// App's tools/call carried to the host. App side, over @kitchen/host's createAppRequests and
// @kitchen/app-frame's CSP, the same pieces `kitchen call --app` uses.
//
// A frame document has its own address (`/app-frame/ID`, an unguessable id, no token: the frame
// cannot send one) and its own headers, set before the page's: the CSP its resource asked for,
// framed only by this page. The page's API is never open to it: its origin is opaque, so the
// Origin check refuses its requests.

import { randomBytes } from 'node:crypto';
import { appFrameHeaders } from '@kitchen/app-frame/frame-policy';
import {
  type AppRequests,
  type AppResource,
  createAppRequests,
  describeError,
  type Gate,
  readAppResource,
  stamp,
} from '@kitchen/host';
import type express from 'express';
import { z } from 'zod';
import type { WebKitchen } from './web-kitchen.js';
import type { WebRun } from './web-run.js';

/** Frame documents kept at once; the oldest goes first (a page asks again when it redraws). */
const MAX_FRAMES = 64;

export class AppFrames {
  readonly #frames = new Map<string, AppResource>();

  add(app: AppResource): string {
    const id = randomBytes(16).toString('hex');
    this.#frames.set(id, app);
    for (const oldest of this.#frames.keys()) {
      if (this.#frames.size <= MAX_FRAMES) break;
      this.#frames.delete(oldest);
    }
    return id;
  }

  get(id: string): AppResource | undefined {
    return this.#frames.get(id);
  }
}

const openAppBody = z.strictObject({ server: z.string().min(1), resourceUri: z.string().startsWith('ui://') });
const appCallBody = z.strictObject({
  server: z.string().min(1),
  agent: z.string().min(1).max(100),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

/** `GET /app-frame/:id`; registered before the page's security headers, which forbid framing. */
export function addAppFrameRoute(app: express.Express, frames: AppFrames, port: () => number): void {
  app.get('/app-frame/:frameId', (request, response) => {
    const frame = frames.get(request.params.frameId);
    if (frame === undefined) return void response.status(404).type('text/plain').send('No such App frame.');
    response.set(appFrameHeaders(frame.csp, `http://127.0.0.1:${port()} http://localhost:${port()}`));
    response.send(frame.html);
  });
}

/** The API the page's lanes use for Apps (behind the owner token, like the rest of /api). */
export function addAppRoutes(app: express.Express, kitchen: WebKitchen, frames: AppFrames): void {
  app.post('/api/runs/:runId/apps', async (request, response) => {
    const body = openAppBody.safeParse(request.body);
    if (!body.success) return void response.status(400).json({ error: 'send {"server", "resourceUri": "ui://…"}' });
    const server = kitchen.toolbox.server(body.data.server);
    if (server === undefined)
      return void response.status(404).json({ error: `No server named "${body.data.server}" is connected.` });
    try {
      const read = readAppResource(body.data.resourceUri, await server.readResource(body.data.resourceUri));
      if (typeof read === 'string') return void response.status(502).json({ error: read });
      response.json({ frameUrl: `/app-frame/${frames.add(read)}`, csp: read.csp });
    } catch (error) {
      response
        .status(502)
        .json({ error: `${body.data.server} did not serve ${body.data.resourceUri}: ${describeError(error)}` });
    }
  });

  app.post('/api/runs/:runId/apps/tools-call', async (request, response) => {
    const run = kitchen.findRun(request.params.runId);
    if (run === undefined) return void response.status(404).json({ error: `No run ${request.params.runId}.` });
    const body = appCallBody.safeParse(request.body);
    if (!body.success)
      return void response.status(400).json({ error: 'send {"server", "agent", "name", "arguments"}' });
    const { server, agent, name } = body.data;
    response.json(await appRequestsOf(kitchen, run, server, agent).callTool(name, body.data.arguments));
  });
}

/**
 * The run's own gate: its rules, and the page asked when they say ask. Once the run has ended its
 * events reach no page, so a call that would ask is refused instead of waiting for nobody.
 */
async function authorizeForApp(run: WebRun, request: Parameters<Gate['authorize']>[0]): ReturnType<Gate['authorize']> {
  const gate = run.appGate;
  if (gate === undefined) return { approved: false, reason: 'This run has no gate for its Apps.' };
  if (run.finished && gate.decide(request.tool, request.input).kind === 'ask')
    return {
      approved: false,
      reason: `Run ${run.id} has ended, so nobody can be asked to approve ${request.tool.name}; start a run to call it.`,
    };
  return gate.authorize(request);
}

/** One AppRequests per run, server and lane, so call ids stay unique in the run. */
const requestsByRun = new WeakMap<WebRun, Map<string, AppRequests>>();

function appRequestsOf(kitchen: WebKitchen, run: WebRun, server: string, agent: string): AppRequests {
  const known = requestsByRun.get(run) ?? new Map<string, AppRequests>();
  requestsByRun.set(run, known);
  const key = `${server}\n${agent}`;
  let requests = known.get(key);
  if (requests === undefined) {
    requests = createAppRequests({
      toolbox: kitchen.toolbox,
      gate: { authorize: (request) => authorizeForApp(run, request) },
      server,
      agent: { id: agent, name: agent, depth: 0 },
      signal: run.controller.signal,
      emit: (draft) => run.push(stamp(draft)),
      callIdPrefix: `app-${server}-${agent}-call`,
    });
    known.set(key, requests);
  }
  return requests;
}

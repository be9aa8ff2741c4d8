// Two more of the inspector's questions to a server, asked by hand: a prompt fetched with its
// arguments (prompts/get, shown, not run) and the server's skills, each file verified against the
// digest the server published for it (the host's readServerSkills, as `kitchen skills` prints
// them). App side; bodies are validated with zod at this edge, refusals are one sentence.

import { describeError, readServerSkills } from '@kitchen/host';
import type express from 'express';
import type { WebKitchen } from './web-kitchen.js';
import { getPromptBody, parseBody } from './web-requests.js';

export function addPromptAndSkillRoutes(app: express.Express, kitchen: WebKitchen): void {
  app.post('/api/servers/:server/prompts/:prompt', async (request, response) => {
    const body = parseBody(getPromptBody, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.message });
    const { server, prompt } = request.params;
    const features = kitchen.toolbox.server(server);
    if (features === undefined)
      return void response
        .status(404)
        .json({ error: `There is no connected server "${server}"; GET /api/servers lists them.` });
    try {
      const offered = (await features.listPrompts()).find((known) => known.name === prompt);
      if (offered === undefined)
        return void response
          .status(404)
          .json({ error: `${server} offers no prompt "${prompt}"; GET /api/servers lists its prompts.` });
      const missing = (offered.arguments ?? [])
        .filter((argument) => argument.required === true && !body.value.arguments[argument.name])
        .map((argument) => `"${argument.name}"`);
      if (missing.length > 0)
        return void response
          .status(400)
          .json({ error: `The prompt "${prompt}" of ${server} needs ${missing.join(' and ')}.` });
      response.json(await features.getPrompt(prompt, body.value.arguments));
    } catch (error) {
      response
        .status(502)
        .json({ error: `${server} answered prompts/get "${prompt}" with an error: ${describeError(error)}` });
    }
  });

  app.get('/api/servers/:server/skills', async (request, response) => {
    const { server } = request.params;
    const connection = kitchen.options.connections.find((known) => known.name === server);
    if (connection === undefined)
      return void response
        .status(404)
        .json({ error: `There is no server "${server}" in this kitchen; GET /api/servers lists them.` });
    if (!('url' in connection))
      return void response
        .status(409)
        .json({ error: `${server} is not reached over HTTP, and skills are read over HTTP only.` });
    try {
      response.json(await readServerSkills(connection.url, 'mcp-kitchen-web-inspector'));
    } catch (error) {
      response.status(502).json({ error: `Could not read the skills of ${server}: ${describeError(error)}` });
    }
  });
}

// Test helper: a small McpServer whose tools exercise every path of the host's toolbox (plain
// text, isError, structured data, slow calls, progress, sampling, elicitation). It plays the
// server side of the boundary for host tests only and is not exported from ./testing.

import { setTimeout as delay } from 'node:timers/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** What the server saw, so tests can check the far side of the wire. */
export interface ServerObservations {
  /** Names of calls whose abort signal fired (the host sent notifications/cancelled). */
  cancelled: string[];
  /** Names of calls that started, in order. */
  started: string[];
}

export function createObservations(): ServerObservations {
  return { cancelled: [], started: [] };
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

export function buildTestServer(name: string, observations: ServerObservations = createObservations()): McpServer {
  const server = new McpServer({ name, version: '1.0.0' });

  server.registerTool(
    'echo',
    { description: `Echo text back (${name})`, inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
    async ({ text: value }) => text(`${name} says ${value}`),
  );

  server.registerTool('fail', { description: 'Always reports an error' }, async () => ({
    ...text('the jar is stuck'),
    isError: true,
  }));

  server.registerTool('structured', { description: 'Returns structured content only' }, async () => ({
    content: [],
    structuredContent: { jars: 3, sealed: true },
  }));

  server.registerTool(
    'sleep',
    {
      description: 'Waits, then answers; notices cancellation',
      inputSchema: { ms: z.number(), label: z.string().optional() },
    },
    async ({ ms, label }, extra) => {
      const tag = label ?? 'sleep';
      observations.started.push(tag);
      await delay(ms, undefined, { signal: extra.signal }).catch(() => observations.cancelled.push(tag));
      return text(`${tag} slept ${ms} ms`);
    },
  );

  server.registerTool(
    'progress',
    { description: 'Reports progress while it works', inputSchema: { steps: z.number(), intervalMs: z.number() } },
    async ({ steps, intervalMs }, extra) => {
      const progressToken = extra._meta?.progressToken;
      for (let step = 1; step <= steps; step += 1) {
        await delay(intervalMs);
        if (progressToken !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: steps, message: `step ${step}` },
          });
        }
      }
      return text(`done after ${steps} steps (progress token ${progressToken === undefined ? 'absent' : 'present'})`);
    },
  );

  server.registerTool(
    'ask_model',
    {
      description: 'Asks the host for a model call (sampling)',
      inputSchema: { prompt: z.string(), delayMs: z.number().optional() },
    },
    async ({ prompt, delayMs }, extra) => {
      if (delayMs) await delay(delayMs);
      try {
        const result = await extra.sendRequest(
          {
            method: 'sampling/createMessage',
            params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 50 },
          },
          CreateMessageResultSchema,
        );
        return text(result.content.type === 'text' ? result.content.text : `(${result.content.type})`);
      } catch (error) {
        return { ...text(`sampling failed: ${(error as Error).message}`), isError: true };
      }
    },
  );

  server.registerTool(
    'ask_user',
    { description: 'Asks the user a question (elicitation)', inputSchema: { question: z.string() } },
    async ({ question }, extra) => {
      try {
        const result = await extra.sendRequest(
          {
            method: 'elicitation/create',
            params: {
              message: question,
              requestedSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
            },
          },
          ElicitResultSchema,
        );
        return text(`${result.action}: ${JSON.stringify(result.content ?? {})}`);
      } catch (error) {
        return { ...text(`elicitation failed: ${(error as Error).message}`), isError: true };
      }
    },
  );

  return server;
}

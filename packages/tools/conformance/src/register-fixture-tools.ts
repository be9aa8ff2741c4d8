// The tools the conformance suite's server scenarios call by name (test_simple_text,
// test_sampling, test_reconnection, …), registered the ordinary way with registerTool.
// Server side, test fixture.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ERROR_TOOL_TEXT, FIXED_TOOLS, textResult } from './fixture-contents.js';
import { registerVerbatimSchemaTool } from './register-verbatim-schema-tool.js';

/** Pause between the notifications of the logging and progress tools, so they arrive as separate events. */
const STEP_MS = 20;
const pause = () => new Promise((resolve) => setTimeout(resolve, STEP_MS));

export function registerFixtureTools(server: McpServer): void {
  const text = textResult;

  for (const fixed of FIXED_TOOLS) server.registerTool(fixed.name, { description: fixed.description }, fixed.result);

  server.registerTool(
    'test_tool_with_logging',
    { description: 'Sends three log messages while it runs.', inputSchema: {} },
    async (_input, extra) => {
      // On the request's own stream: sendLoggingMessage would go to the GET stream, or nowhere.
      for (const data of ['Tool execution started', 'Tool processing data', 'Tool execution completed']) {
        await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data } });
        await pause();
      }
      return text('Tool with logging executed successfully');
    },
  );

  server.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress 0, 50 and 100 of 100 to the caller’s progress token.', inputSchema: {} },
    async (_input, extra) => {
      const progressToken = extra._meta?.progressToken;
      if (progressToken === undefined) return text('No progress token was sent, so no progress was reported.');
      for (const progress of [0, 50, 100]) {
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken, progress, total: 100, message: `Completed step ${progress} of 100` },
        });
        await pause();
      }
      return text(String(progressToken));
    },
  );

  server.registerTool('test_error_handling', { description: 'Always fails, as an isError result.' }, () => {
    throw new Error(ERROR_TOOL_TEXT);
  });

  server.registerTool(
    'test_reconnection',
    {
      description:
        'Closes its own SSE stream mid-call and answers after the client reconnects with Last-Event-ID (SEP-1699).',
      inputSchema: {},
    },
    async (_input, extra) => {
      // Defined only when the transport has an event store: without one a closed stream is lost.
      extra.closeSSEStream?.();
      await pause();
      return text('Reconnection test completed successfully.');
    },
  );

  server.registerTool(
    'test_sampling',
    { description: 'Asks the client for a model call with the given prompt.', inputSchema: { prompt: z.string() } },
    async ({ prompt }, extra) => {
      const result = await extra.sendRequest(
        {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 },
        },
        CreateMessageResultSchema,
      );
      return text(`LLM response: ${result.content.type === 'text' ? result.content.text : `(${result.content.type})`}`);
    },
  );

  server.registerTool(
    'test_elicitation',
    { description: 'Asks the user for one string through a form.', inputSchema: { message: z.string() } },
    async ({ message }, extra) => {
      const result = await extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            message,
            requestedSchema: {
              type: 'object',
              properties: { response: { type: 'string', description: 'User response' } },
              required: ['response'],
            },
          },
        },
        ElicitResultSchema,
      );
      return text(`User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
    },
  );

  server.registerTool(
    'test_elicitation_sep1034_defaults',
    { description: 'A form whose every primitive field has a default (SEP-1034).', inputSchema: {} },
    async (_input, extra) => {
      const result = await extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            message: 'Please review and update the form fields with defaults',
            requestedSchema: {
              type: 'object',
              properties: {
                name: { type: 'string', description: 'User name', default: 'John Doe' },
                age: { type: 'integer', description: 'User age', default: 30 },
                score: { type: 'number', description: 'User score', default: 95.5 },
                status: {
                  type: 'string',
                  description: 'User status',
                  enum: ['active', 'inactive', 'pending'],
                  default: 'active',
                },
                verified: { type: 'boolean', description: 'Verification status', default: true },
              },
              required: [],
            },
          },
        },
        ElicitResultSchema,
      );
      return text(`Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
    },
  );

  server.registerTool(
    'test_elicitation_sep1330_enums',
    { description: 'A form with the five enum shapes of SEP-1330.', inputSchema: {} },
    async (_input, extra) => {
      const choices = (prefix: string, titles: string[]) =>
        titles.map((title, index) => ({ const: `${prefix}${index + 1}`, title }));
      const result = await extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            message: 'Please select options from the enum fields',
            requestedSchema: {
              type: 'object',
              properties: {
                untitledSingle: {
                  type: 'string',
                  description: 'Select one option',
                  enum: ['option1', 'option2', 'option3'],
                },
                titledSingle: {
                  type: 'string',
                  description: 'Select one option with titles',
                  oneOf: choices('value', ['First Option', 'Second Option', 'Third Option']),
                },
                legacyEnum: {
                  type: 'string',
                  description: 'Select one option (legacy)',
                  enum: ['opt1', 'opt2', 'opt3'],
                  enumNames: ['Option One', 'Option Two', 'Option Three'],
                },
                untitledMulti: {
                  type: 'array',
                  description: 'Select multiple options',
                  minItems: 1,
                  maxItems: 3,
                  items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
                },
                titledMulti: {
                  type: 'array',
                  description: 'Select multiple options with titles',
                  minItems: 1,
                  maxItems: 3,
                  items: { anyOf: choices('value', ['First Choice', 'Second Choice', 'Third Choice']) },
                },
              },
              required: [],
            },
          },
        },
        ElicitResultSchema,
      );
      return text(`Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
    },
  );

  registerVerbatimSchemaTool(server);
}

// A deliberately sloppy MCP server for the check's tests: every problem a check must find is
// planted here once, and PLANTED_PROBLEMS says which tool (or prompt, resource) carries which rule.
// Server side, test fixture, on the v2 server SDK so it answers both revisions. Schemas are given
// as JSON Schema (fromJsonSchema) and listed as written.

import {
  fromJsonSchema,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  McpServer,
} from '@modelcontextprotocol/server';
import type { RuleId } from '../finding.js';

export const SLOPPY_SERVER_NAME = 'sloppy';

export const LONG_TOOL_NAME = 'get_weather_forecast_for_one_very_specific_place_with_every_detail_included';
/** Characters of the result of dump_logs: past Claude Code's 25,000-token cap. */
export const DUMP_LOG_CHARS = 160_000;

/** Each planted problem: the rule a check must report and what it is about. */
export const PLANTED_PROBLEMS: ReadonlyArray<{ rule: RuleId; tool?: string; prompt?: string; resource?: string }> = [
  { rule: 'portability/name-characters', tool: 'files.delete' },
  { rule: 'annotation/destructive-without-hint', tool: 'files.delete' },
  { rule: 'description/tool-one-word', tool: 'files.delete' },
  { rule: 'description/parameter-missing', tool: 'files.delete' },
  { rule: 'portability/name-too-long', tool: LONG_TOOL_NAME },
  { rule: 'annotation/read-only-without-hint', tool: LONG_TOOL_NAME },
  { rule: 'portability/type-union', tool: 'search_notes' },
  { rule: 'portability/enum-without-type', tool: 'search_notes' },
  { rule: 'portability/ref-defs', tool: 'search_notes' },
  { rule: 'portability/boolean-schema', tool: 'search_notes' },
  { rule: 'portability/untyped-schema', tool: 'search_notes' },
  { rule: 'portability/output-schema-dialect', tool: 'summarize_notes' },
  { rule: 'portability/unknown-dialect', tool: 'tag_note' },
  { rule: 'portability/missing-required', tool: 'tag_note' },
  { rule: 'description/tool-missing', tool: 'list_note' },
  { rule: 'tools/near-duplicate', tool: 'list_note' },
  { rule: 'description/prompt-missing', prompt: 'draft' },
  { rule: 'description/resource-missing', resource: 'notes://all' },
];

/** Problems only a call shows: found with --call on these tools. */
export const PLANTED_RESULT_PROBLEMS: ReadonlyArray<{ rule: RuleId; tool: string }> = [
  { rule: 'result/too-large', tool: 'dump_logs' },
  { rule: 'result/content-disagrees', tool: 'count_notes' },
  { rule: 'result/output-schema-mismatch', tool: 'summarize_notes' },
];

/**
 * Takes anything: the SDK's validator refuses an unknown dialect (the server would fail to build)
 * and a wrong structuredContent (the call would end in isError), and both must reach the check.
 */
const acceptAnything: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

export function buildSloppyServer(): McpServer {
  const server = new McpServer({ name: SLOPPY_SERVER_NAME, version: '0.0.1' });
  server.registerTool(
    'files.delete',
    {
      description: 'Deletes',
      inputSchema: fromJsonSchema({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }),
    },
    () => text('deleted'),
  );
  server.registerTool(
    LONG_TOOL_NAME,
    {
      description: 'Get the weather forecast for a place, hour by hour, for the next three days.',
      inputSchema: fromJsonSchema({
        type: 'object',
        properties: { place: { type: 'string', description: 'The town or city, e.g. "Lyon".' } },
        required: ['place'],
      }),
    },
    () => text('sunny'),
  );
  server.registerTool(
    'search_notes',
    {
      description: 'Search the notes by words, tag and date; the best matches come first.',
      annotations: { readOnlyHint: true },
      inputSchema: fromJsonSchema({
        type: 'object',
        $defs: { range: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } } },
        properties: {
          query: { type: ['string', 'null'], description: 'Words to look for, or null for every note.' },
          sort: { enum: ['newest', 'oldest'], description: 'Which notes come first.' },
          dates: { $ref: '#/$defs/range', description: 'Only notes written in this range.' },
          everything: true,
          extra: { description: 'Anything else the search should know.' },
        },
        required: ['query'],
      } as Parameters<typeof fromJsonSchema>[0]),
    },
    () => text('[]'),
  );
  server.registerTool(
    'summarize_notes',
    {
      description: 'Summarize every note in one paragraph, with the number of notes read.',
      annotations: { readOnlyHint: true },
      inputSchema: fromJsonSchema({ type: 'object', properties: {} }),
      outputSchema: fromJsonSchema(
        {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { summary: { type: 'string' }, notes: { type: 'integer' } },
          required: ['summary', 'notes'],
        },
        acceptAnything,
      ),
    },
    () => ({
      content: [{ type: 'text', text: 'All is well.' }],
      structuredContent: { summary: 'All is well.', notes: 'three' },
    }),
  );
  server.registerTool(
    'tag_note',
    {
      description: 'Add a tag to a note, creating the tag when it does not exist yet.',
      inputSchema: fromJsonSchema(
        {
          $schema: 'https://example.com/schemas/my-own-dialect',
          type: 'object',
          properties: {
            note: { type: 'string', description: 'The id of the note.' },
            tag: { type: 'string', description: 'The tag, e.g. "urgent".' },
          },
        } as Parameters<typeof fromJsonSchema>[0],
        acceptAnything,
      ),
    },
    () => text('tagged'),
  );
  server.registerTool(
    'list_notes',
    {
      description: 'List the notes, newest first, with their ids and titles.',
      annotations: { readOnlyHint: true },
      inputSchema: fromJsonSchema({ type: 'object', properties: {} }),
    },
    () => text('[]'),
  );
  server.registerTool(
    'list_note',
    { annotations: { readOnlyHint: true }, inputSchema: fromJsonSchema({ type: 'object', properties: {} }) },
    () => text('[]'),
  );
  server.registerTool(
    'count_notes',
    {
      description: 'Count the notes, and say how many are tagged.',
      annotations: { readOnlyHint: true },
      inputSchema: fromJsonSchema({ type: 'object', properties: {} }),
    },
    () => ({
      content: [{ type: 'text', text: '{"notes": 3, "tagged": 1}' }],
      structuredContent: { notes: 5, tagged: 1 },
    }),
  );
  server.registerTool(
    'dump_logs',
    {
      description: 'Return the whole server log, every line since the server started.',
      annotations: { readOnlyHint: true },
      inputSchema: fromJsonSchema({ type: 'object', properties: {} }),
    },
    () => text(logLines(DUMP_LOG_CHARS)),
  );
  server.registerPrompt('draft', { argsSchema: undefined }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'Draft a note.' } }],
  }));
  server.registerResource('all notes', 'notes://all', { mimeType: 'application/json' }, (uri) => ({
    contents: [{ uri: uri.href, text: '[]' }],
  }));
  return server;
}

function logLines(chars: number): string {
  const lines: string[] = [];
  for (let index = 0, length = 0; length < chars; index += 1) {
    const line = `2026-12-01T12:00:${String(index % 60).padStart(2, '0')}Z info request ${index} served in ${index % 17} ms`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

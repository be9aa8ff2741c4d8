// Wire records of one sampling call in each era, shaped as the host's WireRecorder writes them
// (taken from a real run, bodies shortened), for the pure tests of the steps and the rendering.

import type { WireRecord } from '@kitchen/host';
import type { EraRecording } from './era-recording.js';

const SESSION = '3a1b1f07-5c1e-4a4b-9d7a-0c6f2b1e9a11';
const V1 = { 'mcp-session-id': SESSION, 'mcp-protocol-version': '2025-11-25' };
const SSE = { 'mcp-session-id': SESSION, 'content-type': 'text/event-stream' };
const ASK = {
  method: 'sampling/createMessage',
  params: { messages: [{ role: 'user', content: { type: 'text', text: 'Critique this recipe' } }], maxTokens: 400 },
};
const ANSWER = { role: 'assistant', content: { type: 'text', text: 'VERDICT: bake' }, model: 'offline' };
const RESULT = { content: [{ type: 'text', text: '{"verdict":"bake"}' }] };
const META_2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'mcp-kitchen-wire', version: '0.1.0' },
  'io.modelcontextprotocol/clientCapabilities': { sampling: {} },
};
const V2 = (method: string, name?: string) => ({
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
  ...(name === undefined ? {} : { 'mcp-name': name }),
});

type Draft = WireRecord extends infer Record
  ? Record extends WireRecord
    ? Omit<Record, 'seq' | 'server'>
    : never
  : never;
const numbered = (records: Draft[]): WireRecord[] =>
  records.map((record, index) => ({ ...record, seq: index + 1, server: 'pastry-chef' }) as WireRecord);

export const RECORDS_2025: WireRecord[] = numbered([
  {
    kind: 'request',
    exchange: 1,
    method: 'POST',
    headers: {},
    body: {
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: { sampling: {} } },
      jsonrpc: '2.0',
      id: 0,
    },
  },
  { kind: 'response', exchange: 1, status: 200, headers: SSE },
  {
    kind: 'event',
    exchange: 1,
    event: 'message',
    data: { result: { protocolVersion: '2025-11-25' }, jsonrpc: '2.0', id: 0 },
  },
  {
    kind: 'request',
    exchange: 2,
    method: 'POST',
    headers: V1,
    body: { method: 'notifications/initialized', jsonrpc: '2.0' },
  },
  { kind: 'response', exchange: 2, status: 202, headers: {} },
  { kind: 'request', exchange: 3, method: 'GET', headers: V1 },
  {
    kind: 'request',
    exchange: 4,
    method: 'POST',
    headers: V1,
    body: { method: 'tools/list', params: {}, jsonrpc: '2.0', id: 1 },
  },
  { kind: 'response', exchange: 3, status: 200, headers: SSE },
  { kind: 'response', exchange: 4, status: 200, headers: SSE },
  {
    kind: 'event',
    exchange: 4,
    data: { result: { tools: [{ name: 'critique_recipe', inputSchema: { type: 'object' } }] }, jsonrpc: '2.0', id: 1 },
  },
  {
    kind: 'request',
    exchange: 5,
    method: 'POST',
    headers: V1,
    body: { method: 'prompts/list', params: {}, jsonrpc: '2.0', id: 2 },
  },
  { kind: 'response', exchange: 5, status: 200, headers: SSE },
  { kind: 'event', exchange: 5, data: { result: { prompts: [] }, jsonrpc: '2.0', id: 2 } },
  {
    kind: 'request',
    exchange: 6,
    method: 'POST',
    headers: V1,
    body: {
      method: 'tools/call',
      params: { name: 'critique_recipe', arguments: { recipe: 'lemon tart' } },
      jsonrpc: '2.0',
      id: 3,
    },
  },
  { kind: 'response', exchange: 6, status: 200, headers: SSE },
  {
    kind: 'event',
    exchange: 6,
    data: { method: 'notifications/progress', params: { progressToken: 3, progress: 1 }, jsonrpc: '2.0' },
  },
  { kind: 'event', exchange: 6, data: { ...ASK, jsonrpc: '2.0', id: 0 } },
  { kind: 'request', exchange: 7, method: 'POST', headers: V1, body: { result: ANSWER, jsonrpc: '2.0', id: 0 } },
  { kind: 'response', exchange: 7, status: 202, headers: {} },
  { kind: 'event', exchange: 6, data: { result: RESULT, jsonrpc: '2.0', id: 3 } },
  { kind: 'request', exchange: 8, method: 'DELETE', headers: V1 },
  { kind: 'response', exchange: 8, status: 200, headers: {} },
]);

export const RECORDS_2026: WireRecord[] = numbered([
  {
    kind: 'request',
    exchange: 1,
    method: 'POST',
    headers: V2('server/discover'),
    body: { jsonrpc: '2.0', id: 'probe-1', method: 'server/discover', params: { _meta: META_2026 } },
  },
  {
    kind: 'response',
    exchange: 1,
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: { result: { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } }, jsonrpc: '2.0', id: 'probe-1' },
  },
  {
    kind: 'request',
    exchange: 2,
    method: 'POST',
    headers: V2('tools/list'),
    body: { method: 'tools/list', params: { _meta: META_2026 }, jsonrpc: '2.0', id: 0 },
  },
  {
    kind: 'response',
    exchange: 2,
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: { result: { tools: [{ name: 'critique_recipe' }], resultType: 'complete' }, jsonrpc: '2.0', id: 0 },
  },
  {
    kind: 'request',
    exchange: 3,
    method: 'POST',
    headers: V2('tools/call', 'critique_recipe'),
    body: {
      method: 'tools/call',
      params: { name: 'critique_recipe', arguments: { recipe: 'lemon tart' }, _meta: META_2026 },
      jsonrpc: '2.0',
      id: 1,
    },
  },
  {
    kind: 'response',
    exchange: 3,
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: {
      result: {
        resultType: 'input_required',
        inputRequests: { critique: ASK },
        requestState: 'c2VhbGVkLXN0YXRlLWJ5LXRoZS1zZXJ2ZXI',
      },
      jsonrpc: '2.0',
      id: 1,
    },
  },
  {
    kind: 'request',
    exchange: 4,
    method: 'POST',
    headers: V2('tools/call', 'critique_recipe'),
    body: {
      method: 'tools/call',
      params: {
        name: 'critique_recipe',
        arguments: { recipe: 'lemon tart' },
        inputResponses: { critique: ANSWER },
        requestState: 'c2VhbGVkLXN0YXRlLWJ5LXRoZS1zZXJ2ZXI',
        _meta: META_2026,
      },
      jsonrpc: '2.0',
      id: 2,
    },
  },
  {
    kind: 'response',
    exchange: 4,
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: { result: { ...RESULT, resultType: 'complete' }, jsonrpc: '2.0', id: 2 },
  },
]);

const samplingEvents = (via: 'push' | 'input_required') =>
  [
    {
      type: 'sampling-request',
      agent: 'main',
      at: 0,
      requestId: 'sampling-1',
      server: 'pastry-chef',
      via,
      maxTokens: 400,
      estimatedInputTokens: 60,
      costCents: 0.4,
      treeTokensLeft: 600_000,
    },
    {
      type: 'sampling-response',
      agent: 'main',
      at: 0,
      requestId: 'sampling-1',
      server: 'pastry-chef',
      via,
      outcome: 'answered',
      by: 'person',
      inputTokens: 150,
      outputTokens: 75,
      costCents: 0.1,
    },
  ] as EraRecording['events'];

export function bothEras(): EraRecording[] {
  const call = { server: 'pastry-chef', tool: 'critique_recipe', input: { recipe: 'lemon tart' } };
  const outcome = { isError: false, content: '{"verdict":"bake"}' };
  return [
    { ...call, era: '2025-11-25', records: RECORDS_2025, events: samplingEvents('push'), outcome },
    { ...call, era: '2026-07-28', records: RECORDS_2026, events: samplingEvents('input_required'), outcome },
  ];
}

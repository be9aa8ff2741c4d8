import { createServer, type Server } from 'node:http';
import { estimateTokens } from '@kitchen/host';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countToolListTokens, toolSpec } from './count-tool-list-tokens.js';
import { costFindings } from './rules/cost-rules.js';
import type { ServerOffer } from './server-offer.js';
import { inspectSloppyServer } from './testing/serve-sloppy-server.js';

/**
 * A stand-in for Anthropic's token counting endpoint on 127.0.0.1: 7 tokens for the message, and a
 * token per 3 characters of the tools' JSON, so every count is known in advance.
 */
function fakeCountTokens(seen: string[]): Server {
  return createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const key = request.headers['x-api-key'] ?? request.headers.authorization?.replace(/^Bearer /, '');
      seen.push(`${request.method} ${request.url} ${key}`);
      const { tools } = JSON.parse(body) as { tools?: unknown[] };
      const inputTokens = 7 + Math.ceil(JSON.stringify(tools ?? []).length / 3);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ input_tokens: tools === undefined ? 7 : inputTokens }));
    });
  });
}

describe('countToolListTokens', () => {
  let offer: ServerOffer;
  let endpoint: Server;
  let baseURL: string;
  const seen: string[] = [];
  beforeAll(async () => {
    offer = await inspectSloppyServer();
    endpoint = fakeCountTokens(seen);
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(endpoint.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));

  it('without a key, uses the kitchen’s estimate of the tools as the kitchen sends them, and says so', async () => {
    const counted = await countToolListTokens(offer.tools);
    expect(counted.toolListTokens.method).toBe('estimate');
    expect(counted.toolListTokens.total).toBe(estimateTokens(offer.tools.map(toolSpec)));
    expect(counted.tools).toHaveLength(offer.tools.length);
    const costs = counted.tools.map((tool) => tool.tokens);
    expect(costs).toEqual([...costs].sort((left, right) => right - left));
    expect(counted.tools[0]?.name).toBe('search_notes');
    const [summary] = costFindings(counted);
    expect(summary?.rule).toBe('cost/tool-list');
    expect(summary?.message).toContain('estimated');
  });

  it('with a key, asks the counting endpoint and counts what the tools add to a request', async () => {
    const counted = await countToolListTokens(offer.tools, { apiKey: 'test-key', baseURL, model: 'claude-test' });
    const specs = offer.tools.map(toolSpec);
    expect(counted.toolListTokens).toEqual({
      total: Math.ceil(JSON.stringify(specs).length / 3),
      model: 'claude-test',
      method: 'count_tokens',
    });
    const deleteSpec = specs.find((spec) => spec.name === 'files.delete');
    expect(counted.tools.find((tool) => tool.name === 'files.delete')?.tokens).toBe(
      Math.ceil(JSON.stringify([deleteSpec]).length / 3),
    );
    expect(new Set(seen)).toEqual(new Set(['POST /v1/messages/count_tokens test-key']));
    expect(seen.length).toBe(offer.tools.length + 2);
    expect(costFindings(counted)[0]?.message).toContain('counted for claude-test');
  });

  it('warns about a tool list over 20,000 tokens and each tool over 2,000', () => {
    const findings = costFindings({
      toolListTokens: { total: 24_000, model: 'm', method: 'estimate' },
      tools: [
        { name: 'giant', tokens: 9_000 },
        { name: 'big', tokens: 2_500 },
        { name: 'small', tokens: 400 },
      ],
    });
    expect(findings.map((finding) => `${finding.rule} ${finding.tool ?? ''}`.trim())).toEqual([
      'cost/tool-list',
      'cost/tool-list-large',
      'cost/tool-large giant',
      'cost/tool-large big',
    ]);
  });
});

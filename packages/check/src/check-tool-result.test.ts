import type { ServedMcp } from '@kitchen/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkToolCall } from './check-tool-result.js';
import { inspectServer } from './inspect-server.js';
import type { ServerOffer } from './server-offer.js';
import { serveSloppyServer } from './testing/serve-sloppy-server.js';
import { DUMP_LOG_CHARS } from './testing/sloppy-server.js';

describe('checkToolCall on the sloppy server', () => {
  let served: ServedMcp;
  let offer: ServerOffer;
  beforeAll(async () => {
    served = await serveSloppyServer();
    offer = await inspectServer({ name: 'sloppy', url: served.url });
  });
  afterAll(() => served.close());

  const call = (tool: string, args: Record<string, unknown> = {}) =>
    checkToolCall(
      { name: 'sloppy', url: served.url },
      { tool, arguments: args },
      offer.tools.find((candidate) => candidate.name === tool),
      10_000,
      '2025-11-25',
    );

  it('finds a result past Claude Code’s 25,000-token cap, and says the kitchen would shorten it', async () => {
    const { check, findings } = await call('dump_logs');
    expect(check.modelText.length).toBeGreaterThanOrEqual(DUMP_LOG_CHARS);
    expect(findings.map((finding) => [finding.rule, finding.severity])).toEqual([
      ['result/too-large', 'error'],
      ['result/shortened-by-kitchen', 'warning'],
      ['result/model-view', 'info'],
    ]);
    expect(findings[1]?.message).toContain(check.kitchenMaxChars.toLocaleString('en-US'));
  });

  it('finds a text block that disagrees with structuredContent, and shows the model both as the kitchen passes them', async () => {
    const { check, findings } = await call('count_notes');
    const disagrees = findings.find((finding) => finding.rule === 'result/content-disagrees');
    expect(disagrees?.message).toContain('{"notes":3,"tagged":1}');
    expect(disagrees?.message).toContain('{"notes":5,"tagged":1}');
    // The host's own reading: the text, then the structured content it did not repeat.
    expect(check.modelText).toBe('{"notes": 3, "tagged": 1}\n\n[structured content]\n{"notes":5,"tagged":1}');
    expect(findings.find((finding) => finding.rule === 'result/model-view')?.message).toContain(check.modelText);
  });

  it('finds structuredContent that does not match the output schema', async () => {
    const { findings } = await call('summarize_notes');
    const mismatch = findings.find((finding) => finding.rule === 'result/output-schema-mismatch');
    expect(mismatch?.severity).toBe('error');
    expect(mismatch?.message).toContain('notes');
  });

  it('reports a failed call as a warning with the words the model would read', async () => {
    const { check, findings } = await call('no_such_tool');
    expect(check.isError).toBe(true);
    expect(findings[0]).toMatchObject({ rule: 'result/call-failed', severity: 'warning', tool: 'no_such_tool' });
  });

  it('finds nothing wrong with a small, consistent result', async () => {
    const { findings } = await call('list_notes');
    expect(findings.map((finding) => finding.rule)).toEqual(['result/model-view']);
  });
});

import { buildServer as buildDiceServer } from '@kitchen/server-dice';
import { type ServedMcp, serveMcp } from '@kitchen/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBySeverity, hasErrors } from './check-report.js';
import { checkServer } from './check-server.js';
import type { Finding } from './finding.js';
import { serveSloppyServer } from './testing/serve-sloppy-server.js';
import { PLANTED_PROBLEMS, PLANTED_RESULT_PROBLEMS } from './testing/sloppy-server.js';

const subject = (finding: Finding) => finding.tool ?? finding.prompt ?? finding.resource;

describe('checkServer', () => {
  let sloppy: ServedMcp;
  let dice: ServedMcp;
  beforeAll(async () => {
    sloppy = await serveSloppyServer();
    dice = await serveMcp({ name: 'dice', buildServer: () => buildDiceServer(), log: { level: 'error' } });
  });
  afterAll(async () => {
    await sloppy.close();
    await dice.close();
  });

  it('finds every planted problem of the sloppy server, by tool and rule, and calls only the named tools', async () => {
    const report = await checkServer(
      { name: 'sloppy', url: sloppy.url },
      { calls: PLANTED_RESULT_PROBLEMS.map(({ tool }) => ({ tool, arguments: {} })) },
    );
    const found = new Set(report.findings.map((finding) => `${finding.rule} ${subject(finding)}`));
    for (const planted of [...PLANTED_PROBLEMS, ...PLANTED_RESULT_PROBLEMS]) {
      const about = 'tool' in planted ? planted.tool : 'prompt' in planted ? planted.prompt : planted.resource;
      expect(found, `${planted.rule} on ${about}`).toContain(`${planted.rule} ${about}`);
    }
    expect(hasErrors(report)).toBe(true);
    expect(report.results.map((result) => result.tool)).toEqual(PLANTED_RESULT_PROBLEMS.map(({ tool }) => tool));
  });

  it('reports the server, its eras, findings errors first, the tool list’s tokens and each tool’s, as one JSON object', async () => {
    const report = await checkServer({ name: 'sloppy', url: sloppy.url });
    expect(report.server).toBe('sloppy');
    expect(report.eras).toEqual(['2025-11-25', '2026-07-28']);
    expect(report.toolListTokens).toMatchObject({ method: 'estimate' });
    expect(report.tools.map((tool) => tool.name)).toHaveLength(9);
    const severities = report.findings.map((finding) => finding.severity);
    expect(severities).toEqual(
      [...severities].sort(
        (left, right) => ['error', 'warning', 'info'].indexOf(left) - ['error', 'warning', 'info'].indexOf(right),
      ),
    );
    expect(report.results).toEqual([]);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
    for (const finding of report.findings) {
      expect(finding.message.length).toBeGreaterThan(0);
      expect(finding.fix.length).toBeGreaterThan(0);
    }
  });

  it('finds no error on the example dice server, with a call', async () => {
    const report = await checkServer(
      { name: 'dice', url: dice.url },
      { calls: [{ tool: 'roll_dice', arguments: { seed: 7 } }] },
    );
    expect(report.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    expect(countBySeverity(report).error).toBe(0);
    expect(report.eras).toEqual(['2025-11-25', '2026-07-28']);
    expect(report.results[0]?.modelText).toContain('"seed":7');
  });

  it('calls a named tool on a server that speaks only 2026-07-28, and reads its result as the model would', async () => {
    const dice2026 = await serveMcp({
      name: 'dice',
      buildServer: () => buildDiceServer(),
      eras: ['2026-07-28'],
      // The check's 2025-11-25 visit is refused, as it should be: not worth a line in the test's output.
      log: { level: 'silent' },
    });
    try {
      const report = await checkServer(
        { name: 'dice', url: dice2026.url },
        { calls: [{ tool: 'roll_dice', arguments: { seed: 7 } }] },
      );
      expect(report.eras).toEqual(['2026-07-28']);
      expect(report.results).toHaveLength(1);
      expect(report.results[0]).toMatchObject({ tool: 'roll_dice', era: '2026-07-28', isError: false });
      expect(report.results[0]?.modelText).toContain('"seed":7');
      expect(report.results[0]?.result?.content).toBeDefined();
      expect(report.findings.filter((finding) => finding.rule === 'result/call-failed')).toEqual([]);
    } finally {
      await dice2026.close();
    }
  });

  it('calls a named tool in 2025-11-25 when the server speaks both revisions', async () => {
    const report = await checkServer(
      { name: 'dice', url: dice.url },
      { calls: [{ tool: 'roll_dice', arguments: { seed: 7 } }] },
    );
    expect(report.results[0]?.era).toBe('2025-11-25');
  });

  it('does not run the conformance suite on a stdio server, and says so', async () => {
    const script = [
      "const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');",
      "const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');",
      "const server = new McpServer({ name: 'tiny', version: '1.0.0' });",
      "server.registerTool('echo_text', { description: 'Echo the text back, unchanged.' }, () => ({ content: [{ type: 'text', text: 'hi' }] }));",
      'await server.connect(new StdioServerTransport());',
    ].join('\n');
    const report = await checkServer(
      {
        name: 'tiny',
        command: process.execPath,
        args: ['--input-type=module', '-e', script],
        cwd: import.meta.dirname,
      },
      { conformance: true },
    );
    expect(report.eras).toEqual(['2025-11-25']);
    expect(report.steps[0]).toMatchObject({ step: 'start', status: 'ok' });
    expect(report.findings.map((finding) => finding.rule)).toContain('conformance/not-run');
    expect(hasErrors(report)).toBe(false);
  });
});

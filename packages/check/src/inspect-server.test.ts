import { createServer } from 'node:net';
import type { ServedMcp } from '@kitchen/server-kit';
import { serveMcp } from '@kitchen/server-kit';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectServer } from './inspect-server.js';
import { connectionFindings } from './rules/connection-rules.js';
import { serveSloppyServer } from './testing/serve-sloppy-server.js';
import { buildSloppyServer } from './testing/sloppy-server.js';

/** A port nothing listens on: bound, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('inspectServer', () => {
  let sloppy: ServedMcp;
  let legacyOnly: ServedMcp;
  beforeAll(async () => {
    sloppy = await serveSloppyServer();
    // A v1 McpServer: the kit serves it in 2025-11-25 only.
    legacyOnly = await serveMcp({
      name: 'legacy',
      buildServer: () => {
        const server = new McpServer({ name: 'legacy', version: '1.0.0' });
        server.registerTool('ping_back', { description: 'Answers pong, to show the server is up.' }, () => ({
          content: [{ type: 'text', text: 'pong' }],
        }));
        return server;
      },
      log: { level: 'error' },
    });
  });
  afterAll(async () => {
    await sloppy.close();
    await legacyOnly.close();
  });

  it('names every step in each revision: connect, initialize or discover, capabilities, each list call', async () => {
    const offer = await inspectServer({ name: 'sloppy', url: sloppy.url });
    expect(offer.eras).toEqual(['2025-11-25', '2026-07-28']);
    expect(offer.steps.map((step) => `${step.era} ${step.step} ${step.status}`)).toEqual([
      '2025-11-25 connect ok',
      '2025-11-25 initialize ok',
      '2025-11-25 capabilities ok',
      // The v1 client SDK refuses a boolean property schema in the list: a real failure of this list.
      '2025-11-25 tools/list failed',
      '2025-11-25 prompts/list ok',
      '2025-11-25 resources/list ok',
      '2025-11-25 resources/templates/list ok',
      '2026-07-28 connect ok',
      '2026-07-28 discover ok',
      '2026-07-28 capabilities ok',
      '2026-07-28 tools/list ok',
      '2026-07-28 prompts/list ok',
      '2026-07-28 resources/list ok',
      '2026-07-28 resources/templates/list ok',
    ]);
    expect(offer.tools.map((tool) => tool.name)).toContain('files.delete');
  });

  it('still reads a tool list the v1 client SDK refuses, and says which schema it refused', async () => {
    const offer = await inspectServer({ name: 'sloppy', url: sloppy.url }, { eras: ['2025-11-25'] });
    expect(offer.tools).toHaveLength(9);
    const [refused] = connectionFindings(offer).filter((finding) => finding.rule === 'connection/list-failed');
    expect(refused?.severity).toBe('error');
    expect(refused?.message).toContain('tools.2.inputSchema.properties.everything');
  });

  it('reports a URL where nothing listens as the failed connect step, with its cause and fix, and tries no further', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/mcp`;
    const offer = await inspectServer({ name: 'gone', url });
    expect(offer.eras).toEqual([]);
    expect(offer.steps).toHaveLength(1);
    expect(offer.steps[0]).toMatchObject({ step: 'connect', status: 'failed' });
    const [unreachable] = connectionFindings(offer);
    expect(unreachable).toMatchObject({ rule: 'connection/unreachable', severity: 'error' });
    expect(unreachable?.message).toContain(url);
    expect(unreachable?.fix).toMatch(/Start the server/);
  });

  it('reports a wrong path as the failed connect step with the HTTP status', async () => {
    const offer = await inspectServer({ name: 'sloppy', url: sloppy.url.replace('/mcp', '/nope') });
    const [failed] = connectionFindings(offer);
    expect(failed?.rule).toBe('connection/unreachable');
    expect(failed?.message).toContain('HTTP 404');
  });

  it('reports a command that does not exist as the failed start step', async () => {
    const offer = await inspectServer({ name: 'missing', command: 'kitchen-check-no-such-command' });
    const [failed] = connectionFindings(offer);
    expect(failed).toMatchObject({ rule: 'connection/start-failed', severity: 'error' });
    expect(failed?.message).toContain('ENOENT');
  });

  it('reports a command that exits at once with the last lines it wrote to stderr', async () => {
    const script = "console.error('config file kitchen.json not found'); process.exit(3)";
    const offer = await inspectServer(
      { name: 'exits', command: process.execPath, args: ['-e', script] },
      { eras: ['2025-11-25'] },
    );
    const [failed] = connectionFindings(offer);
    expect(failed?.rule).toBe('connection/start-failed');
    expect(failed?.message).toContain('config file kitchen.json not found');
  });

  it('warns about a server that speaks 2026-07-28 only: 2025-11-25 hosts cannot reach it', async () => {
    const modernOnly = await serveMcp({
      name: 'sloppy',
      buildServer: () => buildSloppyServer(),
      eras: ['2026-07-28'],
      log: { level: 'silent' },
    });
    try {
      const offer = await inspectServer({ name: 'modern', url: modernOnly.url });
      expect(offer.eras).toEqual(['2026-07-28']);
      const [missing] = connectionFindings(offer);
      expect(missing).toMatchObject({ rule: 'connection/legacy-era-missing', severity: 'warning' });
      expect(missing?.message).toMatch(/2025-11-25/);
    } finally {
      await modernOnly.close();
    }
  });

  it('notes a server that speaks 2025-11-25 only, with what the 2026-07-28 discover answered', async () => {
    const offer = await inspectServer({ name: 'legacy', url: legacyOnly.url });
    expect(offer.eras).toEqual(['2025-11-25']);
    expect(offer.steps.find((step) => step.step === 'discover')?.status).toBe('failed');
    const findings = connectionFindings(offer);
    expect(findings.map((finding) => [finding.rule, finding.severity])).toEqual([
      ['connection/modern-era-missing', 'info'],
    ]);
  });
});

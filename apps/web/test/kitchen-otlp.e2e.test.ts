// OpenTelemetry export through the real CLI: with --otlp the run's spans reach a local OTLP/HTTP
// receiver (a tiny HTTP server on 127.0.0.1); without an endpoint nothing is sent and the
// OpenTelemetry SDK is not even loaded. A web run is exported too, to OTEL_EXPORTER_OTLP_ENDPOINT.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cliEnvironment,
  FIXTURES,
  PROCESS_TEST_TIMEOUT_MS,
  runCli,
  serversConfig,
} from '@kitchen/probe-kit/cli-process';
import { loadKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { afterEach, describe, expect, it } from 'vitest';
import { startKitchenWeb } from '../src/start-kitchen-web.js';
import { webFlags } from './web-flags.js';

const config = serversConfig('cookie-jars');

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string; arrayValue?: { values: Array<{ stringValue?: string }> } };
}
interface OtlpSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  attributes: OtlpAttribute[];
  status?: { code?: number };
}
interface OtlpExport {
  resourceSpans: Array<{ resource: { attributes: OtlpAttribute[] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

/** An OTLP/HTTP receiver that keeps every JSON export it is sent. */
async function startReceiver(): Promise<{ url: string; exports: OtlpExport[]; paths: string[]; server: Server }> {
  const exports: OtlpExport[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      exports.push(JSON.parse(body) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exports, paths, server };
}

let receiver: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => receiver?.close(resolve) ?? resolve(undefined));
  receiver = undefined;
});

/** Each @opentelemetry specifier the process resolved, with the file that imported it. */
function watchImports(): { environment: NodeJS.ProcessEnv; loaded: () => Array<{ specifier: string; from: string }> } {
  const log = join(mkdtempSync(join(tmpdir(), 'kitchen-imports-')), 'imports.log');
  writeFileSync(log, '');
  return {
    environment: { NODE_OPTIONS: `--import ${join(FIXTURES, 'watch-imports.mjs')}`, KITCHEN_IMPORT_LOG: log },
    loaded: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [specifier = '', from = ''] = line.split(' ');
          return { specifier, from };
        }),
  };
}

const attribute = (span: OtlpSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value;

describe('OpenTelemetry export', () => {
  it('--otlp sends the run as GenAI spans to an OTLP/HTTP receiver', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const otlp = await startReceiver();
    receiver = otlp.server;
    const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-otlp-runs-'));
    const watch = watchImports();
    const result = await runCli(
      ['demo', '--jars', '40', '--config', config, '--runs-dir', runsDir, '--otlp', otlp.url],
      watch.environment,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`📡 OpenTelemetry spans → ${otlp.url}/v1/traces`);
    expect(watch.loaded().map((entry) => entry.specifier)).toContain('@opentelemetry/exporter-trace-otlp-http');
    expect(otlp.paths[0]).toBe('POST /v1/traces application/json');

    const resources = otlp.exports.flatMap((sent) => sent.resourceSpans);
    expect(
      attribute({ name: '', spanId: '', attributes: resources[0]?.resource.attributes ?? [] }, 'service.name'),
    ).toEqual({
      stringValue: 'mcp-kitchen',
    });
    const spans = resources.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const main = spans.find((span) => span.name === 'invoke_agent main');
    expect(main?.parentSpanId ?? '').toBe('');
    const chat = spans.find((span) => span.name.startsWith('chat ') && span.parentSpanId === main?.spanId);
    expect(attribute(chat as OtlpSpan, 'gen_ai.operation.name')).toEqual({ stringValue: 'chat' });
    expect(Number(attribute(chat as OtlpSpan, 'gen_ai.usage.input_tokens')?.intValue)).toBeGreaterThan(0);
    const worker = spans.find((span) => span.name.startsWith('invoke_agent ') && span !== main);
    const hire = byId.get(worker?.parentSpanId ?? '');
    expect(hire?.name).toBe('execute_tool spawn_agent');
    expect(hire?.parentSpanId).toBe(main?.spanId);
    const inspect = spans.find((span) => span.name === 'execute_tool inspect_jar');
    expect(attribute(inspect as OtlpSpan, 'gen_ai.tool.call.id')?.stringValue).toEqual(expect.any(String));
    expect(byId.get(inspect?.parentSpanId ?? '')?.name).toMatch(/^invoke_agent /);
  });

  it('without an endpoint sends nothing and never loads the OpenTelemetry SDK', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const watch = watchImports();
    const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-otlp-runs-'));
    const result = await runCli(['demo', '--jars', '5', '--config', config, '--runs-dir', runsDir], watch.environment);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('OpenTelemetry');
    // The Anthropic SDK imports the OpenTelemetry API (a no-op without an SDK); the kitchen imports nothing of it.
    const loaded = watch.loaded();
    expect(loaded.filter((entry) => /\/(apps\/cli|packages\/runtime)\/src\//.test(entry.from))).toEqual([]);
    expect(loaded.filter((entry) => entry.specifier !== '@opentelemetry/api')).toEqual([]);
  });

  it('exports each web run too, to the endpoint OTEL_EXPORTER_OTLP_ENDPOINT names', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const otlp = await startReceiver();
    receiver = otlp.server;
    const parsed = webFlags(['--jars', '5', '--model', 'offline']);
    const loaded = loadKitchenConfig(config);
    if (!parsed.ok || parsed.command.name !== 'web' || !loaded.ok) throw new Error('bad test setup');
    const web = await startKitchenWeb({
      config: loaded.config,
      flags: parsed.command.flags,
      environment: {
        ...cliEnvironment(),
        KITCHEN_RUNS_DIR: mkdtempSync(join(tmpdir(), 'kitchen-otlp-web-')),
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      },
    });
    try {
      const started = await fetch(new URL('api/runs', web.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Kitchen-Token': web.token },
        body: JSON.stringify({ task: 'Inspect jar 3 and say whether it was tampered with' }),
      });
      expect(started.status).toBe(201);
      const { runId } = (await started.json()) as { runId: string };
      const events = await fetch(new URL(`api/runs/${runId}/events?token=${web.token}`, web.url));
      await events.text(); // the stream ends after done
    } finally {
      await web.close(); // sends what is left
    }
    const spans = otlp.exports.flatMap((sent) =>
      sent.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
    );
    const main = spans.find((span) => span.name === 'invoke_agent main');
    expect(main).toBeDefined();
    expect(spans.some((span) => span.name.startsWith('chat ') && span.parentSpanId === main?.spanId)).toBe(true);
    expect(otlp.paths.every((path) => path.startsWith('POST /v1/traces '))).toBe(true);
  });
});

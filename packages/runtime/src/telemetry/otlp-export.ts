// The OpenTelemetry SDK wired to an OTLP/HTTP endpoint: a tracer provider whose spans come from
// run events (event-spans.ts). Runtime side; imported only when an endpoint is configured, so a run
// without one never loads the SDK.

import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { EventSpans } from './event-spans.js';
import type { RunTelemetry } from './run-telemetry.js';

export const SERVICE_NAME = 'mcp-kitchen';

/** Exports every run's spans to `endpoint` (OTLP/HTTP, JSON); a failed export is warned about once. */
export function startOtlpExport(endpoint: string, warn: (line: string) => void): RunTelemetry {
  const exporter = new WarningExporter(new OTLPTraceExporter({ url: endpoint }), endpoint, warn);
  return createSpanTelemetry(new BatchSpanProcessor(exporter), endpoint);
}

/** Spans for runs through any span processor (tests pass a SimpleSpanProcessor over an in-memory exporter). */
export function createSpanTelemetry(processor: SpanProcessor, endpoint = 'in-memory'): RunTelemetry {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': SERVICE_NAME }),
    spanProcessors: [processor],
  });
  const tracer = provider.getTracer(SERVICE_NAME);
  return {
    endpoint,
    forRun: (run) => {
      const spans = new EventSpans(tracer, run);
      return (event) => spans.event(event);
    },
    shutdown: () => provider.shutdown(),
  };
}

type ExportDone = Parameters<SpanExporter['export']>[1];

/** Says once, in words, that the endpoint did not take the spans; the run itself goes on. */
class WarningExporter implements SpanExporter {
  #warned = false;

  constructor(
    readonly inner: SpanExporter,
    readonly endpoint: string,
    readonly warn: (line: string) => void,
  ) {}

  export(spans: Parameters<SpanExporter['export']>[0], done: ExportDone): void {
    this.inner.export(spans, (result) => {
      if (result.code !== 0 && !this.#warned) {
        this.#warned = true;
        this.warn(
          `⚠️ OpenTelemetry: ${spans.length} span(s) could not be sent to ${this.endpoint} (${result.error?.message ?? 'export failed'})`,
        );
      }
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

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
  const telemetry = createSpanTelemetry(new BatchSpanProcessor(exporter), endpoint);
  // The last batch goes out as the run stops: a collector that is down or answers 500 is the same
  // one warning line, never the run's failure.
  return {
    ...telemetry,
    shutdown: () => telemetry.shutdown().catch((error: unknown) => exporter.failed(0, error)),
  };
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
      if (result.code !== 0) this.failed(spans.length, result.error);
      done(result);
    });
  }

  /** Warns once, whatever failed after: `count` spans (0 when the number is not known) were not sent. */
  failed(count: number, error: unknown): void {
    if (this.#warned) return;
    this.#warned = true;
    const what = count === 0 ? 'spans' : `${count} span(s)`;
    const why = error instanceof Error ? error.message : 'export failed';
    this.warn(`⚠️ OpenTelemetry: ${what} could not be sent to ${this.endpoint} (${why})`);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

// Whether a run is also exported as OpenTelemetry spans, and where to: --otlp URL, else the
// standard OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. App
// side. Nothing here loads OpenTelemetry: the SDK is imported only once an endpoint is configured.

import { ConfigurationError, type LoopEvent } from '@kitchen/host';
import type { RunStart } from '../kitchen-host.js';

/** Spans for runs, sent somewhere; one per process (the CLI's run, or every run of the web UI). */
export interface RunTelemetry {
  /** Where the spans go. */
  readonly endpoint: string;
  /** Starts one run's spans; hand the result every event of the run, workers' included. */
  forRun(run: RunStart): (event: LoopEvent) => void;
  /** Sends what is left and stops; resolves when sent or given up (an endpoint that is down is warned about, not thrown). */
  shutdown(): Promise<void>;
}

/**
 * The OTLP/HTTP traces URL, or undefined when none is configured (then nothing is sent and the SDK
 * is never loaded). Throws a ConfigurationError naming the variable for one that is not a URL.
 */
export function otlpTracesEndpoint(environment: NodeJS.ProcessEnv, flag?: string): string | undefined {
  if (flag !== undefined) return tracesUrl(flag, '--otlp', true);
  if (environment['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true') return undefined;
  const traces = environment['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim();
  if (traces) return tracesUrl(traces, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', false);
  const base = environment['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim();
  if (base) return tracesUrl(base, 'OTEL_EXPORTER_OTLP_ENDPOINT', true);
  return undefined;
}

/** The endpoint's spans exporter, loaded now (and only now) from the OpenTelemetry SDK. */
export async function startRunTelemetry(
  environment: NodeJS.ProcessEnv,
  flag: string | undefined,
  warn: (line: string) => void,
): Promise<RunTelemetry | undefined> {
  const endpoint = otlpTracesEndpoint(environment, flag);
  if (endpoint === undefined) return undefined;
  const { startOtlpExport } = await import('./otlp-export.js');
  return startOtlpExport(endpoint, warn);
}

// The base endpoint gets the signal's path, as the OTLP exporter spec says for OTEL_EXPORTER_OTLP_ENDPOINT.
function tracesUrl(text: string, source: string, appendPath: boolean): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigurationError(
      `${source} "${text}" is not a URL; name an OTLP/HTTP endpoint, e.g. http://127.0.0.1:4318`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigurationError(`${source} "${text}" must be an http:// or https:// URL (OTLP/HTTP)`);
  if (!appendPath || url.pathname.endsWith('/v1/traces')) return url.href;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url.href;
}

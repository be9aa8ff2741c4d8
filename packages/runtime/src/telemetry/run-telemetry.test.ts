// Where spans go: the flag, then the traces endpoint, then the base endpoint with /v1/traces; none
// configured means no telemetry at all.

import { ConfigurationError } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { otlpTracesEndpoint, startRunTelemetry } from './run-telemetry.js';

describe('the OTLP endpoint', () => {
  it('is absent unless a flag or an OTEL_EXPORTER_OTLP_* variable names one', async () => {
    expect(otlpTracesEndpoint({})).toBeUndefined();
    expect(await startRunTelemetry({}, undefined, () => {})).toBeUndefined();
    expect(
      otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
  });

  it('adds /v1/traces to a base endpoint and keeps a traces endpoint as given', () => {
    expect(otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' })).toBe(
      'http://127.0.0.1:4318/v1/traces',
    );
    expect(otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9/custom' })).toBe(
      'http://127.0.0.1:9/custom',
    );
    expect(
      otlpTracesEndpoint(
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1',
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:2/t',
        },
        'http://127.0.0.1:3/otel',
      ),
    ).toBe('http://127.0.0.1:3/otel/v1/traces');
  });

  it('names the variable that does not hold a URL', () => {
    expect(() => otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost:4318' })).toThrow(ConfigurationError);
    expect(() => otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT "localhost:4318" must be an http/,
    );
    expect(() => otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'not a url' })).toThrow(
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT "not a url" is not a URL/,
    );
  });
});

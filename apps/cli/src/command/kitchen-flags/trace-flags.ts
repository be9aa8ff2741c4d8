// The kitchen CLI's flags for run traces: where they are kept, the OpenTelemetry export and the
// replay speed. Rows of the flag table (kitchen-flags.ts); app side.

import { z } from 'zod';
import type { FlagSpec } from './flag-spec.js';
import { decimalNumber, nonEmpty } from './flag-value-schemas.js';

export const TRACE_FLAGS = {
  'runs-dir': {
    kind: 'value',
    key: 'runsDir',
    value: 'DIR',
    schema: nonEmpty,
    fix: 'name a folder, e.g. --runs-dir .kitchen/runs',
    group: 'traces',
    help: ['where run traces are written and read (default', '$KITCHEN_RUNS_DIR or .kitchen/runs)'],
  },
  otlp: {
    kind: 'value',
    key: 'otlp',
    value: 'URL',
    schema: z.url({ protocol: /^https?$/ }),
    fix: 'name an OTLP/HTTP endpoint, e.g. --otlp http://127.0.0.1:4318',
    group: 'traces',
    help: ['also export each run as OpenTelemetry spans to this', 'OTLP/HTTP endpoint (default $OTEL_EXPORTER_OTLP_…)'],
  },
} as const satisfies Record<string, FlagSpec>;

/** `kitchen replay` alone reads it. */
export const REPLAY_FLAGS = {
  speed: {
    kind: 'value',
    key: 'speed',
    value: 'X',
    schema: decimalNumber(0, 1000),
    fix: 'use a number from 0 to 1000 (0: all at once, 1: as recorded), e.g. --speed 4',
    group: 'traces',
    help: ['replay speed: 1 as recorded, 4 four times faster,', '0 all at once (default 1)'],
  },
} as const satisfies Record<string, FlagSpec>;

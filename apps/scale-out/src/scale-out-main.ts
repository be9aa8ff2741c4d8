// `pnpm --filter @kitchen/scale-out scale-out [--era 2025|2026|both] [--jars N] [--show-config]`: three cookie-jars
// replicas behind HAProxy, a delegated audit through it, one replica killed mid-run, and what
// happened, for a person. App side.

import { parseArgs } from 'node:util';
import type { ProtocolEra } from '@kitchen/host';
import { describeScaleOut } from './describe-scale-out.js';
import { HaproxyMissingError } from './load-balancer.js';
import { cookieJarReplica } from './replica-programs.js';
import { runScaleOut } from './scale-out-run.js';

const ERAS: Record<string, ProtocolEra[]> = {
  '2025': ['2025-11-25'],
  '2026': ['2026-07-28'],
  both: ['2026-07-28', '2025-11-25'],
};

const { values } = parseArgs({
  options: {
    era: { type: 'string', default: 'both' },
    jars: { type: 'string', default: '30' },
    'show-config': { type: 'boolean', default: false },
  },
});
const eras = ERAS[values.era ?? 'both'];
const jars = Number(values.jars);
if (eras === undefined || !Number.isInteger(jars) || jars < 3 || jars > 500) {
  process.stderr.write('usage: scale-out [--era 2025|2026|both] [--jars 3..500] [--show-config]\n');
  process.exit(2);
}
let failed = false;
for (const era of eras) {
  try {
    const result = await runScaleOut({
      era,
      program: cookieJarReplica(era),
      jars,
      onProgress: (line) => process.stdout.write(`  · ${line}\n`),
    });
    if (values['show-config']) process.stdout.write(`\n${result.config}`);
    process.stdout.write(`\n${describeScaleOut(result)}\n\n`);
    failed ||= result.problems.length > 0;
  } catch (error) {
    process.stderr.write(`${error instanceof HaproxyMissingError ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
process.exitCode = failed ? 1 : 0;

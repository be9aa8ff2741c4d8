// How long a check of a 100-tool server takes without calls, first in a fresh process (the SDKs
// load) and then warm: the figure behind "a 100-tool server checked in ≤ 2 s". Printed, never
// asserted. Test side.
//
//   npx tsx src/testing/measure-check-speed.ts [--tools 100] [--rounds 5]

import { parseArgs } from 'node:util';
import { serveMcp } from '@kitchen/server-kit';
import { checkServer } from '../check-server.js';
import { buildManyToolServer } from './hundred-tool-server.js';

const { values } = parseArgs({
  options: { tools: { type: 'string', default: '100' }, rounds: { type: 'string', default: '5' } },
});
const toolCount = Number(values.tools);
const served = await serveMcp({
  name: 'many-tools',
  buildServer: () => buildManyToolServer(toolCount),
  log: { level: 'silent' },
});
try {
  const timings: number[] = [];
  for (let round = 0; round < Number(values.rounds); round += 1) {
    const started = performance.now();
    const report = await checkServer({ name: 'many-tools', url: served.url });
    timings.push(performance.now() - started);
    if (report.tools.length !== toolCount) throw new Error(`listed ${report.tools.length} tools, not ${toolCount}`);
  }
  const [first = 0, ...warm] = timings.map(Math.round);
  const median = [...warm].sort((left, right) => left - right)[Math.floor(warm.length / 2)] ?? first;
  process.stdout.write(
    `${toolCount} tools, both revisions, no calls: first ${first} ms, then median ${median} ms (${warm.join(', ')} ms)\n`,
  );
} finally {
  await served.close();
}

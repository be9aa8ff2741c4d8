// `pnpm tour N`: runs step N of the tour on the offline model and prints what it shows.
// `pnpm tour` lists the steps. `pnpm tour 6 --break` breaks a copy of the host to show a hang.

import { TOUR_STEPS } from './steps.js';
import { printerTo } from './tour-step.js';

const words = process.argv.slice(2).filter((argument) => argument !== '--');
const wanted = words.find((word) => !word.startsWith('--'));
const flags = new Set(words.filter((word) => word.startsWith('--')));
const output = printerTo((line) => process.stdout.write(`${line}\n`));

if (wanted === undefined) {
  output.say('The tour: one step at a time, on the offline model. Run `pnpm tour N`; read docs/tour.md.');
  for (const step of TOUR_STEPS) output.say(`  ${String(step.number).padStart(2)}  ${step.title}`);
} else {
  const step = TOUR_STEPS.find((candidate) => String(candidate.number) === wanted.replace(/^0+/, ''));
  if (step === undefined) {
    process.stderr.write(`There is no step ${JSON.stringify(wanted)}; the steps are 1 to ${TOUR_STEPS.length}.\n`);
    process.exitCode = 2;
  } else {
    output.say(`Step ${step.number}: ${step.title} (offline model)`);
    output.say();
    await step.run(output, flags);
  }
}

// @kitchen/compare as a library: one case run withheld or offered, the jar cases, the crossover.
// Host side; the tour uses it to show the comparison's figures.

export type { SweepPoint } from './crossover-chart.js';
export { crossover } from './crossover-chart.js';
export type { EvalCase } from './eval-case.js';
export { jarCase } from './eval-case.js';
export type { CaseResult, Variant } from './run-case.js';
export { runCase } from './run-case.js';

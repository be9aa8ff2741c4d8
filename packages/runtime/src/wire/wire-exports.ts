// The `@kitchen/runtime/wire` entry: what `kitchen wire` runs and prints, for the tour and its docs to
// run the same thing in-process. Runtime side.

export type { EraRecording, RecordErasOptions } from './era-recording.js';
export { ERAS, recordEras } from './era-recording.js';
export type { SideBySideOptions } from './side-by-side.js';
export { MIN_COLUMN, renderSideBySide } from './side-by-side.js';
export type { WireStepName } from './wire-steps.js';
export { WIRE_STEPS } from './wire-steps.js';

// The `@kitchen/host/testing` entry: fakes for tests of the host and of apps built on it. Host side.
// Real implementations of the seams (a scripted model, in-memory servers), not mocks.

export type { InMemoryServer } from './testing/connect-in-memory.js';
export { connectInMemory } from './testing/connect-in-memory.js';
export type {
  FakeMessagesApi,
  FakeRawReply,
  FakeReply,
  FakeScript,
  RecordedMessagesRequest,
} from './testing/fake-messages-api.js';
export { overloadedReply, startFakeMessagesApi, textReply, toolUseReply } from './testing/fake-messages-api.js';
export type { FixedModelReply } from './testing/fixed-model.js';
export { FixedModel } from './testing/fixed-model.js';
export type { RecordingContext } from './testing/recording-context.js';
export { collectEvents, createRecordingContext } from './testing/recording-context.js';
export type { SamplingEvent } from './testing/sampling-events.js';
export { samplingCharge, samplingEvents } from './testing/sampling-events.js';
export type { ScriptedModelOptions, ScriptedTurn, ScriptStep } from './testing/scripted-model.js';
export { ScriptedModel, textTurn, toolTurn } from './testing/scripted-model.js';
export type { ScriptedPerson } from './testing/scripted-person.js';
export { scriptedPerson } from './testing/scripted-person.js';
export type { TeamScript, TeamStep } from './testing/team-model.js';
export { isWorkerRequest, teamModel } from './testing/team-model.js';

// @kitchen/app: the kitchen CLI's building blocks, for the web UI and tests. App side.

export { cleanText, shortenLine } from './clean-text.js';
export { describeToolbox } from './describe-toolbox.js';
export { formatCents, formatDuration, formatTokens } from './format-units.js';
export { createHeldOutput, type HeldOutput } from './held-output.js';
export {
  CONFIG_FILE_NAME,
  type ConfigResult,
  findConfigFile,
  type KitchenConfig,
  type LaunchedServerEntry,
  loadKitchenConfig,
  parseKitchenConfig,
  type RemoteServerEntry,
  type ServerEntry,
} from './kitchen-config.js';
export { EXIT, type KitchenOutput, PROCESS_OUTPUT, type TextSink } from './kitchen-output.js';
export { createGate, createKitchenPolicy, type KitchenPolicy, type KitchenPolicyOptions } from './kitchen-policy.js';
export { demoTask, demoToolCallLimit, KITCHEN_SYSTEM_PROMPT, PASTRY_DEMO_TASK } from './kitchen-task.js';
export { type LaunchOptions, ServerStartError, START_TIMEOUT_MS, type StartedServer } from './launch-server.js';
export { paint, shouldUseColour } from './paint.js';
export {
  type CliCommand,
  DEFAULT_JARS,
  DEFAULT_SEED,
  type DemoScenario,
  type KitchenFlags,
  type ModelChoice,
  type ParsedArguments,
  parseCliArguments,
} from './parse-cli-arguments.js';
export { LINE_WIDTH, type RenderContext, renderEvent } from './render-event.js';
export { describeModel, type RunSummary, renderSummary } from './render-summary.js';
export { loadRulesFile } from './rules-file.js';
export { type RunKitchenOptions, runKitchen } from './run-kitchen.js';
export { parseSamplingRules, type SamplingRules, type SamplingRulesResult } from './sampling-rules.js';
export { serveServers } from './serve-servers.js';
export { type RunningServers, type StartServersOptions, startServers } from './start-servers.js';
export {
  createTerminalApprover,
  describeQuestion,
  SAMPLING_TOOL,
  type TerminalApproverOptions,
} from './terminal-approver.js';
export { createTerminalElicitationAsker, describeForm, ELICITATION_HELP } from './terminal-elicitation.js';
export {
  createTerminalPerson,
  type TerminalPerson,
  type TerminalPersonOptions,
  toolCallTimeoutMs,
} from './terminal-person.js';
export {
  createTerminalPrompt,
  type PromptInput,
  type PromptReader,
  type PromptReply,
  type TerminalPrompt,
  type TerminalPromptOptions,
} from './terminal-prompt.js';
export { createTerminalRenderer, type TerminalRenderer } from './terminal-renderer.js';
export { type KitchenWeb, type StartKitchenWebOptions, startKitchenWeb, WEB_HOST } from './web/start-kitchen-web.js';

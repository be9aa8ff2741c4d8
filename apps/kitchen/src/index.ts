// @kitchen/app: the kitchen CLI's building blocks, for the web UI and tests. App side.

export { cleanText, shortenLine } from './clean-text.js';
export { describeToolbox } from './describe-toolbox.js';
export { formatCents, formatDuration, formatTokens } from './format-units.js';
export {
  CONFIG_FILE_NAME,
  findConfigFile,
  loadKitchenConfig,
  parseKitchenConfig,
  type ConfigResult,
  type KitchenConfig,
  type LaunchedServerEntry,
  type RemoteServerEntry,
  type ServerEntry,
} from './kitchen-config.js';
export { EXIT, PROCESS_OUTPUT, type KitchenOutput, type TextSink } from './kitchen-output.js';
export { demoTask, demoToolCallLimit, KITCHEN_SYSTEM_PROMPT, PASTRY_DEMO_TASK } from './kitchen-task.js';
export { createGate, createKitchenPolicy, type KitchenPolicy, type KitchenPolicyOptions } from './kitchen-policy.js';
export { loadRulesFile } from './rules-file.js';
export { parseSamplingRules, type SamplingRules, type SamplingRulesResult } from './sampling-rules.js';
export { createHeldOutput, type HeldOutput } from './held-output.js';
export { createTerminalPrompt, type PromptInput, type PromptReader, type PromptReply, type TerminalPrompt, type TerminalPromptOptions } from './terminal-prompt.js';
export { createTerminalApprover, describeQuestion, SAMPLING_TOOL, type TerminalApproverOptions } from './terminal-approver.js';
export { createTerminalElicitationAsker, describeForm, ELICITATION_HELP } from './terminal-elicitation.js';
export { createTerminalPerson, toolCallTimeoutMs, type TerminalPerson, type TerminalPersonOptions } from './terminal-person.js';
export { paint, shouldUseColour } from './paint.js';
export {
  DEFAULT_JARS,
  DEFAULT_SEED,
  parseCliArguments,
  type CliCommand,
  type DemoScenario,
  type KitchenFlags,
  type ModelChoice,
  type ParsedArguments,
} from './parse-cli-arguments.js';
export { LINE_WIDTH, renderEvent, type RenderContext } from './render-event.js';
export { describeModel, renderSummary, type RunSummary } from './render-summary.js';
export { runKitchen, type RunKitchenOptions } from './run-kitchen.js';
export { serveServers } from './serve-servers.js';
export { ServerStartError, START_TIMEOUT_MS, type LaunchOptions, type StartedServer } from './launch-server.js';
export { startServers, type RunningServers, type StartServersOptions } from './start-servers.js';
export { createTerminalRenderer, type TerminalRenderer } from './terminal-renderer.js';
export { startKitchenWeb, WEB_HOST, type KitchenWeb, type StartKitchenWebOptions } from './web/start-kitchen-web.js';

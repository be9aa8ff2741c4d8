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
export { demoTask, demoToolCallLimit, KITCHEN_SYSTEM_PROMPT } from './kitchen-task.js';
export { createKitchenPolicy, type KitchenPolicy } from './kitchen-policy.js';
export { paint, shouldUseColour } from './paint.js';
export {
  DEFAULT_JARS,
  DEFAULT_SEED,
  parseCliArguments,
  type CliCommand,
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

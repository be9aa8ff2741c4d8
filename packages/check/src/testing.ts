// @kitchen/check/testing: the sloppy fixture server, for the tests of whatever runs a check (the
// CLI's end-to-end tests among them). Server side, test fixture.

export { buildManyToolServer } from './testing/hundred-tool-server.js';
export { inspectSloppyServer, serveSloppyServer } from './testing/serve-sloppy-server.js';
export {
  buildSloppyServer,
  DUMP_LOG_CHARS,
  LONG_TOOL_NAME,
  PLANTED_PROBLEMS,
  PLANTED_RESULT_PROBLEMS,
  SLOPPY_SERVER_NAME,
} from './testing/sloppy-server.js';

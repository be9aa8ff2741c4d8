// A small MCP client over the host's Toolbox, for the conformance suite's client scenarios: the
// runner starts a test server, runs this with the server's URL as the last argument, the scenario
// in MCP_CONFORMANCE_SCENARIO and the revision in MCP_CONFORMANCE_PROTOCOL_VERSION, and judges
// what crossed the wire. The toolbox picks the era itself (server/discover first, then the 2025
// handshake), as it does for any server. Test only.

import { createElicitationHandler } from '../src/elicitation-handler.js';
import { MAIN_AGENT } from '../src/tool-types.js';
import { Toolbox } from '../src/toolbox.js';

const url = process.argv.at(-1) ?? '';
const scenario = process.env['MCP_CONFORMANCE_SCENARIO'] ?? 'initialize';
// Credentials the scenario hands out: a pre-registered client (authorization server without a
// registration endpoint), or a client for the client-credentials grant (secret or private key).
const suiteContext: {
  /** Calls a scenario wants made, with its own arguments (the 2026 header scenarios). */
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
} = JSON.parse(process.env['MCP_CONFORMANCE_CONTEXT'] ?? '{}');
const credentials = {
  ...(suiteContext.client_id === undefined ? {} : { clientId: suiteContext.client_id }),
  ...(suiteContext.client_secret === undefined ? {} : { clientSecret: suiteContext.client_secret }),
  ...(suiteContext.private_key_pem === undefined ? {} : { privateKey: suiteContext.private_key_pem }),
  ...(suiteContext.signing_algorithm === undefined ? {} : { algorithm: suiteContext.signing_algorithm }),
};
// Only the auth scenarios sign in: a server with OAuth settings is connected the 2025 way.
const oauth = !scenario.startsWith('auth/')
  ? undefined
  : scenario.startsWith('auth/client-credentials-')
    ? { grant: 'client_credentials' as const, ...credentials }
    : // The suite's authorization servers that accept a metadata document as client id expect this one.
      { clientMetadataUrl: 'https://conformance-test.local/client-metadata.json', ...credentials };

const toolbox = await Toolbox.connect([{ name: 'conformance', url, ...(oauth === undefined ? {} : { oauth }) }], {
  clientName: 'mcp-kitchen-conformance',
  // The suite's test servers answer at once; a loaded machine must not turn a slow probe into the 2025 handshake.
  connectTimeoutMs: 30_000,
  // The person's browser, headless: the suite's authorization page redirects at once. Only the
  // auth scenarios get one: a server that may need a sign-in is connected the 2025 way.
  ...(oauth === undefined
    ? {}
    : { authorization: { onAuthorizationUrl: ({ url: page }: { url: URL }) => void followRedirect(page) } }),
  handlers: {
    // A person who accepts every form as it stands (the SDK fills in the schema's defaults,
    // SEP-1034) and ticks a yes/no box that has none.
    elicitation: createElicitationHandler({
      person: { fillIn: async ({ schema }) => ({ action: 'accept', content: tickUndecidedBoxes(schema) }) },
    }),
  },
});
const failed = toolbox.unavailable[0];
if (failed !== undefined) {
  process.stderr.write(`${failed.error.message}\n`);
  process.exit(1);
}

const context = { callId: 'conformance', agent: MAIN_AGENT, signal: new AbortController().signal, emit: () => {} };
type Call = [string, Record<string, unknown>];
let exitCode = 0;
for (const batch of plannedCalls()) {
  // A batch runs at once: sep-2322 checks that a call made while another waits for input carries none of its state.
  await Promise.all(
    batch.map(async ([name, input]) => {
      const outcome = await toolbox.call(name, input, context);
      process.stdout.write(`${name}: ${outcome.content}\n`);
      if (outcome.isError && !mayFail(name)) exitCode = 1;
    }),
  );
}
await toolbox.close();
process.exit(exitCode);

/** What the scenario expects the client to call, batch by batch; nothing means list only. */
function plannedCalls(): Call[][] {
  if (suiteContext.toolCalls !== undefined) {
    return suiteContext.toolCalls.map((call): Call[] => [[call.name, call.arguments]]);
  }
  switch (scenario) {
    case 'tools_call':
      return [[['add_numbers', { a: 5, b: 3 }]]];
    case 'elicitation-sep1034-client-defaults':
      return [[['test_client_elicitation_defaults', {}]]];
    case 'sse-retry':
      return [[['test_reconnection', {}]]];
    case 'json-schema-2020-12-preservation': {
      // The schema goes back exactly as the toolbox holds it: a keyword it dropped shows in the echo.
      const schema = toolbox.find('json_schema_2020_12_tool')?.inputSchema;
      return schema === undefined ? [] : [[['json_schema_echo', { schema }]]];
    }
    case 'sep-2322-client-request-state':
      return [
        [
          ['test_mrtr_echo_state', {}],
          ['test_mrtr_unrelated', {}],
        ],
        [['test_mrtr_no_state', {}]],
        [['test_mrtr_no_result_type', {}]],
      ];
    case 'http-invalid-tool-headers':
      // Everything the toolbox offers: a tool with a malformed x-mcp-header must not be among it.
      return [toolbox.list().map((tool): Call => [tool.name, {}])];
    default:
      // Every auth scenario serves one tool behind its authorization server.
      return scenario.startsWith('auth/') ? [[['test-tool', {}]]] : [];
  }
}

/** The suite's mock tools that answer with an error on purpose. */
function mayFail(name: string): boolean {
  return scenario === 'http-invalid-tool-headers' && name !== 'valid_tool';
}

function tickUndecidedBoxes(schema: { properties?: Record<string, { type?: string; default?: unknown }> }) {
  const content: Record<string, boolean> = {};
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    if (property.type === 'boolean' && property.default === undefined) content[field] = true;
  }
  return content;
}

async function followRedirect(page: URL): Promise<void> {
  const response = await fetch(page, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location !== null) await fetch(location);
}

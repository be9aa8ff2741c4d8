// A small MCP client over the host's Toolbox, for the conformance suite's client scenarios: the
// runner starts a test server, runs this with the server's URL as the last argument and the
// scenario in MCP_CONFORMANCE_SCENARIO, and judges what crossed the wire. Test only.

import { createElicitationHandler } from '../src/elicitation-handler.js';
import { MAIN_AGENT } from '../src/tool-types.js';
import { Toolbox } from '../src/toolbox.js';

const url = process.argv.at(-1) ?? '';
const scenario = process.env['MCP_CONFORMANCE_SCENARIO'] ?? 'initialize';
// Credentials the scenario hands out: a pre-registered client (authorization server without a
// registration endpoint), or a client for the client-credentials grant (secret or private key).
const suiteContext: {
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
const oauth = scenario.startsWith('auth/client-credentials-')
  ? { grant: 'client_credentials' as const, ...credentials }
  : // The suite's authorization servers that accept a metadata document as client id expect this one.
    { clientMetadataUrl: 'https://conformance-test.local/client-metadata.json', ...credentials };

const toolbox = await Toolbox.connect(
  [
    {
      name: 'conformance',
      url,
      oauth,
    },
  ],
  {
    clientName: 'mcp-kitchen-conformance',
    // The person's browser, headless: the suite's authorization page redirects at once.
    authorization: { onAuthorizationUrl: ({ url: page }) => void followRedirect(page) },
    handlers: {
      // A person who accepts every form as it stands: the SDK fills in the schema's defaults (SEP-1034).
      elicitation: createElicitationHandler({ person: { fillIn: async () => ({ action: 'accept', content: {} }) } }),
    },
  },
);
const failed = toolbox.unavailable[0];
if (failed !== undefined) {
  process.stderr.write(`${failed.error.message}\n`);
  process.exit(1);
}

const context = { callId: 'conformance', agent: MAIN_AGENT, signal: new AbortController().signal, emit: () => {} };
const calls: Record<string, [string, Record<string, unknown>]> = {
  tools_call: ['add_numbers', { a: 5, b: 3 }],
  'elicitation-sep1034-client-defaults': ['test_client_elicitation_defaults', {}],
  'sse-retry': ['test_reconnection', {}],
};
// Every auth scenario serves one tool behind its authorization server.
const call = scenario.startsWith('auth/') ? (['test-tool', {}] as [string, Record<string, unknown>]) : calls[scenario];
let exitCode = 0;
if (call !== undefined) {
  const outcome = await toolbox.call(call[0], call[1], context);
  process.stdout.write(`${call[0]}: ${outcome.content}\n`);
  if (outcome.isError) exitCode = 1;
}
await toolbox.close();
process.exit(exitCode);

async function followRedirect(page: URL): Promise<void> {
  const response = await fetch(page, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location !== null) await fetch(location);
}

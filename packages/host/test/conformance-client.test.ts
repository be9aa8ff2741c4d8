// The conformance suite's client scenarios (@modelcontextprotocol/conformance, pinned in the
// catalog) against the host's Toolbox through test/conformance-client.ts. The suite's test servers
// listen on every interface, so each run is inside a private network namespace with loopback only.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const conformanceCli = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')),
  'dist/index.js',
);
const hostDirectory = fileURLToPath(new URL('..', import.meta.url));
const NON_AUTH_SCENARIOS = ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry'];
// OAuth 2.1 (suite "auth"), the 2025-03-26 back-compat pair, and the client-credentials extension.
const AUTH_SCENARIOS = [
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/resource-mismatch',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/client-credentials-basic',
  'auth/client-credentials-jwt',
];

function runScenario(scenario: string): Promise<{ code: number | null; output: string }> {
  const command = `node ${conformanceCli} client --command 'node --import tsx test/conformance-client.ts' --scenario ${scenario}`;
  const child = spawn('unshare', ['-n', 'sh', '-c', `ip link set lo up && ${command}`], {
    cwd: hostDirectory,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

describe('conformance 0.1.13, client side', () => {
  for (const scenario of [...NON_AUTH_SCENARIOS, ...AUTH_SCENARIOS]) {
    it(`passes ${scenario}`, { timeout: 120_000 }, async () => {
      const result = await runScenario(scenario);
      expect(result.output).toMatch(/Passed: (\d+)\/\1, 0 failed, 0 warnings/);
      expect(result.output).toContain('OVERALL: PASSED');
      expect(result.code).toBe(0);
    });
  }
});

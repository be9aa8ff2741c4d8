// What the v2 client SDK imports as `@modelcontextprotocol/client/_shims` in the kitchen's bundled
// CLI (scripts/build-package.mjs points that import here). Client side; the servers' twin is
// packages/server-kit/src/sdk-node-shims.ts.
//
// The client SDK's Node shim makes Ajv (bundled into the SDK, a fifth of a megabyte) the default
// JSON Schema validator, so the CLI parsed and held Ajv's code on every run whether or not a tool
// declared an output schema. Its workerd and browser shims pick @cfworker/json-schema instead,
// which the SDK ships as `validators/cf-worker`. The CLI takes that one: a 2026 tool's
// structuredContent is still checked against its outputSchema (the 2020-12 dialect), every failed
// keyword named. Under tsx and vitest the SDK's own Node shim (Ajv) still runs.

import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';

/** Reports every failed keyword, not only the first, as the Ajv default (allErrors) did. */
export class DefaultJsonSchemaValidator extends CfWorkerJsonSchemaValidator {
  constructor() {
    super({ shortcircuit: false });
  }
}

/** In Node a `TypeError` from fetch is a real network error, never CORS (as the SDK's Node shim says). */
export const CORS_IS_POSSIBLE = false;

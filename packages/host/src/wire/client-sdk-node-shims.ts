// What the v2 client SDK imports as `@modelcontextprotocol/client/_shims` when a host is bundled
// (the bundler points that import here). Client side; the server kit has its twin for servers.
//
// The client SDK's Node shim makes Ajv (bundled into the SDK, a fifth of a megabyte) the default
// JSON Schema validator, so the CLI parsed and held Ajv's code on every run whether or not a tool
// declared an output schema. Its workerd and browser shims pick @cfworker/json-schema instead,
// which the SDK ships as `validators/cf-worker`. The CLI takes that one: a 2026 tool's
// structuredContent is still checked against its outputSchema (the 2020-12 dialect), every failed
// keyword named. Run from source, unbundled, the SDK's own Node shim (Ajv) still runs.

import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';

/** Reports every failed keyword, not only the first, as the Ajv default (allErrors) did. */
export class DefaultJsonSchemaValidator extends CfWorkerJsonSchemaValidator {
  constructor() {
    super({ shortcircuit: false });
  }
}

/** In Node a `TypeError` from fetch is a real network error, never CORS (as the SDK's Node shim says). */
export const CORS_IS_POSSIBLE = false;

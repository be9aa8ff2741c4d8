// What the v2 server SDK imports as `@modelcontextprotocol/server/_shims` in the kitchen's bundled
// servers (scripts/build-package.mjs points that import here). Server side.
//
// The SDK's Node shim makes Ajv the default JSON Schema validator, so every server process parsed
// and held Ajv's code (a fifth of a megabyte) whether or not a schema was ever checked; its
// workerd and browser shims pick @cfworker/json-schema instead, which the SDK bundles and ships as
// `validators/cf-worker`. The kitchen's servers take that one: raw JSON Schema tool inputs
// (fromJsonSchema) and elicitation answers are still validated, against the same 2020-12 dialect.

import process from 'node:process';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';

/** Reports every failed keyword, not only the first, as the Ajv default (allErrors) did. */
export class DefaultJsonSchemaValidator extends CfWorkerJsonSchemaValidator {
  constructor() {
    super({ shortcircuit: false });
  }
}

export { process };

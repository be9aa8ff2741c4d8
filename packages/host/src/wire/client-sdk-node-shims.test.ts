import { describe, expect, it } from 'vitest';
import { CORS_IS_POSSIBLE, DefaultJsonSchemaValidator } from './client-sdk-node-shims.js';

// The validator the CLI's bundle gives the v2 client in place of Ajv: a 2026 tool's
// structuredContent is still checked against its outputSchema.
describe('the CLI bundle’s client SDK shims', () => {
  const outputSchema = {
    type: 'object',
    properties: { id: { type: 'integer' }, label: { type: 'string', minLength: 1 } },
    required: ['id', 'label'],
  } as const;

  it('accepts structured content that matches the output schema', () => {
    const check = new DefaultJsonSchemaValidator().getValidator(outputSchema);
    expect(check({ id: 7, label: 'Biscotti' })).toMatchObject({ valid: true });
  });

  it('rejects content that does not, naming every failed keyword rather than the first', () => {
    const check = new DefaultJsonSchemaValidator().getValidator(outputSchema);
    const result = check({ id: 'seven', label: '' });
    expect(result.valid).toBe(false);
    const message = result.valid ? '' : result.errorMessage;
    expect(message).toContain('#/id: Instance type "string" is invalid. Expected "integer".');
    expect(message).toContain('#/label: String is too short (0 < 1).');
  });

  it('says a fetch TypeError in Node is never CORS', () => {
    expect(CORS_IS_POSSIBLE).toBe(false);
  });
});

// The jar-id input schema is built once per shelf size, for every McpServer the kit builds (one per
// 2026-07-28 request). Pure; no network.

import { describe, expect, it } from 'vitest';
import { jarIdInput } from './jar-schemas.js';

describe('jarIdInput', () => {
  it('gives every server of one shelf size the same schema object', () => {
    expect(jarIdInput(80)).toBe(jarIdInput(80));
    expect(jarIdInput(12)).not.toBe(jarIdInput(80));
  });

  it('names the range of its own shelf size and refuses a fraction with the field named', () => {
    expect(jarIdInput(12).shape.id.description).toBe('Jar id, a whole number from 1 to 12.');
    expect(jarIdInput(80).shape.id.description).toBe('Jar id, a whole number from 1 to 80.');
    const refused = jarIdInput(80).safeParse({ id: 2.5 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('id must be a whole number (got 2.5)');
  });
});

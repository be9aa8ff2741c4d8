import { describe, expect, it } from 'vitest';
import { readableJson } from './readable-json.js';

describe('readableJson', () => {
  it('leaves out "jsonrpc" and elides capabilities and schemas behind {…}', () => {
    const text = readableJson({
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: { sampling: {} }, clientInfo: { name: 'k' } },
      jsonrpc: '2.0',
      id: 0,
    });
    expect(text).toBe(
      '{"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{…},"clientInfo":{…}},"id":0}',
    );
  });

  it('names a long _meta by its keys without the io.modelcontextprotocol/ prefix, and keeps a short one whole', () => {
    const long = readableJson({
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': {},
          progressToken: 1,
        },
      },
    });
    expect(long).toBe('{"params":{"_meta":{…protocolVersion,clientInfo,progressToken}}}');
    expect(readableJson({ params: { _meta: { progressToken: 3 } } })).toBe('{"params":{"_meta":{"progressToken":3}}}');
  });

  it('shows each listed tool by its name only, and cuts long strings and a sealed requestState', () => {
    const text = readableJson({
      result: {
        tools: [{ name: 'bake', inputSchema: { type: 'object' } }],
        note: 'x'.repeat(100),
        requestState: 'y'.repeat(40),
      },
    });
    expect(text).toBe(
      `{"result":{"tools":[{"name":"bake",…}],"note":"${'x'.repeat(47)}…","requestState":"${'y'.repeat(11)}…"}}`,
    );
  });
});

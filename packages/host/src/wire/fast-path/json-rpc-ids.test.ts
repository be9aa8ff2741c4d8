import { describe, expect, it } from 'vitest';
import { answeredId, jsonRpcRequestIds } from './json-rpc-ids.js';

describe('jsonRpcRequestIds', () => {
  it('reads the id of a request as the SDK writes it, whatever the params hold', () => {
    const body = JSON.stringify({
      method: 'tools/call',
      params: { name: 'inspect_jar', arguments: { id: 99, note: '"id":5}' } },
      jsonrpc: '2.0',
      id: 7,
    });
    expect(jsonRpcRequestIds(body)).toEqual([7]);
    expect(jsonRpcRequestIds('{"method":"ping","jsonrpc":"2.0","id":"a\\"b"}')).toEqual(['a"b']);
  });

  it('finds no request in an answer to the server or a notification, and every request in a batch', () => {
    expect(jsonRpcRequestIds('{"result":{"content":[]},"jsonrpc":"2.0","id":3}')).toEqual([]);
    expect(jsonRpcRequestIds('{"method":"notifications/initialized","jsonrpc":"2.0"}')).toEqual([]);
    expect(jsonRpcRequestIds('{"method":"x","params":{"id":4},"jsonrpc":"2.0"}')).toEqual([]);
    const batch =
      '[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"b"},{"jsonrpc":"2.0","id":"z","method":"c"}]';
    expect(jsonRpcRequestIds(batch)).toEqual([1, 'z']);
    expect(jsonRpcRequestIds('not json')).toEqual([]);
  });
});

describe('answeredId', () => {
  it('reads the id an answer carries, in either key order, without being fooled by ids inside it', () => {
    expect(answeredId('{"result":{"content":[{"type":"text","text":"{\\"id\\":5}"}]},"jsonrpc":"2.0","id":12}')).toBe(
      12,
    );
    expect(answeredId('{"jsonrpc":"2.0","id":"call-1","error":{"code":-32602,"message":"bad"}}')).toBe('call-1');
    expect(answeredId('{"id":4,"jsonrpc":"2.0","result":{}}')).toBe(4);
    expect(answeredId(`{"result":{"text":"${'x'.repeat(5_000)}"},"jsonrpc":"2.0","id":-1}`)).toBe(-1);
  });

  it('answers nothing for a request or notification from the server, or a line that is not whole JSON', () => {
    expect(answeredId('{"method":"notifications/progress","params":{"id":5},"jsonrpc":"2.0"}')).toBeUndefined();
    expect(answeredId('{"method":"sampling/createMessage","params":{},"jsonrpc":"2.0","id":0}')).toBeUndefined();
    expect(answeredId('{"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"result":1}}')).toBeUndefined();
    expect(answeredId('{"result":{"content":[')).toBeUndefined();
  });
});

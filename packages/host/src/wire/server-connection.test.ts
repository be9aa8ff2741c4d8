import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.js';
import { parseServerConnections } from './server-connection.js';

describe('parseServerConnections', () => {
  it('accepts a list of named http servers with optional headers', () => {
    const servers = [{ name: 'cookie-jars', url: 'http://127.0.0.1:3001/mcp', headers: { authorization: 'Bearer t' } }];
    expect(parseServerConnections(servers)).toEqual(servers);
  });

  it('names the field and the fix for every bad entry', () => {
    const attempt = () =>
      parseServerConnections([
        { name: 'dice', url: 'dice.local' },
        { name: 'two words', url: 'http://127.0.0.1/mcp', port: 1 },
      ]);
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(/servers\[0\]\.url: use an http:\/\/ or https:\/\/ URL/);
    expect(attempt).toThrow(/servers\[1\]\.name: use 1-32 letters/);
    expect(attempt).toThrow(/servers\[1\]: Unrecognized key: "port"/);
  });

  it('refuses two servers with one name and the name reserved for local tools', () => {
    expect(() =>
      parseServerConnections([
        { name: 'dice', url: 'http://a/' },
        { name: 'dice', url: 'http://b/' },
      ]),
    ).toThrow('Two servers are named "dice"');
    expect(() => parseServerConnections([{ name: 'local', url: 'http://a/' }])).toThrow('reserved for the host');
  });
});

// Reads an HTTP request body as JSON with a size and a depth limit, so a bad, huge or deeply
// nested body gets a clear answer instead of reaching the MCP server. Server side.

import type { IncomingMessage } from 'node:http';
import { nestsDeeperThan } from './json-depth.js';

export type JsonBody =
  | { kind: 'parsed'; value: unknown }
  | { kind: 'too-large' }
  | { kind: 'too-deep' }
  | { kind: 'invalid-json'; detail: string };

export function readJsonBody(request: IncomingMessage, maxBytes: number, maxDepth: number): Promise<JsonBody> {
  const declaredLength = Number(request.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
    // Drain without buffering; the caller answers 413 and closes the connection.
    request.resume();
    return Promise.resolve({ kind: 'too-large' });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > maxBytes) {
        request.off('data', onData).off('end', onEnd).off('error', reject);
        request.resume();
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const bytes = Buffer.concat(chunks);
      // Scanned before parsing: one cheap pass, and a deep body is never turned into a value.
      resolve(nestsDeeperThan(bytes, maxDepth) ? { kind: 'too-deep' } : parseJson(bytes.toString('utf8')));
    };
    request.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

function parseJson(text: string): JsonBody {
  if (text.trim() === '') return { kind: 'invalid-json', detail: 'the body is empty' };
  try {
    return { kind: 'parsed', value: JSON.parse(text) as unknown };
  } catch (error) {
    return { kind: 'invalid-json', detail: (error as Error).message };
  }
}

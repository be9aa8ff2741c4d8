// Preloaded into every server the kitchen starts (node --import), beside exit-with-parent.ts:
// Node's fetch parses HTTP responses with a WebAssembly build of llhttp, and on Node 20 merely
// touching `Request`/`Response` (which the v2 SDK's Streamable HTTP transport does to answer
// requests) compiles it. A server that never makes an outbound request paid for that all the same:
// the wasm compiler's code paged in from the node binary and its working memory, about 4 MiB of
// peak RSS. Here the compile waits until fetch opens its first connection, so a server that calls
// out still can, and one that does not never compiles it (a Node whose fetch compiles the parser
// lazily by itself matches nothing here). Child side of the app; it never touches
// the server's MCP traffic.

import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/** Published by Node's fetch (undici) before it opens a connection: the parser is needed now. */
export const BEFORE_CONNECT_CHANNEL = 'undici:client:beforeConnect';
/** The function in Node's bundled undici that compiles the parser when undici loads. */
const PARSER_COMPILER = /\blazyllhttp\b/;

/** The one member used here (the app's tsconfig has no WebAssembly declarations of its own). */
interface WasmCompiler {
  compile(bytes: ArrayBufferView | ArrayBuffer): Promise<unknown>;
}

/**
 * Makes fetch's parser compile on first connect instead of when undici loads. Other
 * WebAssembly.compile callers are untouched. Returns how many compiles are still waiting (for tests).
 */
export function deferFetchParser(): { waiting(): number } {
  const wasm = (globalThis as { WebAssembly?: WasmCompiler }).WebAssembly;
  if (wasm === undefined) return { waiting: () => 0 };
  const compile = wasm.compile.bind(wasm);
  const waiting: Array<() => void> = [];
  let needed = false;
  const startWaiting = () => {
    needed = true;
    unsubscribe(BEFORE_CONNECT_CHANNEL, startWaiting);
    for (const start of waiting.splice(0)) start();
  };
  subscribe(BEFORE_CONNECT_CHANNEL, startWaiting);
  wasm.compile = (bytes) => {
    if (needed || !PARSER_COMPILER.test(new Error().stack ?? '')) return compile(bytes);
    return new Promise<unknown>((resolve, reject) => {
      waiting.push(() => compile(bytes).then(resolve, reject));
    });
  };
  return { waiting: () => waiting.length };
}

// Only in a process the kitchen started (launch-server.ts sets this), never in a test importing it.
if (process.env['KITCHEN_PARENT_PIPE'] === 'stdin') deferFetchParser();

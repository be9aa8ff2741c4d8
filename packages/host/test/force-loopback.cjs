// Preload (`node --require`) for third-party MCP servers that listen on every interface, such as
// @modelcontextprotocol/server-everything: every TCP listen() is forced onto 127.0.0.1, and the
// real address is printed on stderr so a test can find a server started with PORT=0. Test only.
'use strict';
const net = require('node:net');

const LOOPBACK = '127.0.0.1';
const originalListen = net.Server.prototype.listen;

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const callback = typeof args.at(-1) === 'function' ? args.pop() : undefined;
  const [first] = args;
  let options;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    options = { port: Number(first), host: LOOPBACK };
  } else if (
    first !== null &&
    typeof first === 'object' &&
    !('fd' in first) &&
    !('_handle' in first) &&
    first.path === undefined
  ) {
    options = { ...first, host: LOOPBACK };
  } else if (first === undefined) {
    options = { port: 0, host: LOOPBACK };
  } else {
    // A pipe path or a handle: not a network socket, leave it alone.
    return originalListen.call(this, ...args, ...(callback ? [callback] : []));
  }
  this.once('listening', () => {
    const address = this.address();
    if (address && typeof address === 'object')
      process.stderr.write(`LOOPBACK LISTENING ${address.address}:${address.port}\n`);
  });
  return originalListen.call(this, options, ...(callback ? [callback] : []));
};

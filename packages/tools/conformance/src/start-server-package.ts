// Starts a server package's own entry the way a person would (`node --import tsx src/main.ts
// --port 0`) and waits for its listening line. Test side: the child is the server under test.

import { type ServerProcess, startServerProcess } from '@kitchen/server-kit/testing';
import type { ServerPackage } from './discover-servers.js';

export function startServerPackage(server: ServerPackage): Promise<ServerProcess> {
  // One process: the tsx CLI would add a wrapper that a SIGKILL orphans the server behind.
  return startServerProcess(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0'], {
    cwd: server.packageDirectory,
  });
}

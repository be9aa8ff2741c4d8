// What runs as one cookie-jars replica in each protocol era. App side.

import { join } from 'node:path';
import type { ProtocolEra } from '@kitchen/host';
import { APP_DIRECTORY, KITCHEN_ROOT } from '../app-paths.js';
import type { ReplicaProgram } from './replica-set.js';

/**
 * 2025-11-25: the cookie-jars example server (sessions, served by the server kit). 2026-07-28: the
 * same tools served statelessly by the v2 SDK (the test fixture, until the kit serves the example
 * servers in this era).
 */
export function cookieJarReplica(era: ProtocolEra): ReplicaProgram {
  if (era === '2026-07-28') {
    return {
      packageDirectory: APP_DIRECTORY,
      entryFile: join(APP_DIRECTORY, 'test', 'fixtures', 'modern-cookie-jars.ts'),
      args: [],
    };
  }
  const packageDirectory = join(KITCHEN_ROOT, 'servers', 'cookie-jars');
  return { packageDirectory, entryFile: join(packageDirectory, 'src', 'main.ts'), args: [] };
}

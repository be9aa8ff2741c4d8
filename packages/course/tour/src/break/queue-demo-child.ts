// The child process of `tour 6 --break`: runs the queue demo against the host copy whose folder is
// its first argument, printing each lane event as it comes. The parent watches and stops it.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runQueueDemo } from './queue-demo.js';

const hostFolder = process.argv[2];
if (hostFolder === undefined) throw new Error('usage: queue-demo-child.ts HOST_FOLDER');
// A kitchen's server connections keep its process alive while a run waits; an in-memory run has
// none, so this timer plays them (without it node would exit 13, "unsettled top-level await").
const keepAlive = setInterval(() => {}, 1_000);
const load = (file: string) => import(pathToFileURL(join(hostFolder, 'src', file)).href);
await runQueueDemo({ host: await load('index.ts'), testing: await load('testing.ts') }, (line) =>
  process.stdout.write(`${line}\n`),
);
clearInterval(keepAlive);
process.stdout.write('RUN ENDED\n');

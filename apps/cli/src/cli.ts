#!/usr/bin/env node
// The `kitchen` command's entry: sets up the process, then loads the command line's code
// (cli/kitchen-main.ts) with a dynamic import, so that what follows runs before anything of the
// kitchen is loaded. App side; nothing a server or the model sees.
//
// The CLI process keeps V8's young generation at its first size.
// V8 doubles each semi-space of the young generation (where new objects are made) as allocation
// goes on, up to 16 MiB each on 64-bit, and seldom gives it back: on the 80-jar demo the CLI's
// heap reached 56 MiB, half of it an empty young generation. The servers get
// `--max-semi-space-size=1` on their command line (server-processes/server-node-flags.ts); the CLI
// is started by the person (`node dist/cli.js`, `pnpm kitchen`, the `kitchen` bin), so it sets
// the one flag V8 still reads once running: growth factor 1, so the semi-spaces never grow past
// their first size (1 MiB); set here, before the first import of the kitchen's code
// allocates. Measured on the 80-jar demo, alternating runs at load 11: heap 28 MiB
// at exit instead of 56, peak RSS about 10 MiB lower, CPU the same within the noise (740 ms
// against 724 ms, four runs each).

import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--semi-space-growth-factor=1');

await import('./cli/kitchen-main.js');

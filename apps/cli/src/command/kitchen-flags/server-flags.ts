// The kitchen CLI's flags for the servers a command reaches and how the host speaks to them: the
// config file, servers added by hand, roots, start timeout, OAuth sign-in, the MCP revision
// (--protocol) and the log level. Rows of the flag table (kitchen-flags.ts); app side.

import { LOG_LEVELS, PROTOCOL_SETTINGS } from '@kitchen/host';
import { z } from 'zod';
import type { FlagSpec } from './flag-spec.js';
import { nonEmpty, wholeNumber } from './flag-value-schemas.js';

export const SERVER_FLAGS = {
  config: {
    kind: 'value',
    key: 'configPath',
    value: 'FILE',
    schema: nonEmpty,
    fix: 'name a JSON file, e.g. --config kitchen.config.json',
    group: 'run',
    help: ['the "mcpServers" config (default: the nearest', 'kitchen.config.json); see apps/cli/README.md'],
  },
  server: {
    kind: 'list',
    key: 'servers',
    value: 'NAME=URL',
    // parseServerFlag (config/mcp-servers.ts) reads the target when the config is loaded.
    schema: z.string(),
    fix: 'write it as --server NAME=http://host/mcp or --server "NAME=command arg…"',
    group: 'run',
    help: [
      'add a server for this command, over Streamable HTTP; or',
      '--server "NAME=CMD ARGS" over stdio (the host spawns it);',
      'repeatable',
    ],
  },
  root: {
    kind: 'list',
    key: 'roots',
    value: 'DIR',
    schema: nonEmpty,
    fix: 'name a folder servers may work in, e.g. --root .',
    group: 'run',
    help: ['a folder the host offers servers as a root (roots/list);', 'repeatable (default: the working directory)'],
  },
  'start-timeout': {
    kind: 'value',
    key: 'startTimeoutMs',
    value: 'S',
    schema: wholeNumber(1, 3600).transform((seconds) => seconds * 1000),
    fix: 'use whole seconds from 1 to 3600, e.g. --start-timeout 60',
    group: 'run',
    help: [
      'seconds a started server has to say it listens (default 20),',
      'stretched by the load per core on a busy machine (up to 10×),',
      'and a stdio server to start and answer (default 60)',
    ],
  },
  'open-browser': {
    kind: 'switch',
    key: 'openBrowser',
    sets: true,
    group: 'run',
    help: ['open the sign-in page of a server that asks for OAuth in', 'the browser (its URL is always printed)'],
  },
  protocol: {
    kind: 'value',
    key: 'protocol',
    value: 'REVISION',
    schema: z.enum(PROTOCOL_SETTINGS),
    fix: 'use auto (2026-07-28 where offered, else 2025-11-25), 2025-11-25 or 2026-07-28',
    group: 'run',
    help: [
      'the MCP revision for every server: auto (default: 2026-07-28',
      'where offered, else 2025-11-25), 2025-11-25 or 2026-07-28',
    ],
  },
  'log-level': {
    kind: 'value',
    key: 'logLevel',
    value: 'LEVEL',
    schema: z.enum(LOG_LEVELS),
    fix: `use one of ${LOG_LEVELS.join(', ')}`,
    group: 'run',
    help: [
      'ask servers that log for this level and up (debug, info,',
      'notice, warning, error, critical, alert, emergency)',
    ],
  },
} as const satisfies Record<string, FlagSpec>;

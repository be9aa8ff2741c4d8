// Parses a server process's flags and environment with zod: the common ones (--port, --host,
// --token, --allow-origin) plus the server's own. A bad value becomes one line naming the flag,
// the value and the fix. Server side.

import { parseArgs } from 'node:util';
import { z } from 'zod';
import { describeTokenProblem } from './check-serve-options.js';
import { DEFAULT_IDLE_SESSION_MS, DEFAULT_MAX_SESSIONS } from './mcp-http-handler.js';
import { normalizeOrigin } from './request-guard.js';
import { PROTOCOL_ERAS, type ProtocolEraVersion } from './served-server.js';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS } from './structured-log.js';
import { wholeNumberFlag, wholeNumberText } from './whole-number.js';

const commonFlags = {
  port: wholeNumberFlag({ min: 0, max: 65535, fallback: 0, hint: '(0 picks any free port)' }),
  host: z.string().min(1, { error: 'use an address such as 127.0.0.1' }).default('127.0.0.1'),
  token: z
    .string()
    .check((context) => {
      const problem = describeTokenProblem(context.value);
      if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value });
    })
    .optional(),
  allowOrigin: z
    .array(
      z.string().refine((origin) => normalizeOrigin(origin) !== undefined, {
        error: 'use an origin such as http://example.test:5173 (scheme, host and optional port)',
      }),
    )
    .default([]),
  idleSessionMs: wholeNumberText({ min: 1, hint: '(milliseconds)' }).optional(),
  maxSessions: wholeNumberText({ min: 1 }).optional(),
  maxSessionsPerClient: wholeNumberText({ min: 1 }).optional(),
  logLevel: z.enum(LOG_LEVELS, { error: `use one of ${LOG_LEVELS.join(', ')}` }).optional(),
  eras: z
    .string()
    .transform((text, context) => {
      const eras = new Set<ProtocolEraVersion>();
      for (const part of text.split(',').map((item) => item.trim())) {
        // "2025" and "2026" are short for the one revision of that era the kit serves.
        const era = PROTOCOL_ERAS.find((revision) => revision === part || revision.slice(0, 4) === part);
        if (era === undefined) {
          context.issues.push({
            code: 'custom',
            message: `use ${PROTOCOL_ERAS.join(', ')} or both, comma-separated`,
            input: text,
          });
          return z.NEVER;
        }
        eras.add(era);
      }
      return PROTOCOL_ERAS.filter((era) => eras.has(era));
    })
    .optional(),
};

const commonHelp: Record<string, string> = {
  port: 'port to listen on (default 0: any free port)',
  host: 'address to bind (default 127.0.0.1; any other address needs --token)',
  token: 'require "Authorization: Bearer <token>" (also KITCHEN_TOKEN)',
  allowOrigin: 'accept requests from this browser origin too (repeatable)',
  idleSessionMs: `close a session idle this long (default ${DEFAULT_IDLE_SESSION_MS})`,
  maxSessions: `sessions open at once; one more gets 503 (default ${DEFAULT_MAX_SESSIONS})`,
  maxSessionsPerClient:
    'sessions one client (address, Origin, clientInfo name) may hold; one more gets 429 (default half of --max-sessions)',
  eras: `revisions served, comma-separated (default ${PROTOCOL_ERAS.join(',')}; a v1 SDK server serves 2025-11-25 only; also KITCHEN_ERAS)`,
  logLevel: `the kit's JSON lines on stderr (not MCP logging) from: ${LOG_LEVELS.join(', ')} (default ${DEFAULT_LOG_LEVEL})`,
};

/** Settings every server process has. */
export type CommonSettings = z.output<z.ZodObject<typeof commonFlags>>;
/** Common settings plus the server's own flags. */
export type ServerSettings<Extra extends z.ZodObject> = CommonSettings & z.output<Extra>;

export type SettingsParse<Settings> =
  | { kind: 'settings'; settings: Settings }
  | { kind: 'help'; text: string }
  | { kind: 'invalid'; message: string };

/** "allowOrigin" → "allow-origin". */
function flagName(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** "jars" → "KITCHEN_JARS". Only the token, the eras and a server's own flags are read from the environment. */
function envName(key: string): string {
  return `KITCHEN_${flagName(key).replaceAll('-', '_').toUpperCase()}`;
}

export function parseServerSettings<Extra extends z.ZodObject = z.ZodObject<Record<never, never>>>(
  name: string,
  extraFlags: Extra | undefined,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): SettingsParse<ServerSettings<Extra>> {
  const extraKeys = Object.keys(extraFlags?.shape ?? {});
  const allKeys = [...Object.keys(commonFlags), ...extraKeys];
  const knownFlags = allKeys.map((key) => `--${flagName(key)}`).join(', ');
  const parseOptions = Object.fromEntries(
    allKeys.map((key) => [flagName(key), { type: 'string' as const, multiple: key === 'allowOrigin' }]),
  );
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { ...parseOptions, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    return {
      kind: 'invalid',
      message: `${name}: ${describeArgsError(error as Error & { code?: string })}; known flags: ${knownFlags}, --help.`,
    };
  }
  if (values.help) return { kind: 'help', text: helpText(name, allKeys, extraFlags) };

  const raw: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  for (const key of allKeys) {
    const fromFlag = values[flagName(key)];
    const fromEnv = key === 'token' || key === 'eras' || extraKeys.includes(key) ? env[envName(key)] : undefined;
    if (fromFlag !== undefined) {
      raw[key] = fromFlag;
      sources[key] = `--${flagName(key)}`;
    } else if (fromEnv !== undefined) {
      raw[key] = fromEnv;
      sources[key] = envName(key);
    }
  }
  const schema = z.object(commonFlags).extend(extraFlags?.shape ?? {});
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { kind: 'settings', settings: parsed.data as ServerSettings<Extra> };

  const issue = parsed.error.issues[0]!;
  const [key = '', index] = issue.path as [string?, number?];
  const value = index === undefined ? raw[key] : (raw[key] as unknown[])[index];
  const source = sources[key] ?? `--${flagName(key)}`;
  // A secret is named, never echoed: stderr ends up in logs.
  const shownValue = key === 'token' ? '' : JSON.stringify(value);
  const shown = source.startsWith('--')
    ? `${source} ${shownValue}`.trim()
    : `${source}${shownValue ? `=${shownValue}` : ''}`;
  const alternative = source.startsWith('--') ? '' : ` (or pass --${flagName(key)})`;
  return { kind: 'invalid', message: `${name}: ${shown} is not valid; ${issue.message}${alternative}.` };
}

function describeArgsError(error: Error & { code?: string }): string {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown flag ${option ?? ''}`.trim();
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return `${option ?? 'a flag'} needs a value, as in ${option ?? '--flag'} VALUE`;
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `unexpected argument ${/'([^']*)'/.exec(error.message)?.[0] ?? ''}; every setting is a --flag`;
  return error.message;
}

function helpText(name: string, keys: string[], extraFlags: z.ZodObject | undefined): string {
  const lines = keys.map((key) => {
    const description = commonHelp[key] ?? extraFlags?.shape[key]?.description ?? '';
    const env = key in commonHelp ? '' : `(also ${envName(key)})`;
    return `  --${flagName(key).padEnd(16)} ${[description, env].filter(Boolean).join(' ')}`;
  });
  return [
    `Usage: ${name} [flags]`,
    '',
    'Serves the MCP server over Streamable HTTP on loopback.',
    '',
    ...lines,
    '  --help             show this text',
  ].join('\n');
}

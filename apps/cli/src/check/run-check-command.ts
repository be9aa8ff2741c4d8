// `kitchen check [SERVER…]`: starts or reaches each server named (a config name, a URL, a command,
// or the --server ones), checks it with @kitchen/check, and prints the report grouped by severity
// or, with --json, as one JSON object. Exit 1 when any finding is an error, 2 for usage. App side:
// @kitchen/check does the checking; this file picks servers and words the output.

import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type CheckReport, checkServer, checkTargetFor, hasErrors, type TokenCounting } from '@kitchen/check';
import { describeError, describeServerLocation, withDefined } from '@kitchen/host';
import { loadRunConfig } from '@kitchen/runtime/config/load-run-config';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import { ServerStartError } from '@kitchen/runtime/server-processes/launch-server';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import type { CheckCommand } from '../command/cli-command.js';
import { shouldUseColour } from '../terminal/paint.js';
import { formatCheckReport } from './format-check-report.js';
import { parseCheckCalls } from './parse-check-calls.js';

export async function runCheckCommand(
  command: CheckCommand,
  output: KitchenOutput,
  signal: AbortSignal,
): Promise<number> {
  const { flags } = command;
  const complain = (line: string) => output.stderr.write(`${line}\n`);
  const calls = parseCheckCalls(flags.checkCalls ?? []);
  if (!calls.ok) {
    complain(calls.message);
    return EXIT.usage;
  }
  const named = nameTheWords(command, output.environment);
  if (typeof named === 'string') {
    complain(named);
    return EXIT.usage;
  }
  const loaded = loadRunConfig({ ...flags, servers: [...(flags.servers ?? []), ...named.added] }, output.environment);
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const names = command.servers.length === 0 ? serverFlagNames(flags.servers ?? []) : named.names;
  const entries = names.map((name) => loaded.config.servers.find((server) => server.name === name));
  const missing = names.find((_name, index) => entries[index] === undefined);
  if (missing !== undefined) {
    complain(`kitchen check: no server named "${missing}"`);
    return EXIT.usage;
  }
  let servers: RunningServers | undefined;
  try {
    // Both revisions, whatever the shell's KITCHEN_ERAS says: the check looks at each.
    const environment = { ...output.environment, KITCHEN_ERAS: '2025-11-25,2026-07-28' };
    servers = await startServers(
      entries.filter((entry) => entry !== undefined),
      {
        seed: flags.seed,
        jars: flags.jars,
        signal,
        environment,
        ...withDefined({ startTimeoutMs: flags.startTimeoutMs }),
      },
    );
    const tokenCounting = countingFrom(output.environment);
    const reports: Array<{ report: CheckReport; where: string }> = [];
    for (const connection of servers.connections) {
      const report = await checkServer(checkTargetFor(connection), {
        calls: calls.calls,
        conformance: flags.conformance === true,
        ...withDefined({ tokenCounting }),
      });
      reports.push({ report, where: describeServerLocation(connection) });
    }
    if (flags.json) {
      const [only] = reports;
      const json =
        reports.length === 1 && only !== undefined ? only.report : { reports: reports.map(({ report }) => report) };
      output.stdout.write(`${JSON.stringify(json)}\n`);
    } else {
      const colour = shouldUseColour(output.stdout, output.environment);
      output.stdout.write(reports.map(({ report, where }) => formatCheckReport(report, where, colour)).join('\n'));
    }
    return reports.some(({ report }) => hasErrors(report)) ? EXIT.failed : EXIT.ok;
  } catch (error) {
    complain(error instanceof ServerStartError ? error.message : `kitchen check: ${describeError(error)}`);
    return signal.aborted ? EXIT.interrupted : EXIT.failed;
  } finally {
    await servers?.stop();
  }
}

/**
 * Each word as a server: a config name as it is; any other word becomes a --server entry of its
 * own (a URL over HTTP, otherwise a command over stdio), named after its host or its program.
 */
function nameTheWords(
  command: CheckCommand,
  environment: NodeJS.ProcessEnv,
): { names: string[]; added: string[] } | string {
  const loaded = loadRunConfig({ ...command.flags }, environment);
  if (!loaded.ok) return loaded.message;
  const known = new Set(loaded.config.servers.map((server) => server.name));
  const names: string[] = [];
  const added: string[] = [];
  for (const word of command.servers) {
    if (known.has(word)) {
      names.push(word);
      continue;
    }
    const isUrl = /^https?:\/\//.test(word);
    const program = word.trim().split(/\s+/)[0] ?? '';
    if (!isUrl && !/\s/.test(word.trim()) && !program.includes('/') && !onPath(program, environment)) {
      const list = [...known].join(', ') || 'none';
      return `kitchen check: "${word}" is neither a server in the config (${list}) nor a command on PATH; name a config server, a URL or a command`;
    }
    let name = isUrl ? safeName(new URL(word).host) : safeName(program.split('/').pop() ?? 'server');
    for (let suffix = 2; known.has(name) || names.includes(name); suffix += 1)
      name = `${safeName(name).slice(0, 28)}-${suffix}`;
    names.push(name);
    added.push(`${name}=${word}`);
  }
  return { names, added };
}

function serverFlagNames(texts: readonly string[]): string[] {
  return texts.map((text) => text.slice(0, Math.max(0, text.indexOf('='))).trim());
}

function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32) || 'server';
}

function onPath(program: string, environment: NodeJS.ProcessEnv): boolean {
  return (environment['PATH'] ?? '').split(delimiter).some((folder) => {
    try {
      accessSync(join(folder, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Anthropic's counting endpoint when a key is set; the kitchen's estimate otherwise. */
function countingFrom(environment: NodeJS.ProcessEnv): TokenCounting | undefined {
  const apiKey = environment['ANTHROPIC_API_KEY'];
  if (apiKey === undefined || apiKey === '') return undefined;
  const baseURL = environment['ANTHROPIC_BASE_URL'];
  return { apiKey, ...(baseURL === undefined || baseURL === '' ? {} : { baseURL }) };
}

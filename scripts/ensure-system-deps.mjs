// The first step of `pnpm test`: the Debian packages some suites need beyond Node and npm, installed
// when missing (as root, or with sudo when it asks no password), else a stop in seconds with the one
// command that would install them. Tooling, on neither side of the host/server boundary.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders a non-root PATH often lacks, where Debian puts daemons such as haproxy. */
const SBIN_FOLDERS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];
const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';

/**
 * What the suites need, each with the Debian package that brings it and how to tell it is there.
 * The browser tests launch `$KITCHEN_CHROMIUM` or /usr/bin/chromium; load-balancer.ts finds haproxy
 * on PATH or in the sbin folders.
 */
export const SYSTEM_NEEDS = [
  {
    debianPackage: 'chromium',
    why: "the web UI's browser tests drive it",
    isPresent: (probes) => probes.isExecutable(probes.env.KITCHEN_CHROMIUM ?? '/usr/bin/chromium'),
  },
  {
    debianPackage: 'fonts-noto-color-emoji',
    why: 'the browser tests draw the lanes’ emoji with it',
    isPresent: (probes) => probes.isFile(EMOJI_FONT),
  },
  {
    debianPackage: 'haproxy',
    why: 'the scale-out tests balance replicas behind it',
    isPresent: (probes) => probes.findOnPath('haproxy', SBIN_FOLDERS) !== undefined,
  },
];

/**
 * What to do, from what is there: nothing; install the missing packages with these commands; or
 * stop, with the command a person would run. `apt-get` is looked for on PATH and in the sbin folders.
 */
export function planSystemDeps(probes, needs = SYSTEM_NEEDS) {
  const missing = needs.filter((need) => !need.isPresent(probes));
  if (missing.length === 0) return { action: 'none', missing };
  const packages = missing.map((need) => need.debianPackage);
  const asRoot = probes.isRoot();
  const sudo = asRoot ? '' : 'sudo ';
  const fix = `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
  if (probes.findOnPath('apt-get', SBIN_FOLDERS) === undefined) {
    return { action: 'stop', missing, fix, reason: 'no apt-get' };
  }
  // sudo -n never waits for a password: a sudo that wants one fails at once and we stop.
  const prefix = asRoot ? [] : probes.findOnPath('sudo', SBIN_FOLDERS) === undefined ? undefined : ['sudo', '-n'];
  if (prefix === undefined) return { action: 'stop', missing, fix, reason: 'not root, and no sudo' };
  return {
    action: 'install',
    missing,
    fix,
    commands: [
      [...prefix, 'apt-get', 'update', '-qq'],
      [...prefix, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
    ],
  };
}

/**
 * Carries out the plan: one line per package it installs, the commands' output only when one fails.
 * `run(argv)` resolves to `{ code, output }`. Resolves to the exit code: 0 when all is there.
 */
export async function ensureSystemDeps({ probes, run, print, needs = SYSTEM_NEEDS }) {
  const plan = planSystemDeps(probes, needs);
  if (plan.action === 'none') return 0;
  const names = plan.missing.map((need) => need.debianPackage).join(', ');
  if (plan.action === 'stop') {
    print(
      `ensure-system-deps: ${names} ${plan.missing.length === 1 ? 'is' : 'are'} needed and cannot be installed from here (${plan.reason}). Run:\n  ${plan.fix}`,
    );
    return 1;
  }
  for (const need of plan.missing) print(`ensure-system-deps: installing ${need.debianPackage} (${need.why})`);
  for (const command of plan.commands) {
    const result = await run(command);
    if (result.code !== 0) {
      const output = result.output.trimEnd();
      if (output !== '') print(output.split('\n').slice(-20).join('\n'));
      print(`ensure-system-deps: ${command.join(' ')} failed (exit ${result.code}). Run:\n  ${plan.fix}`);
      return 1;
    }
  }
  const still = plan.missing.filter((need) => !need.isPresent(probes)).map((need) => need.debianPackage);
  if (still.length > 0) {
    print(`ensure-system-deps: installed, but ${still.join(', ')} still not found. Run:\n  ${plan.fix}`);
    return 1;
  }
  return 0;
}

/** The real machine: the file system, PATH, the user id and this process's environment. */
export function machineProbes(env = process.env) {
  const isExecutable = (file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  const isFile = (file) => {
    try {
      accessSync(file, constants.R_OK);
      return true;
    } catch {
      return false;
    }
  };
  const findOnPath = (command, extraFolders = []) =>
    [...(env.PATH ?? '').split(delimiter).filter(Boolean), ...extraFolders]
      .map((folder) => join(folder, command))
      .find(isExecutable);
  return { env, isExecutable, isFile, findOnPath, isRoot: () => process.getuid?.() === 0 };
}

/** Runs a command to its end, its output (both streams) kept for when it fails. */
export function runCommand([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ code: 127, output: `${output}${error.message}\n` }));
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * The needs of the packages named (all of them when none is): `pnpm bench` asks only for what the
 * page's bench drives. A name that is not a need is a mistake in a script, said as one.
 */
export function needsNamed(names, needs = SYSTEM_NEEDS) {
  if (names.length === 0) return needs;
  const unknown = names.filter((name) => !needs.some((need) => need.debianPackage === name));
  if (unknown.length > 0)
    throw new Error(
      `ensure-system-deps: ${unknown.join(', ')} is not one of its packages (${needs.map((need) => need.debianPackage).join(', ')})`,
    );
  return needs.filter((need) => names.includes(need.debianPackage));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const print = (line) => process.stderr.write(`${line}\n`);
  try {
    const needs = needsNamed(process.argv.slice(2));
    process.exitCode = await ensureSystemDeps({ probes: machineProbes(), run: runCommand, print, needs });
  } catch (error) {
    print(error.message);
    process.exitCode = 2;
  }
}

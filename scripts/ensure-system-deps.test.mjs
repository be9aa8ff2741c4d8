// ensure-system-deps on a fake machine: which files and commands exist, whether we are root, and an
// apt-get that installs what it is asked for (or fails), so each decision is seen from outside.
import { describe, expect, it } from 'vitest';
import { ensureSystemDeps, needsNamed, planSystemDeps, SYSTEM_NEEDS } from './ensure-system-deps.mjs';

const CHROMIUM = '/usr/bin/chromium';
const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';
const HAPROXY = '/usr/sbin/haproxy';
/** What each Debian package puts on the fake machine. */
const PACKAGE_FILES = { chromium: CHROMIUM, 'fonts-noto-color-emoji': EMOJI_FONT, haproxy: HAPROXY };

/** A machine with these files (all executable), PATH=/usr/bin, and an apt-get that works unless told. */
function fakeMachine({ files = [], root = true, env = {}, aptFails = false, aptInstallsNothing = false } = {}) {
  const present = new Set(files);
  const ran = [];
  const printed = [];
  const probes = {
    env,
    isExecutable: (file) => present.has(file),
    isFile: (file) => present.has(file),
    findOnPath: (command, extraFolders = []) =>
      ['/usr/bin', ...extraFolders].map((folder) => `${folder}/${command}`).find((file) => present.has(file)),
    isRoot: () => root,
  };
  const run = async (argv) => {
    ran.push(argv.join(' '));
    const apt = argv.indexOf('apt-get');
    if (aptFails) return { code: 100, output: 'E: Unable to locate package chromium\n' };
    if (argv[apt + 1] === 'install' && !aptInstallsNothing) {
      for (const name of argv.slice(apt + 2).filter((word) => !word.startsWith('-'))) present.add(PACKAGE_FILES[name]);
    }
    return { code: 0, output: '' };
  };
  const ensure = (needs) => ensureSystemDeps({ probes, run, print: (line) => printed.push(line), needs });
  return { probes, ran, printed, ensure };
}

const APT = '/usr/bin/apt-get';
const SUDO = '/usr/bin/sudo';

describe('ensureSystemDeps', () => {
  it('does nothing and says nothing when Chromium, the emoji font and HAProxy are all there', async () => {
    const machine = fakeMachine({ files: [CHROMIUM, EMOJI_FONT, HAPROXY, APT] });
    expect(await machine.ensure()).toBe(0);
    expect(machine.ran).toEqual([]);
    expect(machine.printed).toEqual([]);
  });

  it('as root, installs only what is missing with apt-get, one line per package, and exits 0', async () => {
    const machine = fakeMachine({ files: [EMOJI_FONT, APT] });
    expect(await machine.ensure()).toBe(0);
    expect(machine.ran).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq --no-install-recommends chromium haproxy',
    ]);
    expect(machine.printed).toEqual([
      "ensure-system-deps: installing chromium (the web UI's browser tests drive it)",
      'ensure-system-deps: installing haproxy (the scale-out tests balance replicas behind it)',
    ]);
    expect(planSystemDeps(machine.probes).action).toBe('none');
  });

  it('finds haproxy in /usr/sbin though PATH lacks it', () => {
    const machine = fakeMachine({ files: [CHROMIUM, EMOJI_FONT, HAPROXY] });
    expect(planSystemDeps(machine.probes)).toMatchObject({ action: 'none', missing: [] });
  });

  it('takes the browser from $KITCHEN_CHROMIUM when it is set', () => {
    const elsewhere = '/opt/chromium/chrome';
    const machine = fakeMachine({ files: [elsewhere, EMOJI_FONT, HAPROXY], env: { KITCHEN_CHROMIUM: elsewhere } });
    expect(planSystemDeps(machine.probes).action).toBe('none');
  });

  it('not root, uses sudo without a password prompt (sudo -n)', async () => {
    const machine = fakeMachine({ files: [CHROMIUM, EMOJI_FONT, APT, SUDO], root: false });
    expect(await machine.ensure()).toBe(0);
    expect(machine.ran).toEqual([
      'sudo -n apt-get update -qq',
      'sudo -n apt-get install -y -qq --no-install-recommends haproxy',
    ]);
  });

  it('not root and no sudo, stops at once with the command that would fix it', async () => {
    const machine = fakeMachine({ files: [HAPROXY, APT], root: false });
    expect(await machine.ensure()).toBe(1);
    expect(machine.ran).toEqual([]);
    expect(machine.printed).toEqual([
      'ensure-system-deps: chromium, fonts-noto-color-emoji are needed and cannot be installed from here (not root, and no sudo). Run:\n' +
        '  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-color-emoji',
    ]);
  });

  it('without apt-get, stops at once with the command that would fix it on Debian', async () => {
    const machine = fakeMachine({ files: [CHROMIUM, EMOJI_FONT] });
    expect(await machine.ensure()).toBe(1);
    expect(machine.ran).toEqual([]);
    expect(machine.printed.join('\n')).toContain('(no apt-get)');
    expect(machine.printed.join('\n')).toContain('apt-get update && apt-get install -y haproxy');
  });

  it('when apt-get fails, shows its output and the command, and exits 1 without going on', async () => {
    const machine = fakeMachine({ files: [EMOJI_FONT, HAPROXY, APT], aptFails: true });
    expect(await machine.ensure()).toBe(1);
    expect(machine.ran).toEqual(['apt-get update -qq']);
    expect(machine.printed.slice(1)).toEqual([
      'E: Unable to locate package chromium',
      'ensure-system-deps: apt-get update -qq failed (exit 100). Run:\n' +
        '  apt-get update && apt-get install -y chromium',
    ]);
  });

  it('when apt-get succeeds but the thing is still not there, says so and exits 1', async () => {
    const machine = fakeMachine({ files: [EMOJI_FONT, APT], aptInstallsNothing: true });
    expect(await machine.ensure()).toBe(1);
    expect(machine.printed.at(-1)).toBe(
      'ensure-system-deps: installed, but chromium, haproxy still not found. Run:\n' +
        '  apt-get update && apt-get install -y chromium haproxy',
    );
  });

  it('asked for some packages only (as pnpm bench asks for the browser), installs just those', async () => {
    const machine = fakeMachine({ files: [APT] });
    expect(await machine.ensure(needsNamed(['chromium', 'fonts-noto-color-emoji']))).toBe(0);
    expect(machine.ran).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq --no-install-recommends chromium fonts-noto-color-emoji',
    ]);
  });

  it('names every need when asked for none, and refuses a package it does not know', () => {
    expect(needsNamed([])).toBe(SYSTEM_NEEDS);
    expect(() => needsNamed(['chromium', 'firefox'])).toThrow(
      'ensure-system-deps: firefox is not one of its packages (chromium, fonts-noto-color-emoji, haproxy)',
    );
  });
});

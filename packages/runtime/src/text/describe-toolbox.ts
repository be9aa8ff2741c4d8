// One line that says what the model will be offered, and how many tools run inside the host
// (local tools are the host proposing to itself, so their number stays visible). Runtime side.

import type { Root, Toolbox } from '@kitchen/host';
import { cleanText } from './clean-text.js';
import { plural } from './format-units.js';

/**
 * `serverOrder` (the config's order) keeps the line stable whichever server answered first;
 * `disabled`, the servers the config lists with "disabled": true, are named as not started.
 */
export function describeToolbox(
  toolbox: Toolbox,
  serverOrder: readonly string[] = [],
  disabled: readonly string[] = [],
): string {
  const tools = toolbox.list();
  const perServer = new Map<string, number>();
  const localNames: string[] = [];
  for (const tool of tools) {
    if (tool.server === 'local') localNames.push(cleanText(tool.name));
    else perServer.set(tool.server, (perServer.get(tool.server) ?? 0) + 1);
  }
  const rank = (server: string) => (serverOrder.includes(server) ? serverOrder.indexOf(server) : serverOrder.length);
  const ordered = [...perServer].sort(([left], [right]) => rank(left) - rank(right) || left.localeCompare(right));
  // 2025-11-25 is still what most servers speak: only a server on the newer revision is marked.
  const remote = ordered.map(([server, count]) => {
    const era = toolbox.era(server);
    return `${count} from ${cleanText(server)}${era === '2026-07-28' ? ` · ${era}` : ''}`;
  });
  const local = `${localNames.length} local${localNames.length ? ` (${localNames.join(', ')})` : ''}`;
  const skipped =
    disabled.length === 0 ? '' : ` · not started (disabled in the config): ${cleanText(disabled.join(', '))}`;
  const line = `🧰 ${plural(tools.length, 'tool')}: ${[...remote, local].join(', ')}${describeRoots(toolbox, serverOrder)}${skipped}`;
  // A clash may be a server trying to pass its tool off as another's: the person sees it.
  const clashes = toolbox.clashes.map(
    (clash) =>
      `⚠️  tool name clash: ${cleanText(clash.owners.map((owner) => `${owner.server}'s ${owner.tool}`).join(', '))} — ${cleanText(clash.resolution)}`,
  );
  // Resources and prompts stay with the server that lists them; a shared URI or name is still shown.
  const featureClashes = toolbox.featureClashes.map(
    (clash) => `⚠️  ${clash.kind} clash: ${cleanText(clash.resolution)}`,
  );
  return [line, ...clashes, ...featureClashes].join('\n');
}

/** One line per server the toolbox could not reach: the run goes on without its tools. */
export function describeUnavailable(toolbox: Toolbox): string[] {
  return toolbox.unavailable.map(
    (server) => `⚠️ ${cleanText(server.server)} is unavailable, going on without it: ${cleanText(server.error.message)}`,
  );
}

/**
 * Which roots went to which server, when not every server got the run's: ` · roots: notes (files),
 * none (fetch), own-repo (the others)`. Nothing when all got the same, as before.
 */
function describeRoots(toolbox: Toolbox, serverOrder: readonly string[]): string {
  const shown = (roots: readonly Root[]) =>
    roots.length === 0 ? 'none' : roots.map((root) => root.name ?? root.uri).join(' + ');
  const common = shown(toolbox.roots);
  const groups = new Map<string, string[]>();
  for (const server of serverOrder) {
    const roots = shown(toolbox.rootsFor(server));
    if (roots !== common) groups.set(roots, [...(groups.get(roots) ?? []), server]);
  }
  const own = [...groups.values()].flat().length;
  if (own === 0) return '';
  const parts = [...groups].map(([roots, names]) => `${roots} (${names.join(', ')})`);
  if (own < serverOrder.length) parts.push(`${common} (the others)`);
  return ` · roots: ${cleanText(parts.join(', '))}`;
}

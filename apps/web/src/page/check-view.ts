// The inspector's Check panel for one server: what `kitchen check` reports — the revisions it
// speaks, the tool list's tokens, and the findings grouped by severity, each with what it is about,
// its rule, the message and the fix. Run on the button, again on each press. App side, in the
// browser; every server-made text goes in with textContent only.

import { api, el } from './dom.js';

type Severity = 'error' | 'warning' | 'info';

/** What the page reads of a `kitchen check` finding (GET /api/servers/NAME/check). */
interface CheckFinding {
  rule: string;
  severity: Severity;
  tool?: string;
  prompt?: string;
  resource?: string;
  message: string;
  fix: string;
}

/** What the page reads of a `kitchen check` report. */
interface CheckReport {
  eras: string[];
  findings: CheckFinding[];
  toolListTokens: { total: number; method: string; model: string };
}

const HEADINGS: Record<Severity, [string, string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['note', 'notes'],
};

/**
 * The panels whose check has run, by server: when `kitchen dev` (or a crash) restarts a server,
 * its report is old, so those panels check again (recheckServer). A panel drawn anew for a server
 * checked before (the inspector refreshed) checks at once.
 */
const checked = new Map<string, Set<() => void>>();

/** A "Check" button and the place its report appears. */
export function checkButton(server: string): HTMLElement {
  const button = el('button', 'secondary check-server', 'Check');
  button.type = 'button';
  const shown = el('div', 'check-report');
  const panel = el('div', 'check-panel', undefined, button, shown);
  const check = async (again: string) => {
    button.disabled = true;
    shown.replaceChildren(el('p', 'inspector-note', again));
    const { ok, data } = await api<CheckReport & { error?: string }>(
      `/api/servers/${encodeURIComponent(server)}/check`,
    );
    button.disabled = false;
    button.textContent = 'Check again';
    shown.replaceChildren(
      ...(ok ? renderReport(data) : [el('p', 'form-problem', data.error ?? 'The kitchen did not answer.')]),
    );
  };
  const rerun = () => {
    // A panel no longer on the page (the inspector drew new ones) is forgotten.
    if (!panel.isConnected) return void checked.get(server)?.delete(rerun);
    void check(`${server} was started again; checking it anew…`);
  };
  button.addEventListener('click', () => {
    const panels = checked.get(server) ?? new Set();
    panels.add(rerun);
    checked.set(server, panels);
    void check('checking the server the way other hosts and models will…');
  });
  if (checked.has(server)) queueMicrotask(() => button.click());
  return panel;
}

/** A server was started again (or listed its tools anew): every panel that checked it checks again. */
export function recheckServer(server: string): number {
  const panels = [...(checked.get(server) ?? [])];
  for (const rerun of panels) rerun();
  return panels.length;
}

function renderReport(report: CheckReport): HTMLElement[] {
  const { total, method, model } = report.toolListTokens;
  const how = method === 'estimate' ? 'estimated' : `counted for ${model}`;
  const parts: HTMLElement[] = [
    el(
      'p',
      'check-summary',
      `${report.eras.length === 0 ? 'Not reached' : `Speaks ${report.eras.join(' and ')}`}; the tool list costs ${total.toLocaleString('en-US')} tokens per request (${how}).`,
    ),
  ];
  for (const severity of ['error', 'warning', 'info'] as const) {
    const findings = report.findings.filter((finding) => finding.severity === severity);
    if (findings.length === 0) continue;
    const [singular, plural] = HEADINGS[severity];
    parts.push(
      el('h4', `check-heading ${severity}`, `${findings.length} ${findings.length === 1 ? singular : plural}`),
    );
    for (const finding of findings) parts.push(renderFinding(finding));
  }
  if (!report.findings.some((finding) => finding.severity === 'error'))
    parts.push(el('p', 'check-verdict', 'No errors.'));
  return parts;
}

function renderFinding(finding: CheckFinding): HTMLElement {
  const about = finding.tool ?? finding.prompt ?? finding.resource;
  const line = el('div', `check-finding ${finding.severity}`);
  line.dataset.rule = finding.rule;
  if (about) line.append(el('strong', '', about), document.createTextNode(' '));
  line.append(
    el('code', '', finding.rule),
    el('div', 'check-message', finding.message),
    el('div', 'check-fix', `fix: ${finding.fix}`),
  );
  return line;
}

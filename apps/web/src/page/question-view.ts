// Draws the questions the kitchen asks the person at the page: a tool call's approval, a
// server's sampling request (the whole request that would be sent, and its price) and a server's
// form. Each waiting question carries data-request-id, so the page can point at it, move focus
// to it and answer it from the keyboard (y, n, a). App side, in the browser; text goes in with
// textContent only.

import { api, el, holdIfOffline } from './dom.js';
import { type FormField, formContent, formFields, type TypedValue } from './elicitation-form.js';
import { cleanDisplayText, formatCents, formatTokens, samplingHeadline, shortenText, toolLabel } from './lane-words.js';
import type { ApprovalEntry, ElicitationEntry, QuestionEntry, SamplingEntry } from './lanes.js';

/** Characters of a sampling request's prompt drawn in the page: enough to read what is sent. */
const MOST_PROMPT_CHARACTERS = 20_000;

// A question's element is kept while its status stays the same, so redrawing the tool call it
// sits in (progress, its result) moves the element instead of wiping a half-filled form.
const questionElements = new WeakMap<QuestionEntry, { status: QuestionEntry['status']; element: HTMLElement }>();

/**
 * `underCall`: drawn inside its tool call's entry, which already names the tool and its input.
 * `answerAt`: where its answers go (…/approvals/:id, …/elicitations/:id): a run's at /api, a call
 * made by hand in the inspector at its own /api/hand-calls/:id.
 */
export function renderQuestion(entry: QuestionEntry, underCall: boolean, answerAt = '/api'): HTMLElement {
  const known = questionElements.get(entry);
  if (known && known.status === entry.status) return known.element;
  const element =
    entry.kind === 'approval'
      ? renderApproval(entry, underCall, answerAt)
      : entry.kind === 'sampling'
        ? renderSampling(entry, answerAt)
        : renderElicitation(entry, answerAt);
  if (entry.status === 'waiting') {
    element.dataset.requestId = entry.requestId;
    element.tabIndex = -1;
  }
  questionElements.set(entry, { status: entry.status, element });
  return element;
}

/** "cookie-jars.inspect_jar" with the server dimmed; a local tool by its plain name. */
export function toolName(server: string, tool: string): HTMLElement {
  const label = toolLabel(server, tool);
  const dot = server === 'local' || server === '' ? -1 : label.indexOf('.');
  if (dot < 0) return el('code', 'tool-name', label);
  return el(
    'code',
    'tool-name',
    undefined,
    el('span', 'server', label.slice(0, dot + 1)),
    el('span', '', label.slice(dot + 1)),
  );
}

const ABANDONED = '⌛ never answered: the kitchen stopped first';

function renderApproval(entry: ApprovalEntry, underCall: boolean, answerAt: string): HTMLElement {
  const what = underCall
    ? null
    : el(
        'div',
        'question-head',
        undefined,
        toolName(entry.server, entry.tool),
        el('code', 'arguments', shortenText(JSON.stringify(entry.input), 90)),
      );
  if (entry.status === 'waiting') {
    return el(
      'div',
      'question approval waiting',
      undefined,
      el('strong', 'question-title', '✋ approval needed'),
      what,
      el('p', 'question-reason', entry.reason),
      answerButtons(`${answerAt}/approvals/${encodeURIComponent(entry.requestId)}`, 'tool'),
    );
  }
  if (entry.status === 'abandoned')
    return el('div', 'question approval abandoned', undefined, el('strong', 'question-title', ABANDONED), what);
  const who =
    entry.by === 'person'
      ? 'by you'
      : entry.by === 'timeout'
        ? '(nobody answered in time)'
        : entry.by === 'stop'
          ? '(the run was stopped)'
          : entry.by === 'nobody'
            ? '(nobody to ask)'
            : 'by rule';
  const title = entry.status === 'approved' ? `✅ approved ${who}` : `⛔ denied ${who}`;
  return el(
    'div',
    `question approval ${entry.status}`,
    undefined,
    el('strong', 'question-title', title),
    what,
    entry.answerReason ? el('p', 'question-reason', shortenText(entry.answerReason, 300)) : null,
  );
}

function renderSampling(entry: SamplingEntry, answerAt: string): HTMLElement {
  const detail = `for a model call from ${entry.server}: ~${formatTokens(entry.estimatedInputTokens)} input + up to ${formatTokens(entry.maxTokens)} output tokens (max tokens ${formatTokens(entry.maxTokens)}); ${formatTokens(entry.treeTokensLeft)} tree tokens left`;
  // Approve what is actually sent: the system prompt and every message of the request, whole.
  const request = el('div', 'sampling-request');
  if (entry.systemPrompt !== undefined)
    request.append(el('h4', 'prompt-role', 'system prompt'), el('pre', 'prompt-text', clip(entry.systemPrompt)));
  for (const message of entry.messages ?? [])
    request.append(el('h4', 'prompt-role', message.role), el('pre', 'prompt-text', clip(messageText(message.content))));
  const item = el(
    'div',
    `question sampling ${entry.status}`,
    undefined,
    el('strong', 'question-title', `🧾 ${samplingHeadline(entry)}`),
    el('p', 'question-reason', detail),
    request,
  );
  if (entry.status === 'waiting')
    item.append(answerButtons(`${answerAt}/approvals/${encodeURIComponent(entry.requestId)}`, 'server'));
  else if (entry.status === 'abandoned') item.append(el('p', 'question-outcome', ABANDONED));
  else if (entry.status === 'answered')
    item.append(
      el(
        'p',
        'question-outcome',
        `answered: ${formatTokens(entry.inputTokens ?? 0)} in + ${formatTokens(entry.outputTokens ?? 0)} out tokens, ${formatCents(entry.chargedCents ?? 0)}`,
      ),
    );
  else
    item.append(
      el('p', 'question-outcome', `${entry.status}${entry.reason ? `: ${shortenText(entry.reason, 300)}` : ''}`),
    );
  return item;
}

function clip(text: string): string {
  return text.length > MOST_PROMPT_CHARACTERS ? `${text.slice(0, MOST_PROMPT_CHARACTERS)}…` : text;
}

/** A message's text: a string as it is, content blocks as their text (others as JSON). */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content);
  return content.map((block: unknown) => (isTextBlock(block) ? block.text : JSON.stringify(block))).join('\n');
}

function isTextBlock(block: unknown): block is { type: 'text'; text: string } {
  return (
    typeof block === 'object' &&
    block !== null &&
    (block as { type?: unknown }).type === 'text' &&
    typeof (block as { text?: unknown }).text === 'string'
  );
}

/**
 * Allow (y), Deny (n) and Always for this tool / server (a), as the terminal offers them.
 * `what`: "tool" for a tool call, "server" for a server's sampling requests.
 */
function answerButtons(url: string, what: 'tool' | 'server'): HTMLElement {
  const allow = button('primary', 'Allow', 'y', 'allow');
  const deny = button('danger', 'Deny', 'n', 'deny');
  const always = button('secondary', `Always for this ${what}`, 'a', 'always');
  const note = el('span', 'answer-note');
  const buttons = [allow, deny, always];
  const answer = async (approved: boolean, forever: boolean) => {
    for (const one of buttons) one.disabled = true;
    const { ok, status, data } = await api(url, {
      approved,
      ...(approved ? {} : { reason: 'denied from the web UI' }),
      ...(forever ? { always: true } : {}),
    });
    if (ok) return; // the approval-response event redraws the entry
    if (status === 0) {
      // Nobody answered: the buttons come back with the kitchen.
      for (const one of buttons) one.disabled = false;
      holdIfOffline();
      return;
    }
    note.textContent = cleanDisplayText(
      status === 404 ? 'no longer waiting' : (data.error ?? 'the kitchen refused the answer'),
    );
  };
  allow.addEventListener('click', () => void answer(true, false));
  deny.addEventListener('click', () => void answer(false, false));
  always.addEventListener('click', () => void answer(true, true));
  return el('div', 'answer-buttons', undefined, ...buttons, note);
}

/** A button whose label shows its keyboard key: "Allow (y)". */
function button(className: string, label: string, key: string, answer: string): HTMLButtonElement {
  const element = el('button', className, undefined, document.createTextNode(`${label} `), el('kbd', '', key));
  element.type = 'button';
  element.dataset.answer = answer;
  element.setAttribute('aria-keyshortcuts', key);
  return element;
}

function renderElicitation(entry: ElicitationEntry, answerAt: string): HTMLElement {
  const item = el(
    'div',
    `question elicitation ${entry.status === 'waiting' ? 'waiting' : 'answered'}`,
    undefined,
    el('strong', 'question-title', `${entry.url ? '🔗' : '❓'} ${shortenText(entry.server, 60)} asks`),
    el('p', 'question-reason', entry.message),
  );
  if (entry.url) item.append(linkToOpen(entry.url, entry.status === 'waiting'));
  if (entry.status === 'abandoned') {
    item.append(el('p', 'question-outcome', ABANDONED));
    return item;
  }
  if (entry.status !== 'waiting') {
    const content = entry.content ? ` ${shortenText(JSON.stringify(entry.content), 200)}` : '';
    item.append(el('p', 'question-outcome', `answer: ${entry.status}${content}`));
    return item;
  }
  item.append(elicitationForm(entry, answerAt));
  return item;
}

/**
 * A URL-mode request's link, whole, with its host name: the person opens it (a new tab, no opener,
 * no referrer) and then answers; Accept says they did. It is clickable only while the question
 * waits and only for https (or http on this machine); the kitchen declines any other link unasked.
 */
function linkToOpen(url: string, waiting: boolean): HTMLElement {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return el('p', 'elicitation-url', url);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  const safe = parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback);
  if (!safe || !waiting) return el('p', 'elicitation-url', url);
  const link = el('a', 'elicitation-link', url);
  link.href = parsed.href;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  return el('p', 'elicitation-url', undefined, link, el('span', 'field-description', ` goes to ${parsed.hostname}`));
}

function elicitationForm(entry: ElicitationEntry, answerAt: string): HTMLFormElement {
  const fields = formFields(entry.schema);
  const form = el('form', 'elicitation-form');
  form.noValidate = true; // the page checks against the server's schema and says why in words
  const inputs = new Map<string, FieldInput>();
  for (const field of fields) {
    const label = el(
      'label',
      'field',
      undefined,
      el('span', 'field-label', `${field.label}${field.required ? ' *' : ''}`),
    );
    const input = fieldInput(field);
    inputs.set(field.name, input);
    label.append(input);
    const limits = fieldLimits(field);
    const about = [field.description, limits].filter(Boolean).join(' · ');
    if (about) label.append(el('span', 'field-description', about));
    form.append(label);
  }
  const problem = el('p', 'form-problem');
  problem.hidden = true;
  const url = `${answerAt}/elicitations/${encodeURIComponent(entry.requestId)}`;
  const read = () => {
    const typed: Record<string, TypedValue | undefined> = {};
    for (const field of fields) {
      const input = inputs.get(field.name);
      if (input !== undefined) typed[field.name] = readInput(field, input);
    }
    return formContent(fields, typed);
  };
  const send = async (body: unknown) => {
    for (const one of form.querySelectorAll('button')) one.disabled = true;
    const { ok, status, data } = await api(url, body);
    if (ok) return;
    if (status !== 404) for (const one of form.querySelectorAll('button')) one.disabled = false;
    if (status === 0) return holdIfOffline();
    problem.textContent = cleanDisplayText(
      status === 404 ? 'This question is no longer waiting.' : (data.error ?? 'The kitchen refused the answer.'),
    );
    problem.hidden = false;
  };
  // A problem shown stays only while it is true: fixing the field clears it.
  form.addEventListener('input', () => {
    if (problem.hidden) return;
    const now = read();
    if ('problems' in now) problem.textContent = now.problems.join(' ');
    else problem.hidden = true;
  });
  form.addEventListener('submit', (submitted) => {
    submitted.preventDefault();
    const now = read();
    if ('problems' in now) {
      problem.textContent = now.problems.join(' ');
      problem.hidden = false;
      return;
    }
    void send({ action: 'accept', content: now.content });
  });
  const submit = el('button', 'primary', 'Send');
  submit.type = 'submit';
  const decline = el('button', 'secondary', 'Decline');
  decline.type = 'button';
  decline.title = 'Say no to the question; the server goes on without an answer.';
  decline.addEventListener('click', () => void send({ action: 'decline' }));
  const cancel = el('button', 'secondary', 'Cancel');
  cancel.type = 'button';
  cancel.title = 'Dismiss the question without answering it.';
  cancel.addEventListener('click', () => void send({ action: 'cancel' }));
  form.append(el('div', 'answer-buttons', undefined, submit, decline, cancel), problem);
  return form;
}

/** "from 1 to 12 · default 4", "one of 3 · default cherry". */
function fieldLimits(field: FormField): string {
  const parts: string[] = [];
  if (field.minimum !== undefined && field.maximum !== undefined)
    parts.push(`from ${field.minimum} to ${field.maximum}`);
  else if (field.minimum !== undefined) parts.push(`at least ${field.minimum}`);
  else if (field.maximum !== undefined) parts.push(`at most ${field.maximum}`);
  if (field.kind === 'integer') parts.push('a whole number');
  if (field.kind === 'choice') parts.push(`one of ${field.options.length}`);
  if (field.defaultValue !== undefined) {
    const shown = field.options.find((option) => option.value === String(field.defaultValue))?.label;
    parts.push(`default ${shown ?? String(field.defaultValue)}`);
  }
  if (field.format) parts.push(`format ${field.format}`);
  return parts.join(' · ');
}

/** What a field is drawn as: a select, a box of checkboxes, or an input. */
type FieldInput = HTMLSelectElement | HTMLSpanElement | HTMLInputElement;

function fieldInput(field: FormField): FieldInput {
  if (field.kind === 'choice') {
    const select = el('select');
    // No choice made for the person: a required field starts empty and must be picked.
    const none = el('option', '', field.required ? 'choose…' : '—');
    none.value = ''; // an option without a value would send its label
    select.append(none);
    for (const option of field.options) {
      const element = el('option', '', option.label);
      element.value = option.value;
      if (field.defaultValue === option.value) element.selected = true;
      select.append(element);
    }
    return select;
  }
  if (field.kind === 'choices') {
    const box = el('span', 'choices');
    for (const option of field.options) {
      const check = el('input');
      check.type = 'checkbox';
      check.value = option.value;
      box.append(el('label', 'choice', undefined, check, el('span', '', option.label)));
    }
    return box;
  }
  const input = el('input');
  input.type =
    field.kind === 'boolean'
      ? 'checkbox'
      : field.kind === 'text'
        ? field.format === 'email'
          ? 'email'
          : field.format === 'date'
            ? 'date'
            : 'text'
        : 'number';
  if (field.kind === 'integer') input.step = '1';
  if (field.minimum !== undefined) input.min = String(field.minimum);
  if (field.maximum !== undefined) input.max = String(field.maximum);
  if (field.kind === 'boolean') input.checked = field.defaultValue === true;
  else if (field.defaultValue !== undefined) input.value = String(field.defaultValue);
  return input;
}

function readInput(field: FormField, input: FieldInput): TypedValue {
  if (input instanceof HTMLInputElement) return field.kind === 'boolean' ? input.checked : input.value;
  if (input instanceof HTMLSelectElement) return input.value;
  return [...input.querySelectorAll<HTMLInputElement>('input:checked')].map((check) => check.value);
}

// Draws one entry of a lane: an iteration mark, the model's text, a tool call with its progress
// and result, and the questions (approval, sampling, elicitation form) with their buttons. App
// side, in the browser; every piece of server or model text goes in with textContent.

import { api, el } from './dom.js';
import { formContent, formFields } from './elicitation-form.js';
import { cleanDisplayText, formatCents, formatTokens, samplingHeadline, shortenText, toolLabel } from './lane-words.js';

// A question's element is kept while its status stays the same, so redrawing the tool call it
// sits in (progress, its result) moves the element instead of wiping a half-filled form.
const questionElements = new WeakMap();

/** The <li> for one lane entry; drawn again, whole, each time the entry changes. */
export function renderEntry(entry) {
  switch (entry.kind) {
    case 'approval':
    case 'sampling':
    case 'elicitation':
      return el('li', 'entry', undefined, renderQuestion(entry, false));
    case 'iteration':
      return el('li', 'entry iteration', `iteration ${entry.iteration}`);
    case 'text':
      return el('li', 'entry text', entry.text);
    case 'tool':
      return renderToolEntry(entry);
    case 'log':
      // A server's own log line (notifications/message, or stderr of a stdio server), in its name.
      return el(
        'li',
        `entry log level-${entry.level}`,
        `📜 ${entry.server}${entry.logger ? `/${entry.logger}` : ''} ${entry.level}: ${shortenText(cleanDisplayText(entry.text), 200)}`,
      );
  }
  return el('li', 'entry');
}

function renderToolEntry(entry) {
  const call = el(
    'div',
    'call',
    undefined,
    el('span', 'arrow', '→'),
    toolName(entry.server, entry.tool),
    el('code', 'arguments', shortenText(JSON.stringify(entry.input), 90)),
  );
  const item = el(
    'li',
    `entry tool${entry.result ? '' : ' pending'}${entry.result?.isError ? ' failed' : ''}`,
    undefined,
    call,
  );
  for (const question of entry.questions) item.append(renderQuestion(question, true));
  if (entry.progress && !entry.result) {
    const bar = el('progress');
    if (entry.progress.total !== undefined) bar.max = entry.progress.total;
    bar.value = entry.progress.progress;
    item.append(
      el(
        'div',
        'progress',
        undefined,
        bar,
        el(
          'span',
          'progress-message',
          entry.progress.message ??
            `${entry.progress.progress}${entry.progress.total === undefined ? '' : ` of ${entry.progress.total}`}`,
        ),
      ),
    );
  }
  if (entry.result) {
    const { isError, content, durationMs } = entry.result;
    const head = el(
      'summary',
      'result',
      undefined,
      el('span', 'arrow', isError ? '✗' : '←'),
      el('span', 'result-text', shortenText(content, 110)),
      el('span', 'duration', `${Math.round(durationMs)} ms`),
    );
    item.append(
      el(
        'details',
        'result-details',
        undefined,
        head,
        el('pre', 'result-full', content.length > 20_000 ? `${content.slice(0, 20_000)}…` : content),
      ),
    );
  }
  return item;
}

/** `underCall`: drawn inside its tool call's entry, which already names the tool and its input. */
function renderQuestion(entry, underCall) {
  const known = questionElements.get(entry);
  if (known && known.status === entry.status) return known.element;
  const element =
    entry.kind === 'approval'
      ? renderApproval(entry, underCall)
      : entry.kind === 'sampling'
        ? renderSampling(entry)
        : renderElicitation(entry);
  questionElements.set(entry, { status: entry.status, element });
  return element;
}

/** "cookie-jars.inspect_jar" with the server dimmed; a local tool by its plain name. */
function toolName(server, tool) {
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

function renderApproval(entry, underCall) {
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
      answerButtons(`/api/approvals/${encodeURIComponent(entry.requestId)}`),
    );
  }
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

function renderSampling(entry) {
  const detail = `for a model call from ${entry.server} (~${formatTokens(entry.estimatedInputTokens)} input + up to ${formatTokens(entry.maxTokens)} output tokens; ${formatTokens(entry.treeTokensLeft)} tree tokens left)`;
  const item = el(
    'div',
    `question sampling ${entry.status}`,
    undefined,
    el('strong', 'question-title', `🧾 ${samplingHeadline(entry)}`),
    el('p', 'question-reason', detail),
    // Approve what is actually sent: the system prompt and every message of the request.
    ...(entry.systemPrompt === undefined
      ? []
      : [el('p', 'question-reason', `system: ${shortenText(entry.systemPrompt, 2000)}`)]),
    ...(entry.messages ?? []).map((message) =>
      el('p', 'question-reason', `${message.role}: ${shortenText(messageText(message.content), 2000)}`),
    ),
  );
  if (entry.status === 'waiting') item.append(answerButtons(`/api/approvals/${encodeURIComponent(entry.requestId)}`));
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

/** A message's text: a string as it is, content blocks as their text (others as JSON). */
function messageText(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content);
  return content.map((block) => (block?.type === 'text' ? block.text : JSON.stringify(block))).join('\n');
}

function renderElicitation(entry) {
  const item = el(
    'div',
    `question elicitation ${entry.status === 'waiting' ? 'waiting' : 'answered'}`,
    undefined,
    el('strong', 'question-title', `❓ ${shortenText(entry.server, 60)} asks`),
    el('p', 'question-reason', entry.message),
  );
  if (entry.status !== 'waiting') {
    const content = entry.content ? ` ${shortenText(JSON.stringify(entry.content), 200)}` : '';
    item.append(el('p', 'question-outcome', `answer: ${entry.status}${content}`));
    return item;
  }
  const fields = formFields(entry.schema);
  const form = el('form', 'elicitation-form');
  const inputs = new Map();
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
    if (field.description) label.append(el('span', 'field-description', field.description));
    form.append(label);
  }
  const problem = el('p', 'form-problem');
  problem.hidden = true;
  const url = `/api/elicitations/${encodeURIComponent(entry.requestId)}`;
  const send = async (body) => {
    for (const button of form.querySelectorAll('button')) button.disabled = true;
    const { ok, status, data } = await api(url, body);
    if (ok) return;
    problem.textContent = cleanDisplayText(
      status === 404 ? 'This question is no longer waiting.' : (data.error ?? 'The kitchen refused the answer.'),
    );
    problem.hidden = false;
    if (status !== 404) for (const button of form.querySelectorAll('button')) button.disabled = false;
  };
  form.addEventListener('submit', (submitted) => {
    submitted.preventDefault();
    const typed = {};
    for (const field of fields) typed[field.name] = readInput(field, inputs.get(field.name));
    const read = formContent(fields, typed);
    if ('problems' in read) {
      problem.textContent = read.problems.join(' ');
      problem.hidden = false;
      return;
    }
    void send({ action: 'accept', content: read.content });
  });
  const decline = el('button', 'secondary', 'Decline');
  decline.type = 'button';
  decline.addEventListener('click', () => void send({ action: 'decline' }));
  const submit = el('button', 'primary', 'Send');
  submit.type = 'submit';
  form.append(el('div', 'answer-buttons', undefined, submit, decline), problem);
  item.append(form);
  return item;
}

function fieldInput(field) {
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

function readInput(field, input) {
  if (field.kind === 'boolean') return input.checked;
  if (field.kind === 'choices') return [...input.querySelectorAll('input:checked')].map((check) => check.value);
  return input.value;
}

function answerButtons(url) {
  const allow = el('button', 'primary', 'Allow');
  const deny = el('button', 'danger', 'Deny');
  const note = el('span', 'answer-note');
  const answer = async (approved) => {
    allow.disabled = deny.disabled = true;
    const { ok, status, data } = await api(url, {
      approved,
      ...(approved ? {} : { reason: 'denied from the web UI' }),
    });
    if (ok) return; // the approval-response event redraws the entry
    note.textContent = cleanDisplayText(
      status === 404 ? 'no longer waiting' : (data.error ?? 'the kitchen refused the answer'),
    );
  };
  allow.type = deny.type = 'button';
  allow.addEventListener('click', () => void answer(true));
  deny.addEventListener('click', () => void answer(false));
  return el('div', 'answer-buttons', undefined, allow, deny, note);
}

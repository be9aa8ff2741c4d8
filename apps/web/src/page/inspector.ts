// The inspector beside the run, for people building a server: each connected server with its
// tools (and their schemas), resources, resource templates and prompts; a form drawn from a
// tool's input schema to call it by hand; and the raw MCP messages of that call. App side, in
// the browser; server text goes in with textContent only.

import { checkButton } from './check-view.js';
import { api, el } from './dom.js';
import { type FormField, formContent, formFields, type TypedValue } from './elicitation-form.js';
import { followHandCall } from './hand-call-view.js';
import { parseJsonObject, renderJson } from './json-view.js';
import type { Completion, HandCall, ReadContents, ServerAbout, ServerResource, ServerTool } from './kitchen-api.js';
import { cleanDisplayText, formatDuration, shortenText } from './lane-words.js';
import { promptGetter, skillsButton } from './prompt-skill-view.js';

/** What callForm reads of a property of a tool's input schema. */
interface SchemaProperty {
  type?: string;
  items?: { enum?: unknown; anyOf?: unknown };
}

/** Fills `container` the first time `panel` (a <details>) is opened, and on each Refresh. */
export function setUpInspector(panel: HTMLDetailsElement, container: HTMLElement) {
  let loaded = false;
  const load = async () => {
    loaded = true;
    container.replaceChildren(el('p', 'inspector-note', 'asking the servers what they offer…'));
    const { ok, data } = await api<{ servers: ServerAbout[] }>('/api/servers');
    if (!ok) {
      loaded = false;
      container.replaceChildren(el('p', 'form-problem', data.error ?? 'The kitchen did not answer.'));
      return;
    }
    const refresh = el('button', 'secondary', 'Refresh');
    refresh.type = 'button';
    refresh.addEventListener('click', () => void load());
    container.replaceChildren(refresh, ...data.servers.map(renderServer));
  };
  panel.addEventListener('toggle', () => {
    if (panel.open && !loaded) void load();
  });
  return {
    /** The kitchen is back: an open panel that could not load tries again. */
    kitchenBack() {
      if (panel.open && !loaded) void load();
    },
    /**
     * A server was listed anew (restarted, its list changed): a panel that has loaded loads again,
     * and says so; the Check panels of servers checked before check again as they are drawn.
     */
    serverRelisted(): boolean {
      if (!loaded) return false;
      void load();
      return true;
    },
  };
}

function renderServer(server: ServerAbout): HTMLElement {
  const card = el(
    'section',
    'server-card',
    undefined,
    el('h3', 'server-name', `${server.name}${server.available ? '' : ' (unavailable)'}`),
    el('p', 'server-location', server.location),
    server.revision === undefined ? null : el('p', 'server-revision', `speaks MCP ${server.revision}`),
  );
  card.dataset.server = server.name;
  if (server.problem) card.append(el('p', 'form-problem', server.problem));
  card.append(
    checkButton(server.name),
    skillsButton(server.name),
    group(
      `Tools (${server.tools.length})`,
      server.tools.map((tool) => renderTool(server.name, tool)),
    ),
    group(
      `Resources (${server.resources.length + server.resourceTemplates.length})`,
      [...server.resources, ...server.resourceTemplates].map((resource: ServerResource) =>
        el(
          'div',
          'feature-line',
          undefined,
          el('code', '', resource.uri ?? resource.uriTemplate ?? ''),
          document.createTextNode(
            ` ${resource.name ?? ''}${resource.description ? ` — ${shortenText(resource.description, 120)}` : ''}`,
          ),
          ...(resource.uriTemplate !== undefined
            ? templateVariables(resource.uriTemplate).map((variable) =>
                suggestButton(server.name, { type: 'ref/resource', uri: resource.uriTemplate }, variable),
              )
            : [readButton(server.name, resource.uri ?? '')]),
        ),
      ),
    ),
    group(
      `Prompts (${server.prompts.length})`,
      server.prompts.map((prompt) =>
        el(
          'div',
          'feature-line',
          undefined,
          el(
            'code',
            '',
            `${prompt.name}(${(prompt.arguments ?? []).map((argument) => `${argument.name}${argument.required ? '*' : ''}`).join(', ')})`,
          ),
          document.createTextNode(prompt.description ? ` — ${shortenText(prompt.description, 120)}` : ''),
          ...(prompt.arguments ?? []).map((argument) =>
            suggestButton(server.name, { type: 'ref/prompt', name: prompt.name }, argument.name),
          ),
          promptGetter(server.name, prompt),
        ),
      ),
    ),
  );
  return card;
}

/** "jar://{id}" → ["id"]: the variables a template's completions are asked for. */
function templateVariables(uriTemplate: string): string[] {
  return [...uriTemplate.matchAll(/\{[+#./;?&]?([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

/**
 * A button that asks the server for an argument's suggestions (completion/complete, nothing typed
 * yet) and shows them after it: what the argument may be, as the server sees it.
 */
function suggestButton(
  server: string,
  ref: { type: 'ref/resource'; uri: string | undefined } | { type: 'ref/prompt'; name: string },
  argument: string,
): HTMLElement {
  const button = el('button', 'secondary suggest', `${argument}: suggest`);
  button.type = 'button';
  const shown = el('span', 'suggestions');
  button.addEventListener('click', async () => {
    button.disabled = true;
    const { ok, data } = await api<Completion>(`/api/servers/${encodeURIComponent(server)}/complete`, {
      ref,
      argument,
      value: '',
    });
    button.disabled = false;
    if (!ok) {
      shown.textContent = cleanDisplayText(` ${data.error ?? 'no suggestions'}`);
      return;
    }
    const values = data.values ?? [];
    const more = data.hasMore || (data.total ?? values.length) > values.length ? ', …' : '';
    shown.textContent = cleanDisplayText(
      values.length === 0 ? ' (no suggestions)' : ` ${shortenText(values.join(', '), 200)}${more}`,
    );
  });
  return el('span', 'suggest-argument', undefined, document.createTextNode(' '), button, shown);
}

/** A button that reads one resource (resources/read) and shows what the server answered under it. */
function readButton(server: string, uri: string): HTMLElement {
  const button = el('button', 'secondary read-resource', 'read');
  button.type = 'button';
  const shown = el('div', 'resource-contents');
  button.addEventListener('click', async () => {
    button.disabled = true;
    const { ok, data } = await api<ReadContents>(`/api/servers/${encodeURIComponent(server)}/read`, { uri });
    button.disabled = false;
    if (!ok) {
      shown.replaceChildren(el('p', 'form-problem', cleanDisplayText(data.error ?? 'The kitchen did not answer.')));
      return;
    }
    shown.replaceChildren(
      ...data.contents.map((content) =>
        typeof content.text === 'string'
          ? readText(content.text)
          : el(
              'p',
              'inspector-note',
              cleanDisplayText(
                `${content.mimeType ?? 'binary'} · ${Math.round(((content.blob ?? '').length * 3) / 4 / 1024)} KB, not shown`,
              ),
            ),
      ),
    );
  });
  return el('span', 'read-resource-line', undefined, document.createTextNode(' '), button, shown);
}

/** JSON folded and highlighted; other text as it is, cut to a length a page can hold. */
function readText(text: string): HTMLElement {
  const json = parseJsonObject(text);
  return json === undefined ? el('pre', 'resource-text', cleanDisplayText(shortenText(text, 4_000))) : renderJson(json);
}

function group(title: string, items: HTMLElement[]): HTMLElement {
  const details = el('details', 'feature-group', undefined, el('summary', '', title));
  details.append(...(items.length > 0 ? items : [el('p', 'inspector-note', 'none')]));
  return details;
}

function renderTool(server: string, tool: ServerTool): HTMLElement {
  const hints = [
    tool.annotations.readOnlyHint ? 'read-only' : '',
    tool.annotations.destructiveHint ? 'destructive' : '',
  ].filter(Boolean);
  const details = el(
    'details',
    'tool-card',
    undefined,
    el(
      'summary',
      '',
      undefined,
      el('code', 'tool-name', tool.name),
      document.createTextNode(
        `${hints.length ? ` [${hints.join(', ')}]` : ''} ${shortenText(tool.description ?? '', 120)}`,
      ),
    ),
  );
  details.dataset.tool = tool.name;
  details.append(callForm(server, tool));
  return details;
}

/** Fields for a flat schema (as a form the page already knows how to draw); JSON for anything deeper. */
function callForm(server: string, tool: ServerTool): HTMLFormElement {
  const schema = tool.inputSchema ?? {};
  const properties = (schema['properties'] ?? {}) as Record<string, SchemaProperty | undefined>;
  const deep = Object.values(properties).some(
    (property) =>
      property?.type === 'object' || (property?.type === 'array' && !property.items?.enum && !property.items?.anyOf),
  );
  const fields = deep ? [] : formFields(schema);
  const form = el('form', 'elicitation-form hand-call');
  form.noValidate = true;
  const inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  for (const field of fields) {
    const input =
      field.kind === 'boolean' ? checkbox(field) : field.kind === 'choice' ? choice(field) : textInput(field);
    inputs.set(field.name, input);
    form.append(
      el(
        'label',
        'field',
        undefined,
        el('span', 'field-label', `${field.label}${field.required ? ' *' : ''}`),
        input,
        field.description ? el('span', 'field-description', field.description) : null,
      ),
    );
  }
  const json = el('textarea', 'json-arguments');
  json.rows = 4;
  json.value = '{}';
  if (deep) form.append(el('label', 'field', undefined, el('span', 'field-label', 'Arguments (JSON)'), json));
  const schemaView = el('details', 'schema-view', undefined, el('summary', '', 'input schema'), renderJson(schema));
  const problem = el('p', 'form-problem');
  problem.hidden = true;
  const call = el('button', 'primary', 'Call');
  call.type = 'submit';
  const result = el('div', 'hand-call-result');
  form.append(schemaView, el('div', 'answer-buttons', undefined, call), problem, result);
  form.addEventListener('submit', async (submitted) => {
    submitted.preventDefault();
    problem.hidden = true;
    let input: unknown;
    if (deep) {
      input = parseJsonObject(json.value);
      if (input === undefined || Array.isArray(input)) {
        problem.textContent = 'The arguments must be a JSON object, e.g. {"count": 3}.';
        problem.hidden = false;
        return;
      }
    } else {
      const typed: Record<string, TypedValue | undefined> = {};
      for (const field of fields) {
        const element = inputs.get(field.name);
        if (element === undefined) continue;
        typed[field.name] =
          element instanceof HTMLInputElement && field.kind === 'boolean' ? element.checked : element.value;
      }
      const read = formContent(fields, typed);
      if ('problems' in read) {
        problem.textContent = read.problems.join(' ');
        problem.hidden = false;
        return;
      }
      input = read.content;
    }
    call.disabled = true;
    // The server's sampling requests and forms are put to the person in the result's place.
    await followHandCall({ server, tool: tool.name, input, into: result, renderCall });
    call.disabled = false;
  });
  return form;
}

function renderCall(call: HandCall): HTMLElement {
  const { outcome, messages, durationMs, revision } = call;
  const parsed = parseJsonObject(outcome.content);
  const raw = el('details', 'raw-messages', undefined, el('summary', '', `raw MCP messages (${messages.length})`));
  const started = messages[0]?.at ?? 0;
  // A 2026-07-28 call's messages come from the wire recorder, which keeps their order, not their times.
  const timed = messages.some(({ at }) => at !== started);
  for (const { direction, at, message } of messages) {
    raw.append(
      el(
        'div',
        `wire-message ${direction}`,
        undefined,
        el(
          'span',
          'wire-direction',
          `${direction === 'out' ? '→ to the server' : '← from the server'}${timed ? ` +${at - started} ms` : ''}`,
        ),
        renderJson(message),
      ),
    );
  }
  return el(
    'div',
    `hand-call-outcome${outcome.isError ? ' failed' : ''}`,
    undefined,
    el('strong', '', `${outcome.isError ? '✗ error' : '← result'} · ${formatDuration(durationMs)}`),
    el('p', 'hand-call-revision', `called in MCP ${revision}, the revision the server speaks`),
    parsed === undefined ? el('pre', 'result-full', outcome.content) : renderJson(parsed),
    raw,
  );
}

function textInput(field: FormField): HTMLInputElement {
  const input = el('input');
  input.type = field.kind === 'number' || field.kind === 'integer' ? 'number' : 'text';
  if (field.kind === 'integer') input.step = '1';
  if (field.minimum !== undefined) input.min = String(field.minimum);
  if (field.maximum !== undefined) input.max = String(field.maximum);
  if (field.defaultValue !== undefined) input.value = String(field.defaultValue);
  return input;
}

function checkbox(field: FormField): HTMLInputElement {
  const input = el('input');
  input.type = 'checkbox';
  input.checked = field.defaultValue === true;
  return input;
}

function choice(field: FormField): HTMLSelectElement {
  const select = el('select');
  const none = el('option', '', field.required ? 'choose…' : '—');
  none.value = '';
  select.append(none);
  for (const option of field.options) {
    const element = el('option', '', option.label);
    element.value = option.value;
    if (field.defaultValue === option.value) element.selected = true;
    select.append(element);
  }
  return select;
}

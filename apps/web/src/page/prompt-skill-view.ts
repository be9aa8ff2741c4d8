// Two of the inspector's by-hand questions, drawn in a server's card: a prompt fetched with its
// arguments (a small form; prompts/get's messages shown, not run) and the server's skills, each
// file marked verified or not against the digest the server published for it. App side, in the
// browser; server text goes in with textContent only.

import { api, el } from './dom.js';
import type { ServerPrompt } from './kitchen-api.js';
import { cleanDisplayText, shortenText } from './lane-words.js';

/** Characters of one prompt message or skill file drawn: enough to read it. */
const MOST_CHARACTERS = 20_000;

/** What the page reads of prompts/get (POST /api/servers/:server/prompts/:prompt). */
interface PromptAnswer {
  description?: string;
  messages: Array<{ role: string; content: Record<string, unknown> & { type: string } }>;
}

/** What the page reads of GET /api/servers/:server/skills. */
interface SkillsAnswer {
  supported: boolean;
  skills: Array<{
    name: string;
    description: string;
    uri: string;
    files: Array<{ path: string; size: number; verified: boolean; problem?: string; body?: string }>;
  }>;
}

/** A "get" button that opens a form for the prompt's arguments and shows what prompts/get returns. */
export function promptGetter(server: string, prompt: ServerPrompt): HTMLElement {
  const open = el('button', 'secondary suggest get-prompt', 'get');
  open.type = 'button';
  const form = el('form', 'elicitation-form prompt-form');
  form.noValidate = true;
  form.hidden = true;
  const inputs = new Map<string, HTMLInputElement>();
  for (const argument of prompt.arguments ?? []) {
    const input = el('input');
    input.type = 'text';
    inputs.set(argument.name, input);
    form.append(
      el(
        'label',
        'field',
        undefined,
        el('span', 'field-label', `${argument.name}${argument.required ? ' *' : ''}`),
        input,
      ),
    );
  }
  const get = el('button', 'primary', 'Get');
  get.type = 'submit';
  const problem = el('p', 'form-problem');
  problem.hidden = true;
  const shown = el('div', 'prompt-messages');
  form.append(el('div', 'answer-buttons', undefined, get), problem);
  open.addEventListener('click', () => {
    form.hidden = !form.hidden;
    if (!form.hidden) (form.querySelector('input') ?? get).focus();
  });
  form.addEventListener('submit', async (submitted) => {
    submitted.preventDefault();
    const args: Record<string, string> = {};
    for (const [name, input] of inputs) if (input.value !== '') args[name] = input.value;
    const missing = (prompt.arguments ?? []).filter((argument) => argument.required && !(argument.name in args));
    if (missing.length > 0) {
      problem.textContent = `Fill in ${missing.map((argument) => argument.name).join(' and ')}.`;
      problem.hidden = false;
      return;
    }
    problem.hidden = true;
    get.disabled = true;
    shown.replaceChildren(el('p', 'inspector-note', 'asking…'));
    const answer = await api<PromptAnswer>(
      `/api/servers/${encodeURIComponent(server)}/prompts/${encodeURIComponent(prompt.name)}`,
      { arguments: args },
    );
    get.disabled = false;
    if (!answer.ok) {
      shown.replaceChildren(
        el('p', 'form-problem', cleanDisplayText(answer.data.error ?? 'The kitchen did not answer.')),
      );
      return;
    }
    const { description, messages } = answer.data;
    shown.replaceChildren(
      el('p', 'inspector-note', `${messages.length} message${messages.length === 1 ? '' : 's'}`),
      ...(description ? [el('p', 'prompt-description', cleanDisplayText(description))] : []),
      ...messages.flatMap((message) => [
        el('h4', 'prompt-role', message.role),
        el('pre', 'prompt-text', clip(contentText(message.content))),
      ]),
    );
  });
  return el('span', 'prompt-getter', undefined, document.createTextNode(' '), open, form, shown);
}

/** A Skills button: the server's skills, each file with whether it matched the server's digest. */
export function skillsButton(server: string): HTMLElement {
  const button = el('button', 'secondary skills', 'Skills');
  button.type = 'button';
  const shown = el('div', 'skills-view');
  button.addEventListener('click', async () => {
    button.disabled = true;
    shown.replaceChildren(el('p', 'inspector-note', 'reading the skills and checking every file…'));
    const answer = await api<SkillsAnswer>(`/api/servers/${encodeURIComponent(server)}/skills`);
    button.disabled = false;
    if (!answer.ok) {
      shown.replaceChildren(
        el('p', 'form-problem', cleanDisplayText(answer.data.error ?? 'The kitchen did not answer.')),
      );
      return;
    }
    const { supported, skills } = answer.data;
    if (!supported) {
      shown.replaceChildren(
        el('p', 'inspector-note', `${server} offers no skills (it does not declare the skills extension).`),
      );
      return;
    }
    shown.replaceChildren(
      el('p', 'inspector-note', `${skills.length} skill${skills.length === 1 ? '' : 's'}`),
      ...skills.map((skill) => {
        const card = el(
          'div',
          'skill',
          undefined,
          el('strong', 'skill-name', cleanDisplayText(skill.name)),
          el('code', 'skill-uri', ` ${cleanDisplayText(skill.uri)}`),
          skill.description
            ? el('p', 'skill-description', cleanDisplayText(shortenText(skill.description, 300)))
            : null,
        );
        card.dataset.skill = skill.name;
        for (const file of skill.files) {
          const mark = file.verified ? '✓ verified' : `✗ NOT verified: ${file.problem ?? 'unchecked'}`;
          const line = el(
            'div',
            `skill-file ${file.verified ? 'verified' : 'unverified'}`,
            cleanDisplayText(`${file.path} (${file.size.toLocaleString('en-US')} bytes) ${mark}`),
          );
          card.append(line);
          // A file that failed its check is not shown: it must not be mistaken for the skill.
          if (file.body !== undefined && file.verified)
            card.append(
              el(
                'details',
                'skill-body',
                undefined,
                el('summary', '', file.path),
                el('pre', 'prompt-text', clip(file.body)),
              ),
            );
        }
        return card;
      }),
    );
  });
  return el('div', 'skills-line', undefined, button, shown);
}

function clip(text: string): string {
  const clean = cleanDisplayText(text);
  return clean.length > MOST_CHARACTERS ? `${clean.slice(0, MOST_CHARACTERS)}…` : clean;
}

/** A prompt message's content: its text, an embedded resource with its text, others named. */
function contentText(content: PromptAnswer['messages'][number]['content']): string {
  if (content.type === 'text' && typeof content['text'] === 'string') return content['text'];
  const resource = content['resource'] as { uri?: string; text?: string } | undefined;
  if (content.type === 'resource' && resource !== undefined)
    return `[resource ${resource.uri ?? ''}]${typeof resource.text === 'string' ? `\n${resource.text}` : ''}`;
  if (content.type === 'resource_link') return `[resource link: ${String(content['uri'] ?? '')}]`;
  return `[${content.type}${typeof content['mimeType'] === 'string' ? `: ${content['mimeType']}` : ''}]`;
}

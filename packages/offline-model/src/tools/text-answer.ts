// Answers to requests that come without tools: a server's sampling request ("Write a one-line
// review of this recipe: ...") or a plain question. Short, deterministic, built from the input
// text, and honest that no language model wrote it. Host side, pure.

import type { Conversation } from '../conversation.js';

const STOPWORDS = new Set(
  (
    'this that these those with from into your their there here about which would could should have been were what when ' +
    'then than them they will just only also very more most some such each other over under after before while where ' +
    'write review critique summarise summarize recipe please answer line lines short one-line sentence text plain first'
  ).split(' '),
);

export function answerWithoutTools(conversation: Conversation): string {
  const prompt = conversation.lastUserText.trim() !== '' ? conversation.lastUserText : conversation.task;
  const instructions = `${conversation.system}\n${prompt}`;
  const subject = subjectOf(prompt);
  const keywords = keywordsOf(subject, 8);
  const quantities = quantitiesOf(subject, 6);
  const about = keywords.length > 0 ? `it is about ${keywords.join(', ')}` : 'it gives me little to go on';
  const amounts = quantities.length > 0 ? `; it mentions ${quantities.join(', ')}` : '';
  if (/\bone[- ]line\b|\bsingle line\b|\bone sentence\b|\bin a sentence\b|\bbriefly\b/i.test(instructions)) {
    return `Offline model's answer (no language model involved): ${about}${amounts}.`;
  }
  const firstLine = requiredFirstLine(conversation.system);
  const bullet = /["']- ["']|starting with "-|start with "-/i.test(instructions) ? '- ' : '';
  const lines = [
    ...(firstLine !== undefined ? [firstLine] : []),
    `${bullet}Offline model's answer: I am a rule-based stand-in, not a language model, so I cannot judge or properly answer this${firstLine !== undefined ? ` (the first line is simply the first allowed answer)` : ''}.`,
    `${bullet}What the text says: ${about}${amounts}.`,
  ];
  if (subject.length > 0) lines.push(`${bullet}It opens with: "${firstClause(subject)}".`);
  return lines.join('\n');
}

/** The part after "...:" when the prompt introduces its material that way. */
function subjectOf(prompt: string): string {
  const colon = prompt.indexOf(':');
  const after = colon >= 0 ? prompt.slice(colon + 1).trim() : '';
  return (after.length > 0 ? after : prompt).trim();
}

function keywordsOf(text: string, limit: number): string[] {
  const seen = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-zà-ÿ][a-zà-ÿ'-]{3,}/g) ?? []) {
    if (!STOPWORDS.has(word)) seen.add(word);
    if (seen.size >= limit) break;
  }
  return [...seen];
}

function quantitiesOf(text: string, limit: number): string[] {
  const pattern = /\b\d+(?:[.,]\d+)?\s?(?:kg|g|ml|l|min|minutes|h|hours|°\s?[CF]|%|eggs?|cups?|tbsp|tsp)(?![a-z])/gi;
  return [...new Set((text.match(pattern) ?? []).map((quantity) => quantity.replace(/\s+/g, ' ')))].slice(0, limit);
}

function firstClause(text: string): string {
  const clause = text.split(/[.;\n]/)[0]?.trim() ?? '';
  return clause.length > 80 ? `${clause.slice(0, 77)}...` : clause;
}

/** A system prompt that spells out the first line ('first a line "VERDICT: bake", ... or ...'). */
function requiredFirstLine(system: string): string | undefined {
  const spelled = /first (?:a |one )?line\s+((?:["“][^"”]+["”](?:\s*,\s*|\s+or\s+|,\s*or\s+)?)+)/i.exec(system);
  const first = spelled?.[1] !== undefined ? /["“]([^"”]+)["”]/.exec(spelled[1]) : null;
  return first?.[1];
}

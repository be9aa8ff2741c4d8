// The final report as formatted text: paragraphs, "- " lines as a list, "# " lines as headings,
// `code` and **bold** spans. App side, in the browser; the model's text goes in with textContent
// only, so the formatting is drawn by the page and never read from markup.

import { el } from './dom.js';
import { cleanDisplayText } from './lane-words.js';

/** A fragment of block elements for `text`. */
export function renderReport(text) {
  const fragment = document.createDocumentFragment();
  let list;
  for (const raw of cleanDisplayText(text).split('\n')) {
    const line = raw.trimEnd();
    const item = /^\s*(?:[-*•]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      list ??= fragment.appendChild(el('ul', 'report-list'));
      list.append(el('li', '', undefined, ...inline(item[1] ?? '')));
      continue;
    }
    list = undefined;
    if (line.trim() === '') continue;
    const heading = /^#{1,4}\s+(.*)$/.exec(line);
    if (heading) fragment.append(el('h3', 'report-heading', heading[1]));
    else fragment.append(el('p', 'report-line', undefined, ...inline(line)));
  }
  return fragment;
}

/** `code` and **bold** spans as elements; the rest as text nodes. */
function inline(text) {
  const parts = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(document.createTextNode(text.slice(last, match.index)));
    parts.push(match[1] !== undefined ? el('code', '', match[1]) : el('strong', '', match[2]));
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(document.createTextNode(text.slice(last)));
  return parts;
}

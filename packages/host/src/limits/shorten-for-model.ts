// Bounded inputs to the model: a tool result or a worker's report longer than its cap reaches the
// model as its head and tail around one note saying how much was left out. Host side and pure; the
// whole text stays in the run's events, where a person (and a trace) can still read it.

/** Characters of one tool result the model reads, by default (about 5,000 tokens of English). */
export const DEFAULT_MAX_RESULT_CHARS = 20_000;
/** Characters of a worker's report its parent reads, by default: a report, not a transcript. */
export const DEFAULT_MAX_REPORT_CHARS = 8_000;

/** What was cut, for the event that carries the whole text. */
export interface Shortened {
  /** The text the model receives: head, note, tail. */
  text: string;
  /** Characters of the original the model does not see. */
  omittedChars: number;
}

/**
 * Undefined when `text` fits in `maxChars`. Otherwise three quarters of the room goes to the head
 * and a quarter to the tail (where a report keeps its counts and JSON closes its brackets), with
 * the note between them; the note is the only thing past `maxChars`.
 */
export function shortenForModel(text: string, maxChars: number, what: string): Shortened | undefined {
  if (text.length <= maxChars) return undefined;
  const headChars = backToWholeCharacter(text, Math.ceil((maxChars * 3) / 4));
  const tailStart = onToWholeCharacter(text, text.length - (maxChars - headChars));
  const omittedChars = tailStart - headChars;
  const note =
    `\n[… ${omittedChars.toLocaleString('en-US')} characters left out here: the ${what} had ` +
    `${text.length.toLocaleString('en-US')} and the model reads at most ${maxChars.toLocaleString('en-US')} ` +
    'of it; the whole text is in the run’s events. Ask for less (a narrower query, one page) to see the rest.]\n';
  return { text: `${text.slice(0, headChars)}${note}${text.slice(tailStart)}`, omittedChars };
}

// Never between the two halves of a surrogate pair, so the model gets no broken character.
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

function backToWholeCharacter(text: string, index: number): number {
  return index > 0 && isLowSurrogate(text.charCodeAt(index)) ? index - 1 : index;
}

function onToWholeCharacter(text: string, index: number): number {
  return index < text.length && isLowSurrogate(text.charCodeAt(index)) ? index + 1 : index;
}

// Makes untrusted text (tool results, notes, server stderr, model output) safe to print in a
// terminal. Runtime side: it changes only what the terminal shows, never what the model receives.

// CSI (ESC [ … final), OSC (ESC ] … BEL or ST), DCS/SOS/PM/APC strings, two-byte ESC
// sequences, and the 8-bit CSI. A server note can otherwise clear the screen, move the cursor or
// retitle the window of the person running the demo.
const ANSI_SEQUENCE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[ -/]*[0-~]|\u009b[0-?]*[ -/]*[@-~]/g;
// C0 controls except tab and newline, DEL, C1 controls. \r goes too: it lets text overwrite the
// start of its own line.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// Bidirectional overrides and isolates can make printed text read differently from its bytes.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/g;

export interface CleanTextOptions {
  /** Keep line breaks (for multi-line blocks such as the final report). Default false. */
  keepNewlines?: boolean;
}

/**
 * Strips whole escape sequences (not only their ESC), control characters but tab and newline, and
 * bidi controls; nothing else changes. The web page shows stored text through it.
 */
export function removeControls(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(ANSI_SEQUENCE, '')
    .replace(CONTROL_CHARACTER, '')
    .replace(BIDI_CONTROL, '');
}

/** Strips escape sequences and control characters; without keepNewlines the text becomes one line. */
export function cleanText(text: string, options: CleanTextOptions = {}): string {
  const withoutEscapes = removeControls(text).replace(/\t/g, '  ');
  if (options.keepNewlines) return withoutEscapes.replace(/[ ]+$/gm, '');
  return withoutEscapes.replace(/\s*\n\s*/g, ' ').trim();
}

/** Cleans and cuts text to one line of at most `maxLength` characters, ending with … when cut. */
export function shortenLine(text: string, maxLength: number): string {
  // Cleaning a megabyte to show a hundred characters is waste; keep a generous head only.
  const head = text.length > maxLength * 8 ? text.slice(0, maxLength * 8) : text;
  const line = cleanText(head);
  const characters = Array.from(line);
  if (characters.length <= maxLength && head.length === text.length) return line;
  if (characters.length <= maxLength) return `${line}…`;
  return `${characters
    .slice(0, Math.max(0, maxLength - 1))
    .join('')
    .trimEnd()}…`;
}

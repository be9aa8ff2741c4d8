// Terminal colours for the app's own decorations (never for untrusted text, which is cleaned
// first). App side.

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
} as const;

export type Colour = keyof typeof CODES;

/** Wraps text in a colour when enabled; returns it unchanged otherwise. */
export function paint(colour: Colour, text: string, enabled: boolean): string {
  if (!enabled || text === '') return text;
  const [open, close] = CODES[colour];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function shouldUseColour(stream: { isTTY?: boolean }, environment: NodeJS.ProcessEnv): boolean {
  const noColour = environment['NO_COLOR'];
  return stream.isTTY === true && (noColour === undefined || noColour === '');
}

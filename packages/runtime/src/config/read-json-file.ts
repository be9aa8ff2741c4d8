// Reads a JSON file the person names (the config, a rules file): a missing file, an unreadable
// one and bad JSON each get their own words. Runtime side.

import { readFileSync } from 'node:fs';

export type JsonFileResult = { ok: true; data: unknown } | { ok: false; message: string };

/** `shown` is the file as the person should read it; `flag` is the flag that names the file. */
export function readJsonFile(file: string, shown: string, flag: string): JsonFileResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      return { ok: false, message: `${shown}: the file does not exist; check the path given to ${flag}` };
    if (code === 'EISDIR') return { ok: false, message: `${shown}: is a folder; give ${flag} a JSON file` };
    return {
      ok: false,
      message: `${shown}: cannot read the file (${code ?? (error as Error).message}); check its permissions`,
    };
  }
  // Editors on Windows save UTF-8 with a byte-order mark; JSON.parse would refuse an invisible character.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `${shown}: not valid JSON (${(error as Error).message}); fix the syntax` };
  }
}

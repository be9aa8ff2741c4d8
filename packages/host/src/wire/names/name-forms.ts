// The forms under which one name can pass for another: case, Unicode compatibility forms (NFKC),
// hyphen and letter look-alikes, and the separators a reader skips (`.`, `/`, `_`, `__`, `-`).
// Host side: the tool index uses them so no server can show the model another owner's name.

/** Characters that read as a hyphen: soft hyphen, U+2010–U+2015 dashes, minus, small and fullwidth hyphen-minus. */
const HYPHEN_LOOKALIKES = /[\u00ad\u02d7\u2010-\u2015\u2043\u2212\u2796\ufe58\ufe63\uff0d]/g;

/** Cyrillic and Greek letters that NFKC leaves alone but a reader takes for Latin ones. */
const LETTER_LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ı: 'i',
  ℓ: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

/** Word separators: anything that is neither a letter nor a digit once folded. */
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/** The name as a reader takes it: NFKC, lower case, look-alike letters as Latin, look-alike hyphens as "-". */
export function foldName(name: string): string {
  const folded = name.normalize('NFKC').replace(HYPHEN_LOOKALIKES, '-').toLowerCase().normalize('NFKC');
  return [...folded].map((character) => LETTER_LOOKALIKES[character] ?? character).join('');
}

/**
 * Two names with the same key differ only by case, a compatibility form, a look-alike or a
 * separator: `cookie-jars.discard_jar`, `COOKIE-JARS__DISCARD_JAR` and `cookie‐jars/discard‐jar`
 * all have the key `cookiejarsdiscardjar`.
 */
export function nameKey(name: string): string {
  return foldName(name).replace(SEPARATORS, '');
}

/** The words of a name, folded: `Cookie-Jars.discard_jar` → cookie, jars, discard, jar. */
export function nameWords(name: string): string[] {
  return foldName(name)
    .split(SEPARATORS)
    .filter((word) => word !== '');
}

/**
 * True when `name` reads as something under `prefix` (a server's name) followed by more words:
 * `cookie-jars.discard_jar`, `COOKIE_JARS__x` and `cookiejars/x` all start with "cookie-jars".
 */
export function startsWithName(name: string, prefix: string): boolean {
  const words = nameWords(name);
  const wanted = nameKey(prefix);
  if (wanted === '') return false;
  let joined = '';
  for (let index = 0; index < words.length - 1; index++) {
    joined += words[index];
    if (joined === wanted) return true;
    if (joined.length >= wanted.length) return false;
  }
  return false;
}

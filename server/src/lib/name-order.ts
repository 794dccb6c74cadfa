/**
 * ASCII spaces and punctuation in the order of the Unicode collation's root (CLDR): all of them
 * before digits, digits before letters. Each becomes one character below "0" (U+0001 on).
 */
const PUNCTUATION = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const PUNCTUATION_KEYS = new Map(Array.from(PUNCTUATION, (char, index) => [char, String.fromCharCode(1 + index)]));

/** After every letter the key holds: a letter written as another plus this sorts right after that one. */
const AFTER = '\ufffd';
/**
 * Cyrillic letters placed by their alphabets (and the root collation) right after another rather
 * than where Unicode numbers them, after я: Ukrainian ґ after г, є after е, і and ї after и; the
 * Russian ё sorts as е.
 */
const CYRILLIC = new Map([
  ['ё', 'е'],
  ['є', `е${AFTER}`],
  ['ґ', `г${AFTER}`],
  ['і', `и${AFTER}`],
  ['ї', `и${AFTER}${AFTER}`],
]);

/**
 * A key of at most this many code points: at 4 bytes each, an index entry of the account, the key
 * and the record's id stays well under PostgreSQL's 2,704-byte limit, whatever a name expands to.
 */
const KEY_MAX = 500;

/**
 * The key a record's name sorts by in the file list, compared as bytes (SQLite's BINARY, PostgreSQL's
 * "C"), so that both databases order alike and from an index: the order people expect of a file
 * manager rather than of code points. Case and accents are ignored (`Résumé` beside `resume`, `Zed`
 * after `apple`), compatibility forms folded (`ｆｉｌｅ２` is `file2`), numbers compare by value
 * (`note-2` before `note-10`, `007` as `7`), punctuation sorts before digits and digits before
 * letters, and Cyrillic follows its alphabets. Names with equal keys keep a stable order by record id.
 *
 * The keys are stored (`uploads.name_key`): a change here needs a migration that computes them anew.
 */
export function nameOrderKey(name: string): string {
  const folded = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[ёєґії]/g, (char) => CYRILLIC.get(char) ?? char)
    .normalize('NFD')
    // Accents off every letter but Cyrillic ones, where й (и and a breve) is a letter of its own.
    .replace(/(\P{Script=Cyrillic})\p{M}+/gu, '$1')
    .normalize('NFC');
  const key = folded
    .replace(/[ _\-,;:!?.'"()[\]{}@*/\\&#%`^+<=>|~$]/g, (char) => PUNCTUATION_KEYS.get(char) ?? char)
    // A number: a marker, its count of digits, then the digits without leading zeros.
    .replace(/\d+/g, (run) => {
      const digits = run.replace(/^0+(?=\d)/, '');
      return `0${String.fromCharCode(0x30 + digits.length)}${digits}`;
    });
  return Array.from(key).slice(0, KEY_MAX).join('');
}

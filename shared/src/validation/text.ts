/**
 * What no text Cairn takes may hold: NUL, which PostgreSQL refuses in a text column (SQLite would
 * keep it, and the two must agree), and a UTF-16 surrogate outside a pair, which is no character
 * and has no UTF-8 form (a database would keep U+FFFD in its place). With the `u` flag a
 * surrogate range matches only unpaired ones: a pair is read as the one character it encodes.
 */
const UNSTORABLE = /[\0\u{D800}-\u{DFFF}]/u;

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

/** True when the text can be stored as it is: no NUL, no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * Where the first text that cannot be stored sits in a JSON-like value (strings, arrays, plain
 * objects and their keys): its path (`meta.app`, `cid.1`; `''` for the value itself), or null when
 * there is none. Walked with a stack of its own, so no nesting depth can overflow the call stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length > 0) {
    const { value: at, path } = stack.pop()!;
    if (typeof at === 'string') {
      if (!isStorableText(at)) return path;
    } else if (Array.isArray(at)) {
      for (let i = at.length - 1; i >= 0; i--) stack.push({ value: at[i], path: join(path, i) });
    } else if (isPlainObject(at)) {
      for (const key of Object.keys(at).reverse()) {
        if (!isStorableText(key)) return join(path, key);
        stack.push({ value: at[key], path: join(path, key) });
      }
    }
  }
  return null;
}

/**
 * Characters a name never keeps: control characters (C0, DEL, C1), the line and paragraph
 * separators, and the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069), which make a name read as something else: `invoice\u202Efdp.exe` shows as
 * `invoiceexe.pdf`.
 */
const NAME_CONTROLS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;

/**
 * A name as Cairn keeps it, whatever sent it (an upload's file name, a folder path, a tus
 * `filename`, a Pinning Service API `name`): the same text without the characters above.
 */
export function stripNameControls(name: string): string {
  return name.replace(NAME_CONTROLS, '');
}

/** True when the name holds a character `stripNameControls` removes. */
export function hasNameControls(name: string): boolean {
  return name.search(NAME_CONTROLS) >= 0;
}

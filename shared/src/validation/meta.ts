import { z } from 'zod';

/** Key-values of a record: at most this many pairs. */
export const META_KEYS_MAX = 50;
/** A key: at most this many characters of `META_KEY_PATTERN`. */
export const META_KEY_MAX = 64;
export const META_KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** A value: at most this many bytes of UTF-8. */
export const META_VALUE_MAX_BYTES = 1024;
/** Records added to or removed from a group by id in one request. */
export const GROUP_IDS_MAX = 1000;
/** Filters on key-values in one list request (each kind). */
export const META_FILTERS_MAX = 10;

/** Key-values as sent: their limits answer with codes of their own (see `metaProblem`). */
export const metaSchema = z.record(z.string(), z.string());
/** Changes of key-values: a string sets (or replaces) a key, `null` removes it. */
export const metaChangesSchema = z.record(z.string(), z.string().nullable());

/** What is wrong with key-values, as an error code and message; null when nothing is. */
export function metaProblem(meta: Record<string, string | null>): { code: string; message: string } | null {
  for (const [key, value] of Object.entries(meta)) {
    if (key.length > META_KEY_MAX || !META_KEY_PATTERN.test(key)) {
      return {
        code: 'meta_key_invalid',
        message: `Key "${key.slice(0, 80)}" must be 1 to ${META_KEY_MAX} characters of A-Z, a-z, 0-9, "_", "." and "-"`,
      };
    }
    if (value !== null && new TextEncoder().encode(value).length > META_VALUE_MAX_BYTES) {
      return { code: 'meta_value_too_long', message: `The value of "${key}" must be at most ${META_VALUE_MAX_BYTES} bytes` };
    }
  }
  return null;
}

export const jsonObjectOfStrings = (label: string, max = META_FILTERS_MAX) =>
  z.string().transform((raw, ctx): Record<string, string> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const result = z.record(z.string(), z.string()).safeParse(parsed);
    if (!result.success || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a JSON object of string values` });
      return z.NEVER;
    }
    if (Object.keys(result.data).length > max) {
      ctx.addIssue({ code: 'custom', message: `${label} has at most ${max} keys` });
      return z.NEVER;
    }
    return result.data;
  });

/**
 * What an upload's query string may add to its new record: `groupId`, a group of the account, and
 * `meta`, its key-values as a JSON object (`{"env":"prod"}`). The limits of key-values answer with
 * codes of their own; more than a few keys past them is refused outright.
 */
export const recordExtrasQuery = {
  groupId: z.string().max(100).optional(),
  meta: jsonObjectOfStrings('meta', META_KEYS_MAX * 2).optional(),
};

import { z } from 'zod';
import { privateQuery } from './links';
import { recordExtrasQuery } from './meta';
import { LIMIT_DEFAULT, LIMIT_MAX, MAX_FILE_BYTES, NAME_MAX, PAGE_DEFAULT } from './limits';

/**
 * Names a user may give a file: letters and digits of any script (with their combining marks, as
 * in `отчёт-2026.txt` or `ñandú.md`), dots, underscores and hyphens. No `/`, no space, no control
 * or formatting character (the bidirectional overrides among them), and no dot first: `.`, `..`
 * and hidden files mean something else wherever the file is saved.
 */
export const FILE_NAME_PATTERN = /^[\p{L}\p{M}\p{Nd}._-]+$/u;
export const FILE_NAME_MESSAGE = 'Name may contain only letters, digits, dots, underscores and hyphens';
export const FILE_NAME_DOT_MESSAGE = 'Name cannot start with a dot';
/** The same rule as JSON Schema states it for what is sent, spaces around it included (`0` for an optional name). */
const fileNamePattern = (least: 0 | 1) => String.raw`^\s*(?!\.)[\p{L}\p{M}\p{Nd}._-]{${least},${NAME_MAX}}\s*$`;

/** Characters as JSON Schema's `pattern` counts them: `𝒜` is one, though two UTF-16 units. */
const characterCount = (text: string) => [...text].length;

/** A name a user types: required, trimmed, at most NAME_MAX characters as the documented patterns count them. */
export const trimmedNameSchema = () =>
  z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .superRefine((name, ctx) => {
      const message = `Name must be at most ${NAME_MAX} characters`;
      if (characterCount(name) > NAME_MAX) ctx.addIssue({ code: 'too_big', origin: 'string', maximum: NAME_MAX, inclusive: true, message });
    });

export const fileNameSchema = trimmedNameSchema()
  .regex(FILE_NAME_PATTERN, FILE_NAME_MESSAGE)
  .refine((name) => !name.startsWith('.'), FILE_NAME_DOT_MESSAGE)
  // As sent: the bounds apply once the surrounding spaces are trimmed.
  .meta({ pattern: fileNamePattern(1), minLength: undefined, maxLength: undefined });

export const renameSchema = z.object({ name: fileNameSchema });

const optionalName = z
  .string()
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
  .trim()
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined));

/**
 * A name the user may choose, or nothing (`null`, an empty string). Its length is counted in
 * characters by `fileNameSchema`, as the pattern counts it, not in UTF-16 units as `optionalName` does.
 */
const optionalFileName = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined))
  .pipe(fileNameSchema.optional())
  .meta({ type: ['string', 'null'], pattern: fileNamePattern(0), anyOf: undefined });
/** The same in a query string, where a value is a string or absent. */
const optionalFileNameQuery = optionalFileName.meta({
  type: 'string',
  pattern: fileNamePattern(0),
  anyOf: undefined,
});

export const pinSchema = z.object({
  cid: z.string({ error: 'Please enter a CID' }).max(200, 'Invalid CID').trim().min(1, 'Please enter a CID'),
  originalName: optionalName,
  customName: optionalFileName,
  private: z.boolean({ error: 'private must be true or false' }).optional(),
  /** A group of the account the record joins once pinned. */
  groupId: z.string().max(100).optional(),
  /** Key-values of the record (see `metaProblem` for their limits). */
  meta: z.record(z.string(), z.string()).optional(),
});
export type PinInput = z.infer<typeof pinSchema>;

export const cidVersionSchema = z
  .enum(['0', '1'], { error: 'cidVersion must be 0 or 1' })
  .default('1')
  // A query string holds text; the spec calls its digits an integer, as it does for `page`.
  .meta({ type: 'integer', enum: [0, 1], default: 1 })
  .transform((value) => Number(value) as 0 | 1);

export const uploadQuerySchema = z.object({
  cidVersion: cidVersionSchema,
  name: optionalFileNameQuery,
  private: privateQuery,
  ...recordExtrasQuery,
});

/** A CAR upload's CIDs are the CAR's own: only the record's name can be chosen. */
export const carUploadQuerySchema = z.object({
  name: optionalFileNameQuery,
  private: privateQuery,
  ...recordExtrasQuery,
});

export const directoryUploadQuerySchema = z.object({
  cidVersion: cidVersionSchema,
  mode: z.enum(['dag', 'files'], { error: 'mode must be dag or files' }).default('dag'),
  name: optionalFileNameQuery,
  private: privateQuery,
  ...recordExtrasQuery,
});

const positiveInt = (fallback: number, max: number, label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} must be at most ${max}`)
    .default(fallback);

export const pageQuerySchema = z.object({
  page: positiveInt(PAGE_DEFAULT, 1_000_000, 'page'),
  limit: positiveInt(LIMIT_DEFAULT, LIMIT_MAX, 'limit'),
  search: z.string().max(NAME_MAX).trim().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The longest folder path the DAG viewer takes under a root: even percent-encoded, it fits in the request line Node accepts (16 KiB). */
export const DAG_PATH_MAX = 1024;

/**
 * `GET /dag/{cid}`: a page and, to browse one folder at a time, the folder's path under the root
 * (`docs/a`; empty for the root). Leading, trailing and doubled slashes are dropped.
 */
export const dagQuerySchema = pageQuerySchema.omit({ search: true }).extend({
  path: z
    .string()
    .max(DAG_PATH_MAX, `path must be at most ${DAG_PATH_MAX} characters`)
    .transform((path) => path.split('/').filter(Boolean).join('/'))
    .refine((path) => path.split('/').every((segment) => segment !== '.' && segment !== '..'), 'path cannot contain "." or ".."')
    .optional(),
});
export type DagQuery = z.infer<typeof dagQuerySchema>;

export const UPLOAD_SORTS = ['date', 'name', 'size'] as const;
export type UploadSort = (typeof UPLOAD_SORTS)[number];

/** `GET /users/me/uploads`: a page, a search, and the order (newest first unless asked). */
export const uploadListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(UPLOAD_SORTS, { error: 'sort must be date, name or size' }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
});
export type UploadListParams = z.infer<typeof uploadListQuerySchema>;

/** Longest life of a signed upload URL: a week. */
export const SIGNED_UPLOAD_MAX_SECONDS = 7 * 86_400;

/** `POST /uploads/signed`: one upload of at most `maxBytes`, within `expiresIn` seconds. */
export const signedUploadSchema = z.object({
  maxBytes: z
    .number({ error: 'maxBytes must be a number of bytes' })
    .int('maxBytes must be a whole number of bytes')
    .min(1, 'maxBytes must be at least 1')
    .max(MAX_FILE_BYTES, `maxBytes must be at most ${MAX_FILE_BYTES}`),
  expiresIn: z
    .number({ error: 'expiresIn must be a number of seconds' })
    .int('expiresIn must be a whole number of seconds')
    .min(1, 'expiresIn must be at least 1 second')
    .max(SIGNED_UPLOAD_MAX_SECONDS, `expiresIn must be at most ${SIGNED_UPLOAD_MAX_SECONDS} seconds`),
  name: optionalFileName,
});
export type SignedUploadInput = z.infer<typeof signedUploadSchema>;

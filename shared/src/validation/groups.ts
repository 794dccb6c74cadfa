import { z } from 'zod';
import { NAME_MAX } from './limits';
import { fileNameSchema, pageQuerySchema, trimmedNameSchema, uploadListQuerySchema } from './content';
import { GROUP_IDS_MAX, jsonObjectOfStrings, META_FILTERS_MAX, metaChangesSchema } from './meta';

/**
 * A group's name: any letters, digits, spaces and punctuation of any script, 1 to NAME_MAX
 * characters once trimmed; no control or formatting character (the bidirectional overrides among them).
 */
export const GROUP_NAME_PATTERN = /^[^\p{Cc}\p{Cf}]+$/u;

export const groupNameSchema = trimmedNameSchema()
  .regex(GROUP_NAME_PATTERN, 'Name cannot contain control characters')
  .meta({ pattern: String.raw`^\s*[^\p{Cc}\p{Cf}]{1,${NAME_MAX}}\s*$`, minLength: undefined, maxLength: undefined });

export const groupSchema = z.object({ name: groupNameSchema });
export type GroupInput = z.infer<typeof groupSchema>;

export const groupListQuerySchema = pageQuerySchema;

const keyList = z.string().transform((raw, ctx): string[] => {
  const keys = raw
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (keys.length > META_FILTERS_MAX) {
    ctx.addIssue({ code: 'custom', message: `metaExists has at most ${META_FILTERS_MAX} keys` });
    return z.NEVER;
  }
  return keys;
});

/** A size in the query: digits only (an empty `maxSize=` is refused, not read as 0). */
const sizeQuery = (label: string) =>
  z
    .string({ error: `${label} must be a whole number of bytes` })
    .regex(/^[0-9]{1,16}$/, `${label} must be a whole number of bytes`)
    .meta({ type: 'integer', minimum: 0, pattern: undefined })
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER, `${label} must be a whole number of bytes`));
const sizeBody = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of bytes` })
    .int(`${label} must be a whole number of bytes`)
    .min(0, `${label} must be at least 0`)
    .max(Number.MAX_SAFE_INTEGER);

const UPLOAD_TYPES = ['file', 'directory', 'dag'] as const;
const CATEGORIES = ['image', 'video', 'audio', 'document', 'office', 'archive', 'code', 'text', 'other'] as const;

/** The filters of the file list, the same in a query string and in a JSON body (`filter`). */
const filterFields = {
  name: z.string().max(NAME_MAX).trim().optional(),
  cid: z.string().max(200).trim().optional(),
  type: z.enum(UPLOAD_TYPES, { error: 'type must be file, directory or dag' }).optional(),
  category: z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be a date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be a date-time' }).optional(),
  groupId: z.string().max(100).optional(),
};

/**
 * `GET /users/me/uploads`: besides the page, search and order, filters that all apply at once.
 * Key-values: `meta` and `metaPrefix` are JSON objects (`{"env":"prod"}`, as the Pinning Service
 * API's `?meta=`), `metaExists` a comma-separated list of keys.
 */
export const uploadFilterQuerySchema = uploadListQuerySchema.extend({
  ...filterFields,
  minSize: sizeQuery('minSize').optional(),
  maxSize: sizeQuery('maxSize').optional(),
  meta: jsonObjectOfStrings('meta').optional(),
  metaPrefix: jsonObjectOfStrings('metaPrefix').optional(),
  metaExists: keyList.optional(),
});
export type UploadFilterQuery = z.infer<typeof uploadFilterQuerySchema>;

/** The same filters in a JSON body. */
export const uploadFilterSchema = z.object({
  ...filterFields,
  search: z.string().max(NAME_MAX).trim().optional(),
  minSize: sizeBody('minSize').optional(),
  maxSize: sizeBody('maxSize').optional(),
  meta: z.record(z.string(), z.string()).optional(),
  metaPrefix: z.record(z.string(), z.string()).optional(),
  metaExists: z.array(z.string()).max(META_FILTERS_MAX).optional(),
});
export type UploadFilterInput = z.infer<typeof uploadFilterSchema>;

/** `POST /groups/{groupId}/uploads` (and `…/remove`): records by id, or every record a filter matches. */
export const groupMembersSchema = z
  .object({
    uploadIds: z
      .array(z.string().max(100))
      .min(1, 'uploadIds must name at least one record')
      .max(GROUP_IDS_MAX, `uploadIds names at most ${GROUP_IDS_MAX} records`)
      .optional(),
    filter: uploadFilterSchema.optional(),
  })
  .refine((body) => (body.uploadIds === undefined) !== (body.filter === undefined), 'Send either uploadIds or filter');
export type GroupMembersInput = z.infer<typeof groupMembersSchema>;

/** `PATCH /uploads/{uploadId}`: a new name, changes of key-values, or both. */
export const uploadPatchSchema = z
  .object({ name: fileNameSchema.optional(), meta: metaChangesSchema.optional() })
  .refine((body) => body.name !== undefined || body.meta !== undefined, 'Send name, meta or both');
export type UploadPatchInput = z.infer<typeof uploadPatchSchema>;

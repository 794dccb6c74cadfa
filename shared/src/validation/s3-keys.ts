import { z } from 'zod';
import { S3_KEY_NAME_MAX } from './limits';

/** `POST /s3/keys`. */
export const s3KeyCreateSchema = z.object({
  name: z
    .string({ error: 'Key name is required' })
    .max(S3_KEY_NAME_MAX, `Key name must be at most ${S3_KEY_NAME_MAX} characters`)
    .trim()
    .min(1, 'Key name is required'),
  readOnly: z
    .boolean({ error: 'readOnly must be true or false' })
    .optional()
    .transform((value) => value ?? false),
});
export type S3KeyCreateInput = z.infer<typeof s3KeyCreateSchema>;

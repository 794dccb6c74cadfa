import { z } from 'zod';

const label = z
  .string()
  .trim()
  .min(1, 'label is required')
  .max(100, 'label has at most 100 characters')
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'label cannot contain control characters')
  .meta({ pattern: undefined });
const ttlSeconds = z
  .int('ttlSeconds must be a whole number')
  .min(1, 'ttlSeconds is at least 1')
  .max(86400, 'ttlSeconds is at most 86400 (a day)');

/** `POST /names`. */
export const nameCreateSchema = z.strictObject({ label });
export type NameCreateInput = z.infer<typeof nameCreateSchema>;

/** `PATCH /names/{nameId}`. */
export const nameUpdateSchema = z.strictObject({ label });
export type NameUpdateInput = z.infer<typeof nameUpdateSchema>;

/** `POST /names/{nameId}/publish`: a CID or `/ipfs/{cid}[/{path}]` (checked against the account's files by the server). */
export const namePublishSchema = z.strictObject({
  value: z.string().trim().min(1, 'value is required').max(1024, 'value has at most 1024 characters'),
  ttlSeconds: ttlSeconds.default(60),
  validityHours: z
    .int('validityHours must be a whole number')
    .min(1, 'validityHours is at least 1')
    .max(8760, 'validityHours is at most 8760 (a year)')
    .default(48),
});
export type NamePublishInput = z.infer<typeof namePublishSchema>;

/** `POST /names/{nameId}/rollback`. */
export const nameRollbackSchema = z.strictObject({
  sequence: z.int('sequence must be a whole number').min(0, 'sequence is at least 0'),
  ttlSeconds: ttlSeconds.default(60),
});
export type NameRollbackInput = z.infer<typeof nameRollbackSchema>;

/** `GET /names/{nameId}/history`. */
export const nameHistoryQuerySchema = z.object({
  limit: z.coerce.number().int('limit must be a whole number').min(1, 'limit is at least 1').max(200, 'limit is at most 200').default(50),
});

import { z } from 'zod';
import { NAME_MAX } from './limits';
import { stripNameControls } from './text';

/** The longest an access link lives: 30 days, in seconds. */
export const LINK_MAX_SECONDS = 30 * 24 * 60 * 60;

/** `?private=true` on an upload, a folder, a CAR or a pin: the new record is private. */
export const privateQuery = z.enum(['true', 'false'], { error: 'private must be true or false' }).optional();

export const privacySchema = z.object({ private: z.boolean({ error: 'private must be true or false' }) });
export type PrivacyInput = z.infer<typeof privacySchema>;

export const accessLinkSchema = z.object({
  expiresIn: z
    .number({ error: 'expiresIn must be a whole number of seconds' })
    .int('expiresIn must be a whole number of seconds')
    .min(1, 'expiresIn must be at least 1 second')
    .max(LINK_MAX_SECONDS, `expiresIn must be at most ${LINK_MAX_SECONDS} seconds (30 days)`),
  downloadName: z
    .string({ error: 'downloadName must be a string' })
    .max(NAME_MAX, `downloadName must be at most ${NAME_MAX} characters`)
    .nullable()
    .optional()
    .transform((name) => (name ? stripNameControls(name).trim() || null : null)),
  singleUse: z.boolean({ error: 'singleUse must be true or false' }).optional(),
});
export type AccessLinkInput = z.infer<typeof accessLinkSchema>;

import { stripNameControls } from '@cairn/shared';
import { multiaddr } from '@multiformats/multiaddr';
import { z } from 'zod';
import { PIN_STATUSES } from '../../content/types';

/** The spec's limits. */
const NAME_MAX = 255;
const ORIGINS_MAX = 20;
const CID_FILTER_MAX = 10;
const META_KEYS_MAX = 1000;
const META_KEY_MAX = 255;
const META_VALUE_MAX = 2048;

/** `?status=a,b`, `?status=a&status=b` or both: clients send either (Kubo sends commas). */
const commaList = (value: unknown) =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : [value])
        .flatMap((item) => String(item).split(','))
        .map((item) => item.trim())
        .filter(Boolean);

/** A pin's name is kept without control characters, as every name is; a lookup by name drops them too, so it still finds it. */
const pinName = z.string().max(NAME_MAX).transform(stripNameControls);

const meta = z
  .record(z.string().min(1).max(META_KEY_MAX), z.string().max(META_VALUE_MAX))
  .refine((value) => Object.keys(value).length <= META_KEYS_MAX, `meta has at most ${META_KEYS_MAX} keys`);

const isMultiaddr = (value: string) => {
  try {
    multiaddr(value);
    return true;
  } catch {
    return false;
  }
};

/** The spec's Pin object. */
export const psaPinSchema = z.object({
  cid: z.string().trim().min(1, 'cid is required').max(512),
  name: pinName.optional(),
  origins: z
    .array(z.string().max(1024).refine(isMultiaddr, 'origins must be multiaddrs'))
    .max(ORIGINS_MAX)
    .refine((list) => new Set(list).size === list.length, 'origins must be unique')
    .optional(),
  meta: meta.optional(),
});
export type PsaPinBody = z.infer<typeof psaPinSchema>;

/** `?meta={"app_id":"…"}`: a JSON object of strings. */
const metaQuery = z.string().transform((raw, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'meta must be a JSON object' });
    return z.NEVER;
  }
  const result = meta.safeParse(parsed);
  if (!result.success) {
    ctx.addIssue({ code: 'custom', message: 'meta must be a JSON object of string values' });
    return z.NEVER;
  }
  return result.data;
});

/** The filters of `GET /psa/pins`; without `status`, only pinned requests are listed (the spec's default). */
export const psaListSchema = z.object({
  cid: z.preprocess(commaList, z.array(z.string().max(512)).min(1).max(CID_FILTER_MAX).optional()),
  name: pinName.optional(),
  match: z.enum(['exact', 'iexact', 'partial', 'ipartial']).default('exact'),
  status: z.preprocess(commaList, z.array(z.enum(PIN_STATUSES)).min(1).default(['pinned'])),
  before: z.iso.datetime({ offset: true }).optional(),
  after: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  meta: metaQuery.optional(),
});
export type PsaListQuery = z.infer<typeof psaListSchema>;

export const psaParams = z.object({ requestid: z.string().min(1).max(100) });

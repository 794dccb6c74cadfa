import {
  adminLogQuerySchema,
  countrySchema,
  adminBonusGrantSchema,
  fileNameSchema,
  pageQuerySchema,
  pinSchema,
  planCreateSchema,
  signupSchema,
  tokenGenerateSchema,
  uploadQuerySchema,
} from '@cairn/shared';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Where a zod schema trims, changes case or turns `''` into "absent" before it checks, its JSON
 * Schema says what may be sent in `.meta()` (the form openapi.yaml documents). These samples hold
 * those statements to what zod really accepts: each is accepted by both, or refused by both.
 */
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);

/** Each value is tried as the one field of a body or query the schema validates. */
const cases: [string, z.ZodObject, string, { accepted: unknown[]; refused: unknown[] }][] = [
  ['country', z.object({ country: countrySchema }), 'country', { accepted: ['ES', ' es ', 'gB'], refused: ['E', 'ESP', 'E1', ''] }],
  [
    'referral code',
    signupSchema.pick({ referralCode: true }),
    'referralCode',
    { accepted: ['', 'ABCD', ' abcd12 '], refused: ['ABC', 'AB-CD', 'A'.repeat(33)] },
  ],
  [
    'file name',
    z.object({ name: fileNameSchema }),
    'name',
    {
      accepted: ['notes.md', ' notes.md ', 'a'.repeat(255), 'отчёт-2026.txt', 'n\u0303andu\u0301.md', '𝒜'.repeat(255)],
      refused: ['', ' ', 'a b', 'a/b', 'a'.repeat(256), '𝒜'.repeat(256), '.env', ' .env', 'a\u0007b', 'a\u202Eb'],
    },
  ],
  [
    'optional file name',
    pinSchema.pick({ customName: true }),
    'customName',
    { accepted: ['', null, 'x.txt', ' x ', 'é', 'ñandú.md', '𝒜'.repeat(200)], refused: ['a b', '.x', 'a/b', '𝒜'.repeat(256)] },
  ],
  ['name in a query', uploadQuerySchema.pick({ name: true }), 'name', { accepted: ['', 'x.txt', 'отчёт.txt'], refused: ['a b', '.x'] }],
  [
    'plan code',
    z.object({ code: planCreateSchema.shape.code }),
    'code',
    { accepted: ['pro', ' pro-2 '], refused: ['', 'Pro', '-pro', 'a'.repeat(33)] },
  ],
  // A length bound holds for what is sent: spaces around the text count, though they are trimmed after.
  [
    'search',
    pageQuerySchema.pick({ search: true }),
    'search',
    { accepted: ['', ' x ', 'a'.repeat(255)], refused: ['\t'.repeat(256), `${'a'.repeat(255)} `] },
  ],
  [
    'token name',
    z.object({ name: tokenGenerateSchema.shape.name }),
    'name',
    { accepted: ['cli', ' cli ', 'a'.repeat(100)], refused: ['', `${'a'.repeat(100)} `] },
  ],
  ['pinned CID', pinSchema.pick({ cid: true }), 'cid', { accepted: ['bafy', ' bafy '], refused: ['', `${' '.repeat(200)}bafy`] }],
  [
    'bonus note',
    adminBonusGrantSchema.pick({ note: true }),
    'note',
    { accepted: ['promo', ' promo '], refused: ['', `${' '.repeat(500)}promo`] },
  ],
  ['log type', adminLogQuerySchema.pick({ type: true }), 'type', { accepted: ['', 'info', 'critical'], refused: ['debug', 'INFO'] }],
  ['log action', adminLogQuerySchema.pick({ action: true }), 'action', { accepted: ['', 'login'], refused: ['Login', 'a'.repeat(51)] }],
  [
    'log user id',
    adminLogQuerySchema.pick({ userId: true }),
    'userId',
    { accepted: ['', '3b241101-e2bb-4255-8caf-4136c566a962'], refused: ['3b241101', 'x'] },
  ],
];

describe('the JSON Schema of a request field accepts what its zod schema accepts', () => {
  it.each(cases)('%s', (_name, schema, field, { accepted, refused }) => {
    const validate = ajv.compile(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
    for (const value of [...accepted, ...refused]) {
      const body = { [field]: value };
      expect({ value, zod: schema.safeParse(body).success, jsonSchema: validate(body) }).toEqual({
        value,
        zod: accepted.includes(value),
        jsonSchema: accepted.includes(value),
      });
    }
  });
});

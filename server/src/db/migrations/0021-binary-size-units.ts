import { sql, type Kysely } from 'kysely';
import { BUILT_IN_PLAN_TRANSLATIONS } from './plan-translations-seed';

/**
 * The built-in plans' descriptions name their storage with the binary units every screen now
 * shows ("1 GiB", not "1 GB", beside a limit of 1024³ bytes). A description an administrator
 * changed is left as it is: only the seeded wording is replaced, in English and in each language.
 */
const DECIMAL_TO_BINARY: Record<string, Array<[RegExp, string]>> = {
  fr: [
    [/\bGo\b/g, 'Gio'],
    [/\bTo\b/g, 'Tio'],
  ],
  ru: [
    [/ГБ/g, 'ГиБ'],
    [/ТБ/g, 'ТиБ'],
  ],
  uk: [
    [/ГБ/g, 'ГіБ'],
    [/ТБ/g, 'ТіБ'],
  ],
};
const LATIN: Array<[RegExp, string]> = [
  [/\bGB\b/g, 'GiB'],
  [/\bTB\b/g, 'TiB'],
];

const binary = (text: string, language: string) =>
  (DECIMAL_TO_BINARY[language] ?? LATIN).reduce((result, [decimal, unit]) => result.replace(decimal, unit), text);

/** Each seeded description, from the wording `from` gives to the one `to` gives, where it is still the seeded one. */
async function reword(
  db: Kysely<unknown>,
  from: (text: string, language: string) => string,
  to: (text: string, language: string) => string,
) {
  for (const plan of BUILT_IN_PLAN_TRANSLATIONS) {
    await sql`update plans set description = ${to(plan.en.description, 'en')}
      where code = ${plan.code} and description = ${from(plan.en.description, 'en')}`.execute(db);
    for (const [language, text] of Object.entries(plan.translations)) {
      await sql`update plan_translations set description = ${to(text.description, language)}
        where plan_code = ${plan.code} and language = ${language} and description = ${from(text.description, language)}`.execute(db);
    }
  }
}

const seeded = (text: string) => text;

export async function up(db: Kysely<unknown>): Promise<void> {
  await reword(db, seeded, binary);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await reword(db, binary, seeded);
}

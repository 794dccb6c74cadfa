import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_LANGUAGES } from '@cairn/shared';
import { describe, expect, it } from 'vitest';

const LOCALES = fileURLToPath(new URL('../../../../../shared/src/locales', import.meta.url));
const NAMESPACES = fs.readdirSync(path.join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Product and protocol names that stay as they are in every language. */
const NAMES = /\b(Cairn|IPFS|Kubo|Cluster|CIDs?|DAGs?|API|SDKs?|CLI|OpenAPI|JSON|URL|IP|EN)\b/g;

/**
 * Strings that are a real translation and happen to be spelt as in English (cognates). Every entry
 * was checked by hand; the test keeps anything else from slipping through untranslated.
 */
const SAME_AS_ENGLISH = new Set([
  'common:app_name',
  'common:document_title',
  'settings:tokens.allowed_ip_placeholder',
  'desktop:server.placeholder',
  'de:desktop:server.settings_title',
  'it:desktop:server.settings_title',
  'fr:common:notifications.title',
  'de:settings:tokens.col_status',
  'de:settings:tokens.col_name',
  'fr:settings:tokens.scope_group_admin',
  'it:common:nav.dashboard',
  'fr:docs:public',
  'ca:common:nav.plans',
  'ca:common:admin_nav.plans',
  'fr:common:languages.ca',
  'fr:common:languages.eu',
  'it:common:fields.password',
  'de:docs:param_in',
  'it:docs:param_in',
  'fr:settings:tokens.col_actions',
  'fr:settings:s3_keys.col_actions',
  'de:settings:s3_keys.col_name',
  'de:settings:s3_keys.region',
  'es:settings:s3_keys.endpoint',
  'ca:settings:s3_keys.endpoint',
  'it:settings:s3_keys.endpoint',
  'pt:settings:s3_keys.endpoint',
  'fr:content:groups.col_actions',
  'de:content:groups.col_name',
  'pt:settings:tokens.secret_label',
  'content:upload.cid_v0',
  'es:content:categories.audio',
  'es:content:replication.statuses.error',
  'ca:content:replication.statuses.error',
  'es:content:usage.plan',
  'ca:content:categories.document',
  'ca:content:categories.text',
  'fr:content:fields.type',
  'fr:content:fields.date',
  'fr:content:fields.actions',
  'fr:content:privacy.public',
  'fr:content:share.preset_600',
  'fr:content:share.unit_minutes',
  'fr:content:categories.image',
  'fr:content:categories.audio',
  'fr:content:categories.document',
  'fr:content:categories.archive',
  'fr:content:categories.code',
  'de:content:fields.name',
  'de:content:categories.video',
  'de:content:categories.audio',
  'de:content:actions.info',
  'it:content:fields.file',
  'it:content:types.file',
  'it:content:entry_types.file',
  'it:content:categories.video',
  'it:content:categories.audio',
  'es:billing:checkout.plan',
  'es:billing:payment.plan',
  'ca:billing:plans.title',
  'fr:billing:payment.transaction',
  'de:billing:payment.status',
  'de:billing:referrals.col_status',
  'es:billing:referrals.no',
  'ca:billing:referrals.no',
  'it:billing:referrals.no',
  'admin:plans.unit_MB',
  'admin:plans.unit_GB',
  'admin:plans.unit_TB',
  'admin:income.short_24h',
  'admin:income.short_15d',
  'admin:income.short_30d',
  'es:admin:labels.no',
  'es:admin:columns.plan',
  'es:admin:files.category.audio',
  'ca:admin:labels.no',
  'ca:admin:files.category.document',
  'ca:admin:files.category.text',
  'ca:admin:plans.title',
  'fr:admin:list.pagination',
  'fr:admin:columns.actions',
  'fr:admin:columns.date',
  'fr:admin:columns.type',
  'fr:admin:columns.action',
  'fr:admin:users.plan_inactive',
  'fr:admin:files.category.image',
  'fr:admin:files.category.audio',
  'fr:admin:files.category.document',
  'fr:admin:files.category.archive',
  'fr:admin:files.category.code',
  'fr:admin:logs.type',
  'fr:admin:logs.action',
  'fr:admin:plans.code',
  'fr:admin:plans.description_label',
  'fr:admin:plans.active',
  'fr:admin:plans.inactive',
  'de:admin:columns.status',
  'de:admin:content_jobs.status',
  'de:admin:columns.name',
  'de:admin:columns.details',
  'de:admin:charts.uploads',
  'de:admin:files.category.video',
  'de:admin:files.category.audio',
  'de:admin:files.category.text',
  'de:admin:logs.no_user',
  'de:admin:plans.name',
  'it:admin:labels.no',
  'it:admin:files.type_file',
  'it:admin:files.category.video',
  'it:admin:files.category.audio',
  // An example address, as the token dialog's IP; "Webhooks" is the word these languages use too.
  'settings:webhooks.url_placeholder',
  'de:settings:webhooks.title',
  'de:settings:webhooks.page_title',
  'es:settings:webhooks.title',
  'es:settings:webhooks.page_title',
  'ca:settings:webhooks.title',
  'ca:settings:webhooks.page_title',
  'fr:settings:webhooks.title',
  'fr:settings:webhooks.page_title',
  'pt:settings:webhooks.title',
  'pt:settings:webhooks.page_title',
  'fr:settings:webhooks.col_actions',
  'fr:names:col_actions',
  'de:names:choose_name',
  'names:domains.hostname_placeholder',
  'de:names:domains.record_name',
  'de:names:domains.col_status',
  'fr:names:domains.record_type',
  'fr:names:domains.col_actions',
  // "2FA" is the abbreviation every language uses; "Code" is the French and German word too.
  'fr:auth:two_factor.code',
  'de:auth:two_factor.code',
]);

type Flat = Map<string, string>;

function flatten(node: unknown, prefix = '', out: Flat = new Map()): Flat {
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else if (value && typeof value === 'object') flatten(value, full, out);
    else throw new Error(`${full} is neither a string nor an object`);
  }
  return out;
}

function load(language: string, namespace: string): Flat {
  const file = path.join(LOCALES, language, namespace);
  expect(fs.existsSync(file), `${language}/${namespace} exists`).toBe(true);
  return flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
}

const base = (key: string) => key.replace(PLURAL, '');
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((match) => match[1] ?? `<${match[2]}>`).sort();

describe('locale files', () => {
  it('has every namespace of en in each of the ten languages', () => {
    expect(NAMESPACES.length).toBeGreaterThan(0);
    for (const language of SUPPORTED_LANGUAGES) {
      const files = fs.readdirSync(path.join(LOCALES, language)).filter((file) => file.endsWith('.json'));
      expect(files.sort(), language).toEqual([...NAMESPACES].sort());
    }
  });

  for (const namespace of NAMESPACES) {
    describe(namespace, () => {
      const english = load('en', namespace);
      const englishKeys = new Set([...english.keys()].map(base));

      for (const language of SUPPORTED_LANGUAGES.filter((code) => code !== 'en')) {
        it(`${language} has exactly the keys of en (plural forms aside)`, () => {
          const translated = load(language, namespace);
          const keys = new Set([...translated.keys()].map(base));
          expect(
            [...englishKeys].filter((key) => !keys.has(key)),
            `missing in ${language}`,
          ).toEqual([]);
          expect(
            [...keys].filter((key) => !englishKeys.has(key)),
            `only in ${language}`,
          ).toEqual([]);
        });

        it(`${language} has every plural form its grammar needs, and the same placeholders`, () => {
          const translated = load(language, namespace);
          // The forms that counts of seconds and days actually reach (es 'many' is only for millions).
          const rules = new Intl.PluralRules(language);
          const categories = new Set(Array.from({ length: 1000 }, (_, n) => rules.select(n)));
          for (const key of [...english.keys()].filter((key) => key.endsWith('_other')).map(base)) {
            for (const category of categories) expect(translated.has(`${key}_${category}`), `${language} ${key}_${category}`).toBe(true);
          }
          for (const [key, value] of translated) {
            const source = english.get(key) ?? english.get(`${base(key)}_other`)!;
            expect(variables(value), `${language} ${namespace}:${key}`).toEqual(variables(source));
          }
        });

        it(`${language} leaves no English behind`, () => {
          const translated = load(language, namespace);
          const ns = namespace.replace('.json', '');
          const untranslated = [...translated].filter(([key, value]) => {
            const source = english.get(key) ?? english.get(`${base(key)}_other`);
            if (source !== value || SAME_AS_ENGLISH.has(`${ns}:${key}`) || SAME_AS_ENGLISH.has(`${language}:${ns}:${key}`)) return false;
            return /\p{L}{2,}/u.test(value.replace(/\{\{\w+\}\}/g, '').replace(NAMES, ''));
          });
          expect(untranslated.map(([key]) => key)).toEqual([]);
        });
      }
    });
  }
});

import { describe, expect, it } from 'vitest';
import { acceptedLanguage, callerLanguage } from './caller-language';

describe('acceptedLanguage', () => {
  it('picks the supported language of highest quality, by region-free tag', () => {
    expect(acceptedLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(acceptedLanguage('ja, uk;q=0.5, de;q=0.7')).toBe('de');
    expect(acceptedLanguage('EU-es')).toBe('eu');
  });

  it('gives null for no header, only unsupported languages, or languages refused with q=0', () => {
    expect(acceptedLanguage(undefined)).toBeNull();
    expect(acceptedLanguage('ja, zh-CN;q=0.8')).toBeNull();
    expect(acceptedLanguage('de;q=0')).toBeNull();
    expect(acceptedLanguage('*')).toBeNull();
  });
});

describe('callerLanguage', () => {
  it("prefers the account's language, then Accept-Language, then English", () => {
    expect(callerLanguage({ language: 'uk' }, 'de')).toBe('uk');
    expect(callerLanguage(undefined, 'de-AT')).toBe('de');
    expect(callerLanguage({ language: 'xx' }, 'ca')).toBe('ca');
    expect(callerLanguage(undefined, undefined)).toBe('en');
  });
});

import { describe, expect, it } from 'vitest';
import { detectLanguage, languageCookie, readCookie, supportedLanguage } from './language';

describe('language detection', () => {
  it('maps regional and differently-cased codes to supported ones', () => {
    expect(supportedLanguage('pt-BR')).toBe('pt');
    expect(supportedLanguage('UK')).toBe('uk');
    expect(supportedLanguage('es_ES')).toBe('es');
    expect(supportedLanguage('ja')).toBeNull();
  });

  it('prefers the cookie, then the stored choice, then the browser, then en', () => {
    expect(detectLanguage({ cookie: 'eu', stored: 'fr', browser: ['de-DE'] })).toBe('eu');
    expect(detectLanguage({ cookie: 'xx', stored: 'fr', browser: ['de-DE'] })).toBe('fr');
    expect(detectLanguage({ cookie: null, stored: null, browser: ['ja-JP', 'ca-ES'] })).toBe('ca');
    expect(detectLanguage({ cookie: null, stored: null, browser: ['ja-JP'] })).toBe('en');
  });

  it('reads the cookie among others', () => {
    expect(readCookie('a=1; cairn_lang=ru; b=2', 'cairn_lang')).toBe('ru');
    expect(readCookie('a=1', 'cairn_lang')).toBeNull();
  });

  it('writes a 365-day Secure SameSite=Strict cookie', () => {
    expect(languageCookie('uk')).toBe('cairn_lang=uk; Max-Age=31536000; Path=/; Secure; SameSite=Strict');
  });
});

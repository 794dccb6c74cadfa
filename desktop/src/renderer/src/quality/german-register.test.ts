import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const GERMAN = fileURLToPath(new URL('../../../../../shared/src/locales/de', import.meta.url));

/** The informal second person (du, dich, dir, dein…): a paid service addresses its users as "Sie". */
const INFORMAL = /\b(du|dich|dir|dein|deine|deinem|deinen|deiner|deines)\b/i;
/** Informal imperatives opening a sentence ("Gib", "Prüfe"), which carry no pronoun to catch. */
const INFORMAL_IMPERATIVE =
  /(^|[.:!?]\s+)(Gib|Prüfe|Wähle|Versuche|Lade|Lösche|Wechsle|Melde|Erstelle|Kopiere|Teile|Sende|Füge|Verwende|Entferne|Bestätige|Öffne|Klicke|Halte|Speichere|Pinne|Behalte|Bewahre)\b/;

function strings(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => strings(value, prefix ? `${prefix}.${key}` : key));
}

describe('German register', () => {
  it('says "Sie" throughout, never "du"', () => {
    const informal = fs
      .readdirSync(GERMAN)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => strings(JSON.parse(fs.readFileSync(path.join(GERMAN, file), 'utf8')), `${file.replace('.json', '')}:`))
      .filter(([, text]) => INFORMAL.test(text) || INFORMAL_IMPERATIVE.test(text))
      .map(([key, text]) => `${key} ${text}`);
    expect(informal).toEqual([]);
  });
});

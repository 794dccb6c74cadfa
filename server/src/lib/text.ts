/** Removes ASCII control characters (C0 and DEL), which never belong in a name or a header. */
export function stripControl(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code >= 0x20 && code !== 0x7f) out += ch;
  }
  return out;
}

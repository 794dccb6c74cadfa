const BASE58 = '1-9A-HJ-NP-Za-km-z';

/**
 * The spellings of a CID a form can recognise without decoding it: a CIDv0 (`Qm` and 44 base58
 * characters) or a CIDv1 in one of the multibase encodings IPFS tools print. The server still
 * decodes the CID; this only spares a round trip for text that cannot be one.
 */
const CID_PATTERNS = [
  new RegExp(`^Qm[${BASE58}]{44}$`),
  /^b[a-z2-7]{50,}$/,
  /^B[A-Z2-7]{50,}$/,
  new RegExp(`^z[${BASE58}]{40,}$`),
  /^k[0-9a-z]{40,}$/,
  /^f[0-9a-f]{60,}$/,
  /^F[0-9A-F]{60,}$/,
];

/** True when the text (trimmed) is written like a CID. */
export function isCidSyntax(value: string): boolean {
  const text = value.trim();
  return text.length <= 200 && CID_PATTERNS.some((pattern) => pattern.test(text));
}

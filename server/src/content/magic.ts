import type { Category } from './category';

/** Containers whose category depends on more than the signature. */
export type MagicResult = Exclude<Category, 'office' | 'code' | 'text' | 'other'> | 'zip' | 'ftyp' | 'ole' | undefined;

interface Signature {
  bytes: number[];
  offset?: number;
  result: NonNullable<MagicResult>;
}

// The signatures file-type checks first for the formats people upload most, kept synchronous.
const SIGNATURES: Signature[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], result: 'image' }, // png
  { bytes: [0xff, 0xd8, 0xff], result: 'image' }, // jpeg
  { bytes: [0x47, 0x49, 0x46, 0x38], result: 'image' }, // gif
  { bytes: [0x42, 0x4d], result: 'image' }, // bmp
  { bytes: [0x49, 0x49, 0x2a, 0x00], result: 'image' }, // tiff LE
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], result: 'image' }, // tiff BE
  { bytes: [0x00, 0x00, 0x01, 0x00], result: 'image' }, // ico
  { bytes: [0x38, 0x42, 0x50, 0x53], result: 'image' }, // psd
  { bytes: [0xff, 0x0a], result: 'image' }, // jxl codestream
  { bytes: [0x1a, 0x45, 0xdf, 0xa3], result: 'video' }, // matroska / webm
  { bytes: [0x46, 0x4c, 0x56, 0x01], result: 'video' }, // flv
  { bytes: [0x00, 0x00, 0x01, 0xba], result: 'video' }, // mpeg-ps
  { bytes: [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11], result: 'video' }, // asf / wmv
  { bytes: [0x49, 0x44, 0x33], result: 'audio' }, // mp3 with ID3
  { bytes: [0x66, 0x4c, 0x61, 0x43], result: 'audio' }, // flac
  { bytes: [0x4d, 0x54, 0x68, 0x64], result: 'audio' }, // midi
  { bytes: [0x23, 0x21, 0x41, 0x4d, 0x52], result: 'audio' }, // amr
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], result: 'document' }, // pdf
  { bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66], result: 'document' }, // rtf
  { bytes: [0x41, 0x54, 0x26, 0x54, 0x46, 0x4f, 0x52, 0x4d], result: 'document' }, // djvu
  { bytes: [0x50, 0x4b, 0x03, 0x04], result: 'zip' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], result: 'zip' }, // empty zip
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], result: 'ole' }, // doc/xls/ppt
  { bytes: [0x1f, 0x8b], result: 'archive' }, // gzip
  { bytes: [0x42, 0x5a, 0x68], result: 'archive' }, // bzip2
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], result: 'archive' }, // xz
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], result: 'archive' }, // zstd
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], result: 'archive' }, // 7z
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], result: 'archive' }, // rar
  { bytes: [0x75, 0x73, 0x74, 0x61, 0x72], offset: 257, result: 'archive' }, // tar (ustar)
  { bytes: [0x21, 0x3c, 0x61, 0x72, 0x63, 0x68, 0x3e], result: 'archive' }, // ar / deb
  { bytes: [0xed, 0xab, 0xee, 0xdb], result: 'archive' }, // rpm
  { bytes: [0x43, 0x44, 0x30, 0x30, 0x31], offset: 0x8001, result: 'archive' }, // iso9660
];

const ascii = (bytes: Uint8Array, from: number, to: number): string => Buffer.from(bytes.subarray(from, to)).toString('latin1');

export function magicCategory(bytes: Uint8Array): MagicResult {
  for (const signature of SIGNATURES) {
    const at = signature.offset ?? 0;
    if (bytes.byteLength < at + signature.bytes.length) continue;
    if (signature.bytes.every((b, i) => bytes[at + i] === b)) return signature.result;
  }
  if (bytes.byteLength >= 12 && ascii(bytes, 0, 4) === 'RIFF') {
    const kind = ascii(bytes, 8, 12);
    if (kind === 'WEBP') return 'image';
    if (kind === 'WAVE') return 'audio';
    if (kind === 'AVI ') return 'video';
  }
  if (bytes.byteLength >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (/^(heic|heix|hevc|mif1|msf1|avif|avis)$/.test(brand)) return 'image';
    if (/^(M4A |M4B |M4P |F4A )$/.test(brand)) return 'audio';
    return 'ftyp'; // mp4, mov, 3gp: video unless the name says audio
  }
  if (bytes.byteLength >= 36 && ascii(bytes, 0, 4) === 'OggS')
    return /OpusHead|vorbis|FLAC|Speex/.test(ascii(bytes, 28, 40)) ? 'audio' : 'video';
  if (bytes.byteLength >= 12 && ascii(bytes, 0, 4) === 'FORM' && /^AIF[FC]$/.test(ascii(bytes, 8, 12))) return 'audio';
  // MPEG audio frame sync without an ID3 tag (layer III, II; not the AAC ADTS pattern 0xFFF1).
  if (bytes.byteLength >= 3 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe6) === 0xe2 && ((bytes[2] ?? 0) & 0xf0) !== 0xf0) return 'audio';
  if (bytes.byteLength >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xf6) === 0xf0) return 'audio'; // aac adts
  return undefined;
}

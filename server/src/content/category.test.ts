import { fileTypeFromBuffer } from 'file-type';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectCategory, type Category } from './category';

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const pad = (b: Buffer, n = 64) => Buffer.concat([b, Buffer.alloc(Math.max(0, n - b.length))]);
const ftyp = (brand: string) =>
  pad(Buffer.concat([hex('00000018'), Buffer.from(`ftyp${brand}`), hex('00000000'), Buffer.from(`${brand}isom`)]));
const riff = (kind: string) => pad(Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from(kind)]));
/** A zip whose first entry (stored, as ODF requires for `mimetype`) has the given name and content. */
const zipWith = (name: string, content = '') => {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(content.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), Buffer.from(content)]);
};

const SAMPLES: Array<[string, Buffer, string, Category]> = [
  ['png', pad(hex('89504e470d0a1a0a0000000d49484452')), 'photo.bin', 'image'],
  ['jpeg', pad(hex('ffd8ffe000104a464946')), 'x', 'image'],
  ['gif', pad(Buffer.from('GIF89a')), 'x.gif', 'image'],
  ['webp', riff('WEBPVP8 '), 'x', 'image'],
  ['heic', ftyp('heic'), 'x', 'image'],
  ['mp4', ftyp('isom'), 'clip.mp4', 'video'],
  ['m4a by name', ftyp('isom'), 'song.m4a', 'audio'],
  ['webm', pad(hex('1a45dfa3')), 'x', 'video'],
  ['avi', riff('AVI LIST'), 'x', 'video'],
  ['wav', riff('WAVEfmt '), 'x', 'audio'],
  ['mp3 id3', pad(Buffer.from('ID3\u0003\u0000')), 'x', 'audio'],
  ['flac', pad(Buffer.from('fLaC')), 'x', 'audio'],
  ['pdf', pad(Buffer.from('%PDF-1.7\n')), 'paper.txt', 'document'],
  ['gzip', gzipSync(Buffer.from('hello')), 'x.gz', 'archive'],
  ['plain zip', zipWith('photos/a.jpg'), 'photos.zip', 'archive'],
  ['docx', zipWith('[Content_Types].xml', '<Types/>'), 'report.docx', 'office'],
  ['docx without name', zipWith('[Content_Types].xml', '<Types/>'), 'upload', 'office'],
  ['odt', zipWith('mimetype', 'application/vnd.oasis.opendocument.text'), 'x', 'office'],
  ['legacy doc', pad(hex('d0cf11e0a1b11ae1')), 'old.doc', 'office'],
  ['7z', pad(hex('377abcaf271c')), 'x', 'archive'],
];

describe('detectCategory', () => {
  it.each(SAMPLES)('%s', (_label, bytes, name, expected) => {
    expect(detectCategory(bytes, name)).toBe(expected);
  });

  it('agrees with file-type on the binary samples it recognises', async () => {
    const byMime = (mime: string): Category | undefined =>
      mime.startsWith('image/')
        ? 'image'
        : mime.startsWith('video/')
          ? 'video'
          : mime.startsWith('audio/')
            ? 'audio'
            : mime === 'application/pdf'
              ? 'document'
              : mime.includes('gzip') || mime.includes('x-7z')
                ? 'archive'
                : undefined;
    for (const [label, bytes, name] of SAMPLES) {
      const detected = await fileTypeFromBuffer(bytes);
      const expected = detected ? byMime(detected.mime) : undefined;
      if (expected && !name.endsWith('.m4a')) expect(detectCategory(bytes, name), label).toBe(expected);
    }
  });

  it('uses the extension for text: code, text, document; text otherwise', () => {
    const text = Buffer.from('const x = 1;\nconsole.log(x)\n');
    expect(detectCategory(text, 'main.ts')).toBe('code');
    expect(detectCategory(text, 'src/app.py')).toBe('code');
    expect(detectCategory(Buffer.from('# Title\n'), 'README.md')).toBe('text');
    expect(detectCategory(Buffer.from('a,b\n1,2\n'), 'data.csv')).toBe('text');
    expect(detectCategory(Buffer.from('{\\rtf1 hi}'), 'x.rtf')).toBe('document');
    expect(detectCategory(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg')).toBe('image');
    expect(detectCategory(Buffer.from('héllo wörld'), 'notes')).toBe('text');
  });

  it('falls back to the extension for unknown binary, then other', () => {
    const binary = Buffer.from([0, 1, 2, 3, 0xfe, 0xff, 0, 9]);
    expect(detectCategory(binary, 'report.xlsx')).toBe('office');
    expect(detectCategory(binary, 'movie.mkv')).toBe('video');
    expect(detectCategory(binary, 'blob.bin')).toBe('other');
    expect(detectCategory(new Uint8Array(0), 'empty')).toBe('other');
    expect(detectCategory(new Uint8Array(0), 'empty.txt')).toBe('text');
  });
});

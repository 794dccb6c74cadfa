import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { S3PartRow } from '../../db/schema';
import type { S3Error } from '../errors';
import { chosenParts, listedParts } from './complete-request';
import { MIN_PART_BYTES } from './limits';

const body = (parts: [number | string, string][]) =>
  `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts
    .map(([n, etag]) => `<Part><ETag>${etag}</ETag><PartNumber>${n}</PartNumber></Part>`)
    .join('')}</CompleteMultipartUpload>`;

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return (error as S3Error).code;
  }
  return undefined;
};

const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest();
const part = (n: number, size: number, digest: Buffer): S3PartRow => ({
  multipart_id: 'u',
  part_number: n,
  size,
  etag: `"${digest.toString('hex')}"`,
  file: `i/u/${n}-x`,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('the CompleteMultipartUpload body', () => {
  it('reads the listed parts in order, ETags with or without quotes', () => {
    expect(
      listedParts(
        body([
          [1, '"AbC"'],
          [2, 'def'],
          [10, '&quot;0a&quot;'],
        ]),
      ),
    ).toEqual([
      { partNumber: 1, etag: 'abc' },
      { partNumber: 2, etag: 'def' },
      { partNumber: 10, etag: '0a' },
    ]);
  });

  it('refuses junk, no part, a part without number or ETag as MalformedXML', () => {
    for (const junk of [
      '',
      'not xml <',
      '<Other/>',
      '<CompleteMultipartUpload></CompleteMultipartUpload>',
      body([['x', 'a']]),
      body([[1, '']]),
    ]) {
      expect(
        codeOf(() => listedParts(junk)),
        junk,
      ).toBe('MalformedXML');
    }
    expect(codeOf(() => listedParts('<CompleteMultipartUpload><Part><PartNumber>1</PartNumber></Part></CompleteMultipartUpload>'))).toBe(
      'MalformedXML',
    );
  });

  it('refuses part numbers out of 1..10000 and numbers that do not rise', () => {
    expect(codeOf(() => listedParts(body([[0, 'a']])))).toBe('InvalidArgument');
    expect(codeOf(() => listedParts(body([[10001, 'a']])))).toBe('InvalidArgument');
    expect(
      codeOf(() =>
        listedParts(
          body([
            [2, 'a'],
            [1, 'b'],
          ]),
        ),
      ),
    ).toBe('InvalidPartOrder');
    expect(
      codeOf(() =>
        listedParts(
          body([
            [1, 'a'],
            [1, 'a'],
          ]),
        ),
      ),
    ).toBe('InvalidPartOrder');
  });
});

describe('the parts a Complete takes', () => {
  const a = md5(Buffer.from('a'));
  const b = md5(Buffer.from('b'));
  const c = md5(Buffer.from('c'));
  const stored = [part(1, MIN_PART_BYTES, a), part(2, MIN_PART_BYTES + 1, b), part(3, 10, c), part(4, 1, c)];

  it("makes S3's ETag of the listed parts: the MD5 of their binary MD5s, then their count", () => {
    const chosen = chosenParts(
      listedParts(
        body([
          [1, a.toString('hex')],
          [2, `"${b.toString('hex')}"`],
          [3, c.toString('hex').toUpperCase()],
        ]),
      ),
      stored,
    );
    expect(chosen.parts.map((p) => p.part_number)).toEqual([1, 2, 3]);
    expect(chosen.size).toBe(2 * MIN_PART_BYTES + 11);
    expect(chosen.etag).toBe(
      `"${crypto
        .createHash('md5')
        .update(Buffer.concat([a, b, c]))
        .digest('hex')}-3"`,
    );
  });

  it('refuses a missing part or another ETag (InvalidPart), and a small part but the last (EntityTooSmall)', () => {
    expect(
      codeOf(() =>
        chosenParts(
          listedParts(
            body([
              [1, a.toString('hex')],
              [5, c.toString('hex')],
            ]),
          ),
          stored,
        ),
      ),
    ).toBe('InvalidPart');
    expect(codeOf(() => chosenParts(listedParts(body([[1, b.toString('hex')]])), stored))).toBe('InvalidPart');
    expect(
      codeOf(() =>
        chosenParts(
          listedParts(
            body([
              [3, c.toString('hex')],
              [4, c.toString('hex')],
            ]),
          ),
          stored,
        ),
      ),
    ).toBe('EntityTooSmall');
    // Parts may be left out: 1 then 3 is an object of two parts.
    expect(
      chosenParts(
        listedParts(
          body([
            [1, a.toString('hex')],
            [3, c.toString('hex')],
          ]),
        ),
        stored,
      ).etag,
    ).toMatch(/-2"$/);
  });
});

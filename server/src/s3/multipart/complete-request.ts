import crypto from 'node:crypto';
import { MAX_FILE_BYTES } from '@cairn/shared';
import type { S3PartRow } from '../../db/schema';
import { s3Errors } from '../errors';
import { fromXml } from '../xml';
import { MAX_PART_NUMBER, MIN_PART_BYTES } from './limits';

export interface ListedPart {
  partNumber: number;
  /** Unquoted, lower case. */
  etag: string;
}

const unquoted = (etag: string): string => etag.trim().replace(/^"|"$/g, '').toLowerCase();

/**
 * The parts a CompleteMultipartUpload body lists: `<CompleteMultipartUpload><Part><PartNumber/>
 * <ETag/></Part>…`. MalformedXML for anything else (no part, a part without its number or ETag),
 * InvalidPartOrder when the numbers do not rise.
 */
export function listedParts(xml: string): ListedPart[] {
  const root = fromXml(xml).CompleteMultipartUpload as { Part?: unknown } | undefined;
  const parts = root && typeof root === 'object' ? root.Part : undefined;
  if (!Array.isArray(parts) || parts.length === 0 || parts.length > MAX_PART_NUMBER) throw s3Errors.malformedXml();
  const listed = parts.map((part: unknown) => {
    const { PartNumber: raw, ETag: etag } = (part ?? {}) as { PartNumber?: unknown; ETag?: unknown };
    const number = typeof raw === 'string' ? raw.trim() : raw;
    if (typeof number !== 'string' || !/^\d{1,5}$/.test(number) || typeof etag !== 'string' || etag.trim() === '') {
      throw s3Errors.malformedXml();
    }
    const partNumber = Number(number);
    if (partNumber < 1 || partNumber > MAX_PART_NUMBER) {
      throw s3Errors.invalidArgument('Part number must be an integer between 1 and 10000, inclusive', 'partNumber', number);
    }
    return { partNumber, etag: unquoted(etag) };
  });
  for (let i = 1; i < listed.length; i++) {
    if (listed[i]!.partNumber <= listed[i - 1]!.partNumber) throw s3Errors.invalidPartOrder();
  }
  return listed;
}

export interface ChosenParts {
  parts: S3PartRow[];
  size: number;
  /** The object's ETag as S3 makes it: the MD5 of the parts' MD5s (binary), `-`, how many parts. */
  etag: string;
}

/**
 * The upload's parts the request names, in its order: InvalidPart when one is missing or has
 * another ETag, EntityTooSmall when one but the last is under 5 MiB, EntityTooLarge when the object
 * would exceed Cairn's file size cap. Parts not named are left out of the object (and deleted with
 * the upload).
 */
export function chosenParts(listed: ListedPart[], stored: S3PartRow[]): ChosenParts {
  const byNumber = new Map(stored.map((part) => [part.part_number, part]));
  const parts = listed.map((entry) => {
    const part = byNumber.get(entry.partNumber);
    if (!part || unquoted(part.etag) !== entry.etag) throw s3Errors.invalidPart();
    return part;
  });
  parts.forEach((part, i) => {
    if (i < parts.length - 1 && Number(part.size) < MIN_PART_BYTES) throw s3Errors.entityTooSmall();
  });
  const size = parts.reduce((sum, part) => sum + Number(part.size), 0);
  if (size > MAX_FILE_BYTES) throw s3Errors.entityTooLarge(MAX_FILE_BYTES);
  const md5s = Buffer.concat(parts.map((part) => Buffer.from(unquoted(part.etag), 'hex')));
  const etag = `"${crypto.createHash('md5').update(md5s).digest('hex')}-${parts.length}"`;
  return { parts, size, etag };
}

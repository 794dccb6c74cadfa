import type { IpnsPublicationRow } from '../db/schema';
import type { IpnsKeyWithRecord } from '../stores/ipns-store';

export function presentName(row: IpnsKeyWithRecord) {
  return {
    id: row.id,
    label: row.label,
    name: row.name,
    value: row.value,
    sequence: row.sequence === null ? null : Number(row.sequence),
    ttlSeconds: row.record_ttl_seconds,
    validUntil: row.valid_until,
    publishedAt: row.published_at,
    createdAt: row.created_at,
  };
}

export function presentPublication(row: IpnsPublicationRow) {
  return {
    sequence: Number(row.sequence),
    value: row.value,
    ttlSeconds: row.ttl_seconds,
    validUntil: row.valid_until,
    source: row.source,
    publishedAt: row.published_at,
  };
}

import type { components } from '@cairn/shared/api-types';
import type { CustomDomainRow } from '../db/schema';

export function presentDomain(row: CustomDomainRow): components['schemas']['Domain'] {
  return {
    id: row.id,
    hostname: row.hostname,
    target: row.target,
    status: row.status,
    verifiedAt: row.verified_at,
    lastCheckedAt: row.last_checked_at,
    lastError: row.last_error,
    dnslinkRecord: { name: `_dnslink.${row.hostname}`, type: 'TXT', value: `dnslink=${row.target}` },
    createdAt: row.created_at,
  };
}

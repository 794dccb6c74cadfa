import type { UserRow } from '../schema';

/**
 * What most requests need to know of their signed-in user: who it is, whether it may act, its plan
 * (whose factor raises its request limits), and the state of its file list. Reading these few columns instead of the whole account is most of what
 * makes authentication cheap; routes that need the rest use the full row.
 */
export type Principal = Pick<UserRow, 'id' | 'email' | 'role' | 'status' | 'uploads_count' | 'uploads_version' | 'plan_code'>;

export const PRINCIPAL_COLUMNS = [
  'users.id',
  'users.email',
  'users.role',
  'users.status',
  'users.uploads_count',
  'users.uploads_version',
  'users.plan_code',
] as const;

/** What a token's status badge says: an active token limited to a group that was deleted works no more, and says so. */
export function shownTokenStatus(token: { status: 'active' | 'expired' | 'revoked'; groupId: string | null; groupName?: string | null }) {
  return token.status === 'active' && token.groupId !== null && token.groupName === null ? 'stopped' : token.status;
}

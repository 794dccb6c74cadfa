import { describe, expect, it } from 'vitest';
import { shownTokenStatus } from './token-status';

describe('the status a token list shows', () => {
  it('is the token’s own, but stopped for an active token whose group was deleted', () => {
    expect(shownTokenStatus({ status: 'active', groupId: null, groupName: null })).toBe('active');
    expect(shownTokenStatus({ status: 'active', groupId: 'g', groupName: 'Invoices' })).toBe('active');
    expect(shownTokenStatus({ status: 'active', groupId: 'g', groupName: null })).toBe('stopped');
    expect(shownTokenStatus({ status: 'revoked', groupId: 'g', groupName: null })).toBe('revoked');
    expect(shownTokenStatus({ status: 'expired', groupId: 'g', groupName: null })).toBe('expired');
  });
});

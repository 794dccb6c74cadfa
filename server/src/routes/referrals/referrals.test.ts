import { beforeAll, describe, expect, it } from 'vitest';
import { buyPlan, userRow } from '../../../test/billing';
import { createUser, signupInput, uploadFile } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { billingSuite } from '../../../test/suites';

// Sizes count in 1024s: the 10 MB bonus is 10 × 1024 × 1024 bytes, and 5% of Pro's 100 GB is 5 GB.
const BONUS = 10_485_760;
const GIB = 1024 ** 3;
const PRO_SHARE = 5 * GIB;
const BUSINESS_SHARE = Math.round(1024 * GIB * 0.05);

describe.each(DRIVERS)('referral rewards (%s)', (driver) => {
  const suite = billingSuite(driver);

  const ledger = (userId: string) =>
    suite.server.app.db
      .selectFrom('rewards')
      .select(['bytes', 'reason', 'source_user_id'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const usage = async (token: string) => (await suite.server.api.get('/api/v2/users/me/usage', { token })).body;

  it('gives 10 MB to a new account signing up with a code and 10 MB to its referrer, each in the ledger', async () => {
    const referrer = await createUser(suite.server);
    const friend = await createUser(suite.server, { referralCode: referrer.referralCode });

    expect(await ledger(friend.id)).toEqual([{ bytes: BONUS, reason: 'signup_bonus', source_user_id: referrer.id }]);
    expect(await ledger(referrer.id)).toEqual([{ bytes: BONUS, reason: 'referral_signup', source_user_id: friend.id }]);
    expect(await usage(friend.token)).toMatchObject({ bonus: BONUS, planLimit: GIB, limit: GIB + BONUS });
    expect(await usage(referrer.token)).toMatchObject({ bonus: BONUS, limit: GIB + BONUS });

    const plain = await createUser(suite.server);
    expect(await ledger(plain.id)).toEqual([]);
    expect((await usage(plain.token)).bonus).toBe(0);
  });

  it('refuses an unknown code and the code of a disabled account with a clear 400', async () => {
    const unknown = await suite.server.api.post('/api/v2/auth/signup', signupInput({ referralCode: 'NOSUCHCODE' }));
    expect([unknown.status, unknown.body]).toEqual([400, { error: 'Referral code not found', code: 'invalid_referral_code' }]);
    const disabled = await createUser(suite.server);
    await suite.server.app.stores.users.update(disabled.id, { status: 'inactive' });
    const refused = await suite.server.api.post('/api/v2/auth/signup', signupInput({ referralCode: disabled.referralCode }));
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_referral_code']);
    expect(await ledger(disabled.id)).toEqual([]);
  });

  it("grants the referrer 5% of a referred account's paid plan while it holds it, and revokes it when it ends", async () => {
    const referrer = await createUser(suite.server);
    const friend = await createUser(suite.server, { referralCode: referrer.referralCode });

    const pro = await buyPlan(suite.billing, friend, 'pro');
    expect((await userRow(suite.billing, referrer.id)).bonus_bytes).toBe(BONUS + PRO_SHARE);
    expect((await usage(referrer.token)).limit).toBe(GIB + BONUS + PRO_SHARE);

    // Moving up to Business swaps the share; the Pro subscription ends at Stripe.
    await buyPlan(suite.billing, friend, 'business');
    await suite.billing.stripe.settled();
    expect((await userRow(suite.billing, referrer.id)).bonus_bytes).toBe(BONUS + BUSINESS_SHARE);

    const business = await suite.server.app.db
      .selectFrom('orders')
      .select('stripe_session_id')
      .where('user_id', '=', friend.id)
      .where('plan_code', '=', 'business')
      .executeTakeFirstOrThrow();
    await suite.billing.stripe.sendEvent('charge.refunded', suite.billing.stripe.refundCharge(business.stripe_session_id!));
    expect((await userRow(suite.billing, friend.id)).plan_code).toBe('free');
    expect((await userRow(suite.billing, referrer.id)).bonus_bytes).toBe(BONUS);
    // Rows written in one transaction share their timestamp, so compare them as a set.
    const rows = await ledger(referrer.id);
    expect(rows).toHaveLength(5);
    expect(rows).toEqual(
      expect.arrayContaining([
        { bytes: BONUS, reason: 'referral_signup', source_user_id: friend.id },
        { bytes: PRO_SHARE, reason: 'referral_paid_share', source_user_id: friend.id },
        { bytes: -PRO_SHARE, reason: 'referral_paid_share_revoked', source_user_id: friend.id },
        { bytes: BUSINESS_SHARE, reason: 'referral_paid_share', source_user_id: friend.id },
        { bytes: -BUSINESS_SHARE, reason: 'referral_paid_share_revoked', source_user_id: friend.id },
      ]),
    );
    // The friend's own bonus is untouched by all this.
    expect((await userRow(suite.billing, friend.id)).bonus_bytes).toBe(BONUS);
    expect(pro.transactionId).toBeTruthy();
  });

  it('gives nobody a share of their own plan', async () => {
    const user = await createUser(suite.server);
    await suite.server.app.stores.users.update(user.id, { referred_by: user.id });
    await buyPlan(suite.billing, user, 'pro');
    expect(await ledger(user.id)).toEqual([]);
    expect((await userRow(suite.billing, user.id)).bonus_bytes).toBe(0);
  });

  it('summarises referrals: code, link, totals and masked referred accounts', async () => {
    const referrer = await createUser(suite.server);
    const jane = await createUser(suite.server, { referralCode: referrer.referralCode, email: `jane-${Date.now()}@example.org` });
    const idle = await createUser(suite.server, { referralCode: referrer.referralCode });
    await suite.server.app.stores.users.update(idle.id, { last_active_at: '2020-01-01T00:00:00.000Z' });
    await buyPlan(suite.billing, jane, 'pro');

    const res = await suite.server.api.get('/api/v2/referrals/me', { token: referrer.token });
    expect(res.status).toBe(200);
    // Two sign-ups (10 MB each) and 5% of Jane's 100 GB Pro plan (5,120 MB).
    const earned = 5140;
    expect(res.body).toMatchObject({
      code: referrer.referralCode,
      link: `${suite.server.url}/signup?ref=${referrer.referralCode}`,
      totalReferrals: 2,
      activeReferrals: 1,
      totalEarnedMb: earned,
      currentBonusMb: earned,
    });
    // A forged Host header never reaches the link (PUBLIC_URL is unset here: the server's own address).
    const forged = await fetch(`${suite.server.url}/api/v2/referrals/me`, {
      headers: { Authorization: `Bearer ${referrer.token}`, Host: 'evil.example' },
    });
    expect(((await forged.json()) as { link: string }).link).toBe(`${suite.server.url}/signup?ref=${referrer.referralCode}`);
    const [first, second] = res.body.referrals;
    expect(first).toMatchObject({
      id: idle.id,
      earnedMb: 10,
      hasPaidPlan: false,
      active: false,
      lastActivityAt: '2020-01-01T00:00:00.000Z',
    });
    expect(second).toMatchObject({
      id: jane.id,
      email: 'j***@example.org',
      earnedMb: 5130,
      hasPaidPlan: true,
      active: true,
    });
    expect(res.text).not.toContain(jane.email);

    const friendView = await suite.server.api.get('/api/v2/referrals/me', { token: jane.token });
    expect(friendView.body).toMatchObject({ totalReferrals: 0, totalEarnedMb: 0, currentBonusMb: 10, referrals: [] });
    expect((await suite.server.api.get('/api/v2/referrals/me')).status).toBe(401);
  });
});

describe.each(DRIVERS)('storage after a paid plan ends (%s)', (driver) => {
  const suite = billingSuite(driver);
  beforeAll(async () => {
    // A tiny default plan, so that "more than the free plan holds" takes a few bytes.
    await suite.server.app.db.updateTable('plans').set({ storage_limit_bytes: 64 }).where('code', '=', 'free').execute();
  });

  it('refuses uploads and pins with the quota error and deletes nothing', async () => {
    const user = await createUser(suite.server);
    const { sessionId } = await buyPlan(suite.billing, user, 'pro');
    const kept = await uploadFile(suite.server, user, 'big.txt', 'x'.repeat(200));
    const other = await createUser(suite.server);
    const shared = await uploadFile(suite.server, other, 'small.txt', 'pin me');

    await suite.billing.stripe.sendEvent('charge.refunded', suite.billing.stripe.refundCharge(sessionId));
    const usage = await suite.server.api.get('/api/v2/users/me/usage', { token: user.token });
    expect(usage.body).toMatchObject({ planCode: 'free', used: 200, limit: 64, limitReached: true, percent: 100 });

    const upload = await suite.server.api.request('POST', '/api/v2/upload', {
      token: user.token,
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob(['y']), 'one-more.txt');
        return form;
      })(),
    });
    expect([upload.status, upload.body.code]).toEqual([403, 'quota_exceeded']);
    const pin = await suite.server.api.post('/api/v2/pins', { cid: shared.cid }, { token: user.token });
    expect([pin.status, pin.body.code]).toEqual([403, 'quota_exceeded']);

    const files = await suite.server.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect(files.body.files.map((file: { cid: string }) => file.cid)).toEqual([kept.cid]);
    const download = await fetch(`${suite.server.url}/ipfs/${kept.cid}`);
    expect(await download.text()).toBe('x'.repeat(200));
  });
});

import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../test/clock';
import { createJwt } from './jwt';

const claims = { sub: 'user-1', sid: 'session-1', email: 'a@example.com', role: 'user' as const };

describe('session JWTs', () => {
  it('verifies its own tokens again and again, and refuses one signed with another key', async () => {
    const jwt = createJwt(randomBytes(32));
    const token = await jwt.sign(claims, new Date(Date.now() + 60_000));
    expect(await jwt.verify(token)).toMatchObject(claims);
    expect(await jwt.verify(token)).toMatchObject(claims);
    const other = await createJwt(randomBytes(32)).sign(claims, new Date(Date.now() + 60_000));
    expect(await jwt.verify(other)).toBeNull();
    expect(await jwt.verify(`${token.slice(0, -2)}xx`)).toBeNull();
  });

  it('refuses a token once it has expired, even one it verified before', async () => {
    const clock = manualClock(); // on a whole second, as a token's expiry is
    const jwt = createJwt(randomBytes(32), clock);
    const end = new Date(clock.now() + 1_000);
    const token = await jwt.sign(claims, end);
    const unseen = await jwt.sign({ ...claims, sid: 'session-2' }, end);
    expect(await jwt.verify(token)).not.toBeNull();
    clock.advance(999);
    expect(await jwt.verify(token)).not.toBeNull();
    clock.advance(1);
    expect(await jwt.verify(token)).toBeNull();
    expect(await jwt.verify(unseen)).toBeNull();
  });

  it('refuses other algorithms', async () => {
    const key = randomBytes(32);
    const hs512 = await new SignJWT({ sid: 'session-1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('user-1')
      .setExpirationTime('1h')
      .sign(key);
    expect(await createJwt(key).verify(hs512)).toBeNull();
  });
});

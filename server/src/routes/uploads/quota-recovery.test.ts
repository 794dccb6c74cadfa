import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { eventually } from '../../../test/eventually';
import { createUser, setStorageLimit, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

const MIB = 1024 * 1024;

/** What `kill -9` in the middle of an upload leaves: a reservation whose heartbeat stopped. */
async function deadReservation(server: TestServer, user: TestUser, bytes: number, minutesAgo: number): Promise<void> {
  const id = newId();
  const then = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await server.app.stores.quota.open(id, user.id, then);
  expect(await server.app.stores.quota.grow(id, user.id, bytes, Number.MAX_SAFE_INTEGER, then)).toBe(true);
}

async function reserved(server: TestServer, user: TestUser): Promise<number> {
  return Number((await server.app.stores.users.findById(user.id))!.storage_reserved);
}

describe.each(DRIVERS)('quota of interrupted uploads (%s)', (driver) => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0).reverse()) await server.close();
  });

  it('gives back reservations whose upload stopped beating, while running', async () => {
    const server = await startTestServer({ driver, config: { maintenanceIntervalMs: 100 } });
    servers.push(server);
    const user = await createUser(server);
    await setStorageLimit(server, user, 20 * MIB);
    await deadReservation(server, user, 16 * MIB, 5);
    const live = newId();
    await server.app.stores.quota.open(live, user.id, new Date().toISOString());
    await server.app.stores.quota.grow(live, user.id, 1000, Number.MAX_SAFE_INTEGER, new Date().toISOString());

    await eventually('the dead reservation is freed', async () => (await reserved(server, user)) === 1000, { everyMs: 100 });
    expect(await reserved(server, user)).toBe(1000); // the live upload keeps its reservation
    await uploadFile(server, user, 'after-crash.bin', new Uint8Array(8 * MIB));
  });

  it.runIf(driver === 'pg')('frees them at start, once across instances', async () => {
    const first = await startTestServer({ driver });
    servers.push(first);
    const user = await createUser(first);
    await deadReservation(first, user, 16 * MIB, 5);
    await deadReservation(first, user, 16 * MIB, 5);
    expect(await reserved(first, user)).toBe(32 * MIB);
    const second = await startTestServer({ driver, shareWith: first });
    servers.push(second);
    expect(await reserved(first, user)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { rollingRestartScenario } from './rolling-restart';

describe('a rolling restart behind HAProxy', () => {
  it('loses no request, no record and no byte of quota while every instance restarts twice and a Cluster peer is killed; a killed instance comes back', async () => {
    const outcome = await rollingRestartScenario({ clients: 10, instances: 2, restarts: 2, log: (line) => console.log(line) });
    console.log(
      `${outcome.requests} requests, ${outcome.records} records, ${(outcome.bytesUploaded / 1024 ** 2).toFixed(1)} MiB uploaded, ` +
        `restarts over ${(outcome.restartingMs / 1000).toFixed(1)} s: ${JSON.stringify(outcome.restarts)}`,
    );
    if (outcome.failures.length > 0) console.log(outcome.serverErrors.join('\n'));
    expect(outcome.failures).toEqual([]);
    // Every instance went down and came back, twice, while the clients worked.
    expect(outcome.restarts.map((round) => round.map((timing) => timing.name))).toEqual([
      ['cairn-0', 'cairn-1'],
      ['cairn-0', 'cairn-1'],
    ]);
    expect(outcome).toMatchObject({ killedPeer: 'cairn-peer-2', peerDead: true, clientIp: '127.0.0.1' });
    // An instance that dies on its own is started again and taken back by HAProxy.
    expect(outcome.revived).toMatchObject({ name: 'cairn-1', up: true });
    expect(outcome.revived.pid).not.toBeNull();
    expect(outcome.revived.pid).not.toBe(outcome.revived.killedPid);
    expect(outcome.requests).toBeGreaterThan(100);
    expect(outcome.records).toBeGreaterThan(20);
    // The one request the README lets a restart cut: an upload still streaming when its instance's
    // drain ends. Sent again, it made one record (no extra one below) and no drift.
    console.log(`the long upload: ${outcome.cutUpload}`);
    // Its answer, or (when the server's close beats the answer) the cut connection.
    expect(outcome.cutUpload).toMatch(/^503 .*shutting_down|other side closed|ECONNRESET|EPIPE/);
    expect(outcome.lost).toEqual([]);
    expect(outcome.extra).toEqual([]);
    for (const account of outcome.drift) {
      expect(account).toEqual({ email: account.email, used: account.recorded, recorded: account.recorded, reserved: 0, reservations: 0 });
    }
  }, 240_000);
});

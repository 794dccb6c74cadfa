import { execFile, spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import net from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectOf, testProjects } from '../../scripts/test-projects.mjs';
import { refuseDaemons } from './project-guard';

describe('the test projects', () => {
  it('put each test file in the project of what it starts', () => {
    // Starts nothing.
    expect(projectOf('server/src/config/config.test.ts')).toBe('unit');
    expect(projectOf('server/src/ops/stop-signals.test.ts')).toBe('unit');
    // Cairn through startTestServer, a server process, PostgreSQL, a stand-in HTTP server.
    expect(projectOf('server/src/routes/users/users.test.ts')).toBe('api');
    expect(projectOf('server/src/shutdown.test.ts')).toBe('api');
    expect(projectOf('server/src/lib/shared-lock.test.ts')).toBe('api');
    expect(projectOf('server/src/content/remote/socket-get.test.ts')).toBe('api');
    // Kubo and Cluster daemons, embedded nodes that dial each other.
    expect(projectOf('server/src/content/engines.test.ts')).toBe('engines');
    expect(projectOf('server/src/content/network.test.ts')).toBe('engines');

    const projects = testProjects();
    const all = [...projects.unit, ...projects.api, ...projects.engines];
    expect(new Set(all).size).toBe(all.length);
    expect(projects.unit).toContain('server/test/test-projects.test.ts');
    for (const name of ['unit', 'api', 'engines'] as const) expect(projects[name].length).toBeGreaterThan(10);
  });

  it('refuse, in the unit project, any socket', () => {
    expect(process.env.CAIRN_TEST_PROJECT).toBe('unit');
    expect(() => net.connect(5432, '127.0.0.1')).toThrow(/a unit test opens a connection: it belongs in the api or engines project/);
    expect(() => Reflect.apply(net.Server.prototype.listen, new net.Server(), [0])).toThrow(/a unit test listens on a socket/);
    expect(() => dgram.createSocket('udp4').bind(0)).toThrow(/a unit test binds a UDP socket/);
  });

  it('refuse, in the api project, the Kubo and Cluster daemons', async () => {
    refuseDaemons();
    expect(() => spawnSync('ipfs', ['version'])).toThrow(/an api test starts ipfs: it belongs in the engines project/);
    expect(() => spawnSync('/opt/tools/ipfs-cluster-service', ['--version'])).toThrow(/starts ipfs-cluster-service/);
    // Any other program runs as before, promisified execFile included.
    expect(spawnSync(process.execPath, ['-e', 'process.exit(3)']).status).toBe(3);
    expect(await promisify(execFile)(process.execPath, ['-e', 'process.stdout.write("out")'])).toMatchObject({ stdout: 'out' });
    expect(() => promisify(execFile)('ipfs', ['version'])).toThrow(/an api test starts ipfs/);
  });
});

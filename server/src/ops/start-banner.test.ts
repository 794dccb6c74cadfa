import { describe, expect, it } from 'vitest';
import { buildConfig } from '../config/config';
import { readEnv } from '../config/env';
import type { AppContext } from '../context';
import { startBanner, startFields } from './start-banner';

const config = buildConfig(readEnv({ CAIRN_DATA_DIR: '/srv/cairn/data' }));
const running = { app: { selfUrl: 'http://localhost:8080' } as AppContext, port: 8080 };
const first = {
  email: 'admin@cairn.local',
  generatedPassword: 'Zq3-generated-pw',
  passwordFile: '/srv/cairn/data/initial-admin-password',
  created: true,
};

describe('what the server says at start', () => {
  it('logs where it answers and what it runs on, and never a password', () => {
    const fields = startFields(config, running);
    expect(fields).toEqual({
      url: 'http://localhost:8080',
      port: 8080,
      dataDir: '/srv/cairn/data',
      database: 'sqlite',
      engine: 'embedded',
    });
  });

  it('shows a terminal the address and, on the very first start, the login and the file that keeps it', () => {
    const banner = startBanner(config, running, first);
    expect(banner).toContain('Cairn is running at http://localhost:8080');
    expect(banner).toContain('first admin login: admin@cairn.local / Zq3-generated-pw');
    expect(banner).toContain('/srv/cairn/data/initial-admin-password');
    expect(startBanner(config, running, { email: 'ops@example.com', created: true })).toContain('admin account created: ops@example.com');
    expect(startBanner(config, running, null)).not.toContain('admin');
  });
});

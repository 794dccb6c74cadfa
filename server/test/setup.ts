// Loaded before every test file (vitest setupFiles).
import { refuseDaemons, refuseSockets } from './project-guard';

process.env.TZ = 'UTC';
// What the project running this file must not start (vitest.config.ts names the project).
if (process.env.CAIRN_TEST_PROJECT === 'unit') refuseSockets();
if (process.env.CAIRN_TEST_PROJECT === 'api') refuseDaemons();

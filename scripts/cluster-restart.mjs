// `npm run cluster:restart -- --dir DIR`: restarts the Cairn instances of the `cluster:local`
// running on DIR one at a time (SIGTERM, drain, exit, start, ready, up in HAProxy), printing each
// step; exits 1 if a step failed. The instances stay `cluster:local`'s children: it does the work.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { requestRollingRestart } from './front-door.mjs';

const { values } = parseArgs({ options: { dir: { type: 'string' } } });
if (!values.dir) {
  console.error('usage: npm run cluster:restart -- --dir DIR (the --dir cluster:local runs on)');
  process.exit(2);
}
try {
  const done = await requestRollingRestart(path.resolve(values.dir), (line) => console.log(line));
  process.exit(done ? 0 : 1);
} catch (error) {
  console.error(`cluster:restart: ${error.message} (is cluster:local running on ${values.dir} with --instances?)`);
  process.exit(1);
}

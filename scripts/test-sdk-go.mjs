// The Go SDK's checks: gofmt, go vet, then its tests (the SDK scenario against a live server).
import { spawnSync } from 'node:child_process';
import { root, run } from './lib.mjs';

const version = spawnSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' });
if (version.status !== 0) {
  console.error('The Go SDK needs Go 1.23 or later on the PATH (Debian 12 packages only 1.19).');
  process.exit(1);
}
const unformatted = spawnSync('gofmt', ['-l', 'sdks/go'], { cwd: root, encoding: 'utf8' });
if (unformatted.status !== 0 || unformatted.stdout.trim() !== '') {
  console.error(`gofmt: these files need formatting (gofmt -w sdks/go):\n${unformatted.stdout}${unformatted.stderr ?? ''}`);
  process.exit(1);
}
run('go', ['-C', 'sdks/go', 'vet', './...']);
run('go', ['-C', 'sdks/go', 'test', '-count=1', './...']);

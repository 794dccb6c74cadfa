// The Go SDK's checks: gofmt, go vet, then its tests (the SDK scenario against a live server).
import { spawnSync } from 'node:child_process';
import { root, run } from './lib.mjs';

const unformatted = spawnSync('gofmt', ['-l', 'sdks/go'], { cwd: root, encoding: 'utf8' });
if (unformatted.status !== 0 || unformatted.stdout.trim() !== '') {
  console.error(`gofmt: these files need formatting (gofmt -w sdks/go):\n${unformatted.stdout}${unformatted.stderr ?? ''}`);
  process.exit(1);
}
run('go', ['-C', 'sdks/go', 'vet', './...']);
run('go', ['-C', 'sdks/go', 'test', '-count=1', './...']);

// The PHP SDK's checks: every file parses, then its PHPUnit tests (the SDK scenario against a
// live server), with Debian's phpunit and no Composer package.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const dir = path.join(root, 'sdks', 'php');
for (const sub of ['src', 'tests']) {
  for (const entry of fs.readdirSync(path.join(dir, sub), { recursive: true })) {
    if (entry.endsWith('.php')) run('php', ['-l', '-n', path.join('sdks', 'php', sub, entry)]);
  }
}
run('phpunit', ['-c', 'sdks/php/phpunit.xml']);

// `npm run test:unit`: the tests that start nothing (no server, no database server, no daemon, no
// socket; see scripts/test-projects.mjs), after what they read is in place (dependencies, the
// built UI the packaging test checks). Arguments go to vitest (a file, `-t <name>`).
import { ensureDependencies, ensureUiBuild, step } from './lib.mjs';

ensureDependencies();
ensureUiBuild();
// Run alone, the unit files share their worker's loaded modules (half the project's time): a unit
// test that fakes timers, stubs a global or mocks a module puts it back when it ends.
step('unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--poolOptions.forks.isolate=false', ...process.argv.slice(2)]);

// `npm start`: installs what is missing, builds the UI, then runs Cairn on its embedded defaults
// (SQLite + embedded IPFS under ./data) or on whatever the environment configures.
import { ensureDependencies, ensureUiBuild, run } from './lib.mjs';

ensureDependencies();
ensureUiBuild();
run(process.execPath, ['--import', 'tsx', 'server/src/main.ts']);

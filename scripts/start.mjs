// `npm start`: installs what is missing, builds the UI and compiles the server when their sources
// changed, then runs Cairn on its embedded defaults
// (SQLite + embedded IPFS under ./data) or on whatever the environment configures.
import { ensureDependencies, ensureServerBuild, ensureUiBuild, root } from './lib.mjs';

ensureDependencies();
ensureUiBuild();
await ensureServerBuild();
// In this very process, so that SIGTERM and SIGINT reach the server's own clean shutdown.
process.setSourceMapsEnabled(true);
process.chdir(root);
await import(new URL('../server/dist/main.js', import.meta.url).href);

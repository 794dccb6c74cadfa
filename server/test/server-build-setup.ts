/**
 * Vitest global setup of the projects that start the compiled server (`spawnServer`): compiles it
 * once, before any worker starts, so that two test files never compile it at the same time and
 * read each other's half-written bundle.
 */
export default async function setup(): Promise<void> {
  const lib = new URL('../../scripts/lib.mjs', import.meta.url).href;
  const { ensureServerBuild } = (await import(lib)) as { ensureServerBuild(): Promise<void> };
  await ensureServerBuild();
}

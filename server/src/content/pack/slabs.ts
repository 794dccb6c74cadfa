/**
 * Fixed-size staging buffers for pack writes, aligned for O_DIRECT. Node cannot ask for aligned
 * memory, but a WebAssembly memory starts on a page boundary, and slabs are whole multiples of
 * the page size. Slabs are reused by every writer of this thread; a few stay allocated.
 */
export const SLAB_BYTES = 4 * 1024 * 1024;
const WASM_PAGE_BYTES = 64 * 1024;
/** Free slabs kept for reuse, at most. */
export const KEEP_FREE = 4;

const free: Uint8Array[] = [];
// The server's type libraries leave WebAssembly out; Node always has it.
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: new (size: { initial: number }) => { buffer: ArrayBuffer } } })
  .WebAssembly;

export function acquireSlab(): Uint8Array {
  return free.pop() ?? new Uint8Array(new Memory({ initial: SLAB_BYTES / WASM_PAGE_BYTES }).buffer);
}

export function releaseSlab(slab: Uint8Array): void {
  if (free.length < KEEP_FREE) free.push(slab);
}

import { Cairn } from '@cairn/sdk';
import { useAppStore } from '../store/app-store';

let client: Cairn | undefined;

/**
 * The SDK, which uploads go through, as every Cairn client's do: the page's origin (the desktop
 * app forwards `/api` from its own), the session's token read at each request. Made on first
 * use, in the page.
 */
export function sdk(): Cairn {
  // A resumable upload waits up to a minute between attempts while the network is gone.
  client ??= new Cairn({ token: () => useAppStore.getState().token, retry: { maxDelayMs: 60_000 } });
  return client;
}

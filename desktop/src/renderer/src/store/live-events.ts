import { create } from 'zustand';
import { createLiveClient, type LiveEvent, type LiveStatus } from '../lib/live-client';
import { useAppStore } from './app-store';

/** What a screen hears: an event, or `resync` when events may have been missed. */
export type LiveSignal = { kind: 'event'; event: LiveEvent } | { kind: 'resync' };
type Listener = (signal: LiveSignal) => void;

const listeners = new Set<Listener>();
const tell = (signal: LiveSignal) => {
  for (const listener of [...listeners]) listener(signal);
};

/** Whether the account's live event stream is open: while it is not, screens poll. */
export const useLiveStatus = create<{ status: LiveStatus }>()(() => ({ status: 'off' }));

const client = createLiveClient({
  url: '/api/v2/events',
  getToken: () => useAppStore.getState().token,
  onEvent: (event) => tell({ kind: 'event', event }),
  onResync: () => tell({ kind: 'resync' }),
  onStatus: (status) => useLiveStatus.setState({ status }),
});

/** Opens the stream for the signed-in session (once, whatever the number of screens) and closes it at sign-out. */
export function followSession(token: string | null): () => void {
  if (!token) return () => undefined;
  client.start();
  return () => client.stop();
}

/** Hears every live signal until the returned function is called. */
export function listenLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const liveIsOpen = (): boolean => useLiveStatus.getState().status === 'open';

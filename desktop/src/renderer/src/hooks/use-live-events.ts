import { useEffect, useRef } from 'react';
import { listenLive, useLiveStatus } from '../store/live-events';

/** The events that change the file list. */
export const FILE_LIST_EVENTS = ['upload.created', 'record.deleted', 'pin.pinned'] as const;
/** The events that change the storage used. */
export const USAGE_EVENTS = ['upload.created', 'record.deleted', 'pin.pinned', 'quota.*'] as const;

/** Whether live events arrive now; while they do not, a screen falls back to polling. */
export const useLiveConnected = (): boolean => useLiveStatus((state) => state.status === 'open');

/** `quota.*` matches every quota event; any other pattern one type. */
const matches = (patterns: readonly string[], type: string) =>
  patterns.some((pattern) => (pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern));

/**
 * Calls `refresh` once a burst of events of these types has passed (`delayMs` of quiet), and after
 * events may have been missed (a reconnection, a server reset): a list or a gauge reloads once,
 * not once per event.
 */
export function useLiveRefresh(types: readonly string[], refresh: () => void, delayMs = 400): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  const key = types.join(' ');
  useEffect(() => {
    const patterns = key.split(' ');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = listenLive((signal) => {
      if (signal.kind === 'event' && !matches(patterns, signal.event.type)) return;
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), delayMs);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [key, delayMs]);
}

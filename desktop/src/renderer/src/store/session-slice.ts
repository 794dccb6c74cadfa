import type { StateCreator } from 'zustand';
import type { User } from '@cairn/shared/api-types';
import { decodeToken, restoreSession, type SessionClaims } from '../lib/session';
import type { AppState } from './app-store';

export const TOKEN_STORAGE_KEY = 'cairn:token';

/** Why the user is back on the login page; the login page shows it once. */
export type SessionNotice = 'session_closed' | 'inactivity' | 'account_disabled';

export interface SessionSlice {
  token: string | null;
  claims: SessionClaims | null;
  user: User | null;
  notice: SessionNotice | null;
  /** Who the last ended session belonged to: the page it was on is theirs to come back to, nobody else's. */
  endedSub: string | null;
  /** Stores a fresh login token; false when it cannot be read. */
  signIn(token: string): boolean;
  setUser(user: User): void;
  /** Clears token and user; `notice` says why (none for a plain logout). */
  endSession(notice?: SessionNotice): void;
  clearNotice(): void;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function initialSession(): Pick<SessionSlice, 'token' | 'claims' | 'notice' | 'endedSub'> {
  const stored = storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
  const restored = restoreSession(stored, Date.now());
  if (restored.status === 'active') return { token: restored.token, claims: restored.claims, notice: null, endedSub: null };
  if (restored.status === 'closed') storage()?.removeItem(TOKEN_STORAGE_KEY);
  const endedSub = stored ? (decodeToken(stored)?.sub ?? null) : null;
  return { token: null, claims: null, notice: restored.status === 'closed' ? 'session_closed' : null, endedSub };
}

export const createSessionSlice: StateCreator<AppState, [], [], SessionSlice> = (set, get) => ({
  ...initialSession(),
  user: null,
  signIn(token) {
    const claims = decodeToken(token);
    if (!claims) return false;
    storage()?.setItem(TOKEN_STORAGE_KEY, token);
    set({ token, claims, user: null, notice: null });
    return true;
  },
  setUser(user) {
    if (get().token) set({ user });
  },
  endSession(notice) {
    storage()?.removeItem(TOKEN_STORAGE_KEY);
    // A late 401 from a request started before logout must not replace the reason already shown.
    if (!get().token) return;
    set({ token: null, claims: null, user: null, notice: notice ?? null, endedSub: get().claims?.sub ?? null });
  },
  clearNotice() {
    set({ notice: null });
  },
});

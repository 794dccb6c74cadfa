import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { SessionClaims } from '../lib/session';
import { useAppStore } from '../store/app-store';

/** Where /login was sent from, and whose session it was (null when nobody was signed in). */
interface ReturnState {
  from?: string;
  owner?: string | null;
}

/**
 * The page to open after a login: the one the login was asked from, only for the account that was
 * on it (or when nobody was) and only if that account may see it; else the dashboard.
 */
export function returnPath(state: ReturnState | null, claims: SessionClaims | null): string {
  const from = state?.from;
  if (!from || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (state.owner && state.owner !== claims?.sub) return '/';
  if (/^\/admin(\/|$|\?)/.test(from) && claims?.role !== 'admin') return '/';
  return from;
}

/** The client-side guard: without a session, go to /login and come back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAppStore((state) => state.token);
  const endedSub = useAppStore((state) => state.endedSub);
  const location = useLocation();
  if (!token)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search, owner: endedSub } satisfies ReturnState} />;
  return children;
}

/** Signed-in users have nothing to do on /login and /signup. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const token = useAppStore((state) => state.token);
  const claims = useAppStore((state) => state.claims);
  const location = useLocation();
  if (token) return <Navigate to={returnPath(location.state as ReturnState | null, claims)} replace />;
  return children;
}

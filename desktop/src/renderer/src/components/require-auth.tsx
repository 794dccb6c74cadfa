import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppStore } from '../store/app-store';

/** The client-side guard: without a session, go to /login and come back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAppStore((state) => state.token);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Signed-in users have nothing to do on /login and /signup. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const token = useAppStore((state) => state.token);
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  if (token) return <Navigate to={from && from.startsWith('/') ? from : '/'} replace />;
  return children;
}

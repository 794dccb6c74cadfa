import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { twoFactorApi } from '../api/endpoints';
import { useAppStore } from '../store/app-store';

/** Sent by Settings once two-factor is turned on, so the gate lets the admin through at once. */
export const TWO_FACTOR_CHANGED = 'cairn:two-factor-changed';

/**
 * When the deployment requires two-factor for administrators, an admin without it goes to
 * Settings to enrol before anything else. The server enforces it (admin routes answer 403
 * `two_factor_required`); this spares the admin a screen of errors.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const token = useAppStore((state) => state.token);
  const admin = useAppStore((state) => state.claims?.role === 'admin');
  const location = useLocation();
  const [blocked, setBlocked] = useState(false);
  const [checks, setChecks] = useState(0);

  useEffect(() => {
    const recheck = () => setChecks((n) => n + 1);
    window.addEventListener(TWO_FACTOR_CHANGED, recheck);
    return () => window.removeEventListener(TWO_FACTOR_CHANGED, recheck);
  }, []);

  useEffect(() => {
    if (!admin || !token) {
      setBlocked(false);
      return;
    }
    const controller = new AbortController();
    twoFactorApi.status(controller.signal).then(
      (status) => !controller.signal.aborted && setBlocked(status.required && !status.enabled),
      () => undefined,
    );
    return () => controller.abort();
  }, [admin, token, checks]);

  if (blocked && location.pathname !== '/settings') return <Navigate to="/settings#two-factor" replace />;
  return children;
}

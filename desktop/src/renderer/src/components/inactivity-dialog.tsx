import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_EVENTS, INACTIVITY_OVERRIDE_KEY, inactivityConfig, inactivityPhase, type InactivityPhase } from '../lib/inactivity';
import { useAppStore } from '../store/app-store';
import { logout } from '../store/session-actions';
import { Modal } from './modal';

function readOverride(): string | null {
  try {
    return window.localStorage.getItem(INACTIVITY_OVERRIDE_KEY);
  } catch {
    return null;
  }
}

/**
 * Watches for activity while signed in. One minute before the timeout it asks "are you still
 * here?" with a countdown; at the timeout it logs out with the inactivity notice. It also ends the
 * session when the token itself expires.
 */
export function InactivityDialog() {
  const { t } = useTranslation('common');
  const token = useAppStore((state) => state.token);
  const exp = useAppStore((state) => state.claims?.exp);
  const endSession = useAppStore((state) => state.endSession);
  const lastActivity = useRef(Date.now());
  const [phase, setPhase] = useState<InactivityPhase>({ phase: 'active' });

  useEffect(() => {
    if (!token) return;
    const config = inactivityConfig(readOverride());
    lastActivity.current = Date.now();
    setPhase({ phase: 'active' });
    const onActivity = () => {
      lastActivity.current = Date.now();
    };
    const tick = () => {
      const now = Date.now();
      if (exp && exp * 1000 <= now) {
        endSession('session_closed');
        return;
      }
      const next = inactivityPhase(lastActivity.current, now, config);
      if (next.phase === 'expired') {
        window.clearInterval(timer);
        void logout('inactivity');
      }
      setPhase((previous) =>
        previous.phase === next.phase &&
        (previous as { secondsLeft?: number }).secondsLeft === (next as { secondsLeft?: number }).secondsLeft
          ? previous
          : next,
      );
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    const timer = window.setInterval(tick, 250);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [token, exp, endSession]);

  if (!token || phase.phase !== 'warning') return null;
  const stay = () => {
    lastActivity.current = Date.now();
    setPhase({ phase: 'active' });
  };
  return (
    <Modal
      title={t('inactivity.title')}
      onClose={stay}
      role="alertdialog"
      size="small"
      footer={
        <button type="button" className="btn btn-primary" onClick={stay}>
          {t('inactivity.stay')}
        </button>
      }
    >
      <div className="inactivity">
        <p className="countdown" aria-live="polite" aria-atomic="true">
          {t('inactivity.countdown', { count: phase.secondsLeft })}
        </p>
        <p>{t('inactivity.message')}</p>
      </div>
    </Modal>
  );
}

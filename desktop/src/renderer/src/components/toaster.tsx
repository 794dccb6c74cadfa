import { useEffect, useState } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { PHONE_QUERY } from '../lib/phone';

const MAX_VISIBLE = 20;

/** Phones stack the page header's actions under its title: toasts go to the bottom there. */
function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY);
    const changed = () => setPhone(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return phone;
}

/**
 * Toasts top right, under the top bar and the page header's row (never over Log out or a page's
 * own buttons), at the bottom on phones: success 2 s, errors and others 4 s, loading until done,
 * at most 20 at once.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const phone = usePhone();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(MAX_VISIBLE)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return (
    <Toaster
      position={phone ? 'bottom-center' : 'top-right'}
      containerClassName="toaster"
      containerStyle={phone ? { bottom: 16 } : { top: 'calc(var(--topbar-height) + var(--page-header-height))' }}
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        loading: { duration: Infinity },
        style: { maxWidth: 350 },
      }}
    />
  );
}

import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

const MAX_VISIBLE = 20;

/**
 * Toasts top right, under the top bar (never over Log out): success 2 s, errors and others 4 s,
 * loading until done, at most 20 at once.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(MAX_VISIBLE)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return (
    <Toaster
      position="top-right"
      containerClassName="toaster"
      containerStyle={{ top: 'calc(var(--topbar-height) + 8px)' }}
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        loading: { duration: Infinity },
        style: { maxWidth: 350 },
      }}
    />
  );
}

import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';

/**
 * A change made from an admin screen (delete, revoke, update). `busy` names what is changing — a
 * row's id or code — until the change ends, so its buttons stay disabled. A failure is told in
 * words: the API's code if it has a translation, else `errorKey` (a key in `admin`), as a toast
 * unless `onError` shows it elsewhere.
 */
export function useAdminAction<K extends string = string>() {
  const errorText = useAreaErrorText('admin');
  const [busy, setBusy] = useState<K | null>(null);
  const run = useCallback(
    async (key: K, errorKey: string, change: () => Promise<void>, onError: (message: string) => void = toast.error) => {
      setBusy(key);
      try {
        await change();
      } catch (error) {
        onError(errorText(error, errorKey));
      } finally {
        setBusy(null);
      }
    },
    [errorText],
  );
  return { busy, run };
}

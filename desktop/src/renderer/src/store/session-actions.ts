import { authApi, userApi } from '../api/endpoints';
import { applyLanguage } from '../lib/i18n';
import { supportedLanguage } from '../lib/language';
import { useAppStore, type SessionNotice } from './app-store';

/** Logs out on the server (best effort: the local session ends whatever it answers). */
export async function logout(notice?: SessionNotice): Promise<void> {
  const { token, endSession } = useAppStore.getState();
  if (token) await authApi.logout().catch(() => undefined);
  endSession(notice);
}

/** Loads the signed-in profile; its language overrides the detected one when supported. */
export async function loadProfile(signal?: AbortSignal): Promise<void> {
  const user = await userApi.me(signal);
  useAppStore.getState().setUser(user);
  if (supportedLanguage(user.language)) await applyLanguage(user.language);
}

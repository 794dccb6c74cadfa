import { createApiClient, sessionEndNotice } from '../lib/api-client';
import { useAppStore } from '../store/app-store';

/**
 * The one API client of the UI. Relative to the page's origin: the Koa server serves the UI, and
 * the desktop app forwards `/api` from its own origin to the server.
 */
export const api = createApiClient({
  baseUrl: '/api/v2',
  getToken: () => useAppStore.getState().token,
  onSessionEnded: (error) => useAppStore.getState().endSession(sessionEndNotice(error)),
});

import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { InactivityDialog } from './components/inactivity-dialog';
import { LanguageModal } from './components/language-modal';
import { AppToaster } from './components/toaster';
import { ServerAddressPage } from './pages/desktop/server-address-page';
import { AppRoutes } from './routes';
import { useAppStore } from './store/app-store';
import { followSession } from './store/live-events';
import { loadProfile } from './store/session-actions';

/** Loads the profile whenever a session starts (its language overrides the detected one) and opens its live events. */
function SessionBootstrap() {
  const token = useAppStore((state) => state.token);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    loadProfile(controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [token]);
  // One live event stream per session, shared by every screen.
  useEffect(() => followSession(token), [token]);
  return null;
}

export function App() {
  const serverAddressNeeded = useAppStore((state) => state.serverAddressNeeded);
  useEffect(() => {
    void useAppStore.getState().initDesktop();
  }, []);
  if (serverAddressNeeded) {
    // A first run of the desktop app: nothing can be signed into before there is a server.
    return (
      <BrowserRouter>
        <ServerAddressPage />
        <LanguageModal />
      </BrowserRouter>
    );
  }
  return (
    <BrowserRouter>
      <SessionBootstrap />
      <AppRoutes />
      <LanguageModal />
      <InactivityDialog />
      <AppToaster />
    </BrowserRouter>
  );
}

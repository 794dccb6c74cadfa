import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAuth } from './components/require-auth';
import { AppShell } from './components/shell/app-shell';
import { TwoFactorGate } from './components/two-factor-gate';
import { LoadingState } from './components/states';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { DesktopOnly } from './pages/desktop/desktop-only';
import { NotFoundPage } from './pages/not-found-page';
import { S3KeysPage, SettingsPage, TokensPage, WebhooksPage } from './pages/settings/settings-page';
import { SignupPage } from './pages/signup-page';

// Split out of the initial bundle: the API reference (with its YAML parser) and the admin area.
const ApiDocsPage = lazy(() => import('./pages/api-docs/api-docs-page').then((module) => ({ default: module.ApiDocsPage })));
const AdminArea = lazy(() => import('./pages/admin/admin-area').then((module) => ({ default: module.AdminArea })));
// Plans, payment and referrals load on first visit too.
const PlansPage = lazy(() => import('./pages/billing/plans-page').then((module) => ({ default: module.PlansPage })));
const ReferralsPage = lazy(() => import('./pages/billing/referrals-page').then((module) => ({ default: module.ReferralsPage })));
const PaymentSuccessPage = lazy(() =>
  import('./pages/billing/payment-success-page').then((module) => ({ default: module.PaymentSuccessPage })),
);
const PaymentCancelPage = lazy(() =>
  import('./pages/billing/payment-cancel-page').then((module) => ({ default: module.PaymentCancelPage })),
);
// The content screens load on first visit: they are not needed to sign in.
const UploadPage = lazy(() => import('./pages/upload/upload-page').then((module) => ({ default: module.UploadPage })));
const PinPage = lazy(() => import('./pages/pin/pin-page').then((module) => ({ default: module.PinPage })));
const FilesPage = lazy(() => import('./pages/files/files-page').then((module) => ({ default: module.FilesPage })));
const GroupsPage = lazy(() => import('./pages/groups/groups-page').then((module) => ({ default: module.GroupsPage })));
const NamesPage = lazy(() => import('./pages/names/names-page').then((module) => ({ default: module.NamesPage })));
const UsagePage = lazy(() => import('./pages/usage/usage-page').then((module) => ({ default: module.UsagePage })));
const DagPage = lazy(() => import('./pages/dag/dag-page').then((module) => ({ default: module.DagPage })));
// Desktop shell only.
const TransfersPage = lazy(() => import('./pages/desktop/transfers-page').then((module) => ({ default: module.TransfersPage })));
const WatchedFoldersPage = lazy(() =>
  import('./pages/desktop/watched-folders-page').then((module) => ({ default: module.WatchedFoldersPage })),
);

const deferred = (node: ReactNode) => <Suspense fallback={<LoadingState />}>{node}</Suspense>;

/** Every route of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<RedirectIfSignedIn>{<LoginPage />}</RedirectIfSignedIn>} />
      <Route path="/signup" element={<RedirectIfSignedIn>{<SignupPage />}</RedirectIfSignedIn>} />
      <Route
        element={
          <RequireAuth>
            <TwoFactorGate>
              <AppShell />
            </TwoFactorGate>
          </RequireAuth>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="upload" element={deferred(<UploadPage />)} />
        <Route path="pin" element={deferred(<PinPage />)} />
        <Route path="files" element={deferred(<FilesPage />)} />
        <Route path="groups" element={deferred(<GroupsPage />)} />
        <Route path="names" element={deferred(<NamesPage />)} />
        <Route path="usage" element={deferred(<UsagePage />)} />
        <Route path="dag" element={deferred(<DagPage />)} />
        <Route path="dag/:cid" element={deferred(<DagPage />)} />
        <Route path="plans" element={deferred(<PlansPage />)} />
        <Route path="referrals" element={deferred(<ReferralsPage />)} />
        <Route path="payment/success" element={deferred(<PaymentSuccessPage />)} />
        <Route path="payment/cancel" element={deferred(<PaymentCancelPage />)} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="settings/tokens" element={<TokensPage />} />
        <Route path="settings/webhooks" element={<WebhooksPage />} />
        <Route path="settings/s3-keys" element={<S3KeysPage />} />
        <Route path="api-docs" element={deferred(<ApiDocsPage />)} />
        <Route path="admin/*" element={deferred(<AdminArea />)} />
        <Route path="transfers" element={<DesktopOnly>{deferred(<TransfersPage />)}</DesktopOnly>} />
        <Route path="watched-folders" element={<DesktopOnly>{deferred(<WatchedFoldersPage />)}</DesktopOnly>} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

import type { IconName } from '../icons';

export interface NavItem {
  /** Key under `common:nav`. */
  key: string;
  to: string;
  icon: IconName;
}

/** Sidebar entries, in the spec's order (section 2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', to: '/', icon: 'dashboard' },
  { key: 'upload', to: '/upload', icon: 'upload' },
  { key: 'pin', to: '/pin', icon: 'pin' },
  { key: 'files', to: '/files', icon: 'files' },
  { key: 'groups', to: '/groups', icon: 'folder' },
  { key: 'names', to: '/names', icon: 'tag' },
  { key: 'usage', to: '/usage', icon: 'usage' },
  { key: 'plans', to: '/plans', icon: 'plans' },
  { key: 'referrals', to: '/referrals', icon: 'referrals' },
  { key: 'api_docs', to: '/api-docs', icon: 'docs' },
];

/** The admin sub-menu. /admin/referrals exists but is not listed, as in the spec. */
export const ADMIN_ITEMS: readonly { key: string; to: string }[] = [
  { key: 'dashboard', to: '/admin' },
  { key: 'users', to: '/admin/users' },
  { key: 'files', to: '/admin/files' },
  { key: 'logs', to: '/admin/logs' },
  { key: 'plans', to: '/admin/plans' },
  { key: 'stats', to: '/admin/stats' },
  { key: 'tokens', to: '/admin/tokens' },
  { key: 'rewards', to: '/admin/rewards' },
  { key: 'content_jobs', to: '/admin/content-jobs' },
];

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { usePopover } from '../../hooks/use-popover';
import { currentLanguage } from '../../lib/i18n';
import { useAppStore } from '../../store/app-store';
import { logout } from '../../store/session-actions';
import { Icon, Logo } from '../icons';
import { NotificationsMenu } from './notifications-menu';

export function LanguageButton({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useTranslation('common');
  const openModal = useAppStore((state) => state.setLanguageModalOpen);
  const code = currentLanguage().toUpperCase();
  return (
    <button
      type="button"
      className={withLabel ? 'menu-item' : 'btn btn-ghost lang-btn'}
      onClick={() => openModal(true)}
      // In the account menu the visible words ("Language EN") are the name; the icon button needs one.
      aria-label={withLabel ? undefined : t('language.button', { code })}
      title={t('language.title')}
    >
      <Icon name="globe" />
      {withLabel ? <span>{t('language.title')}</span> : null}
      <span className="lang-code">{code}</span>
    </button>
  );
}

/** Language, notifications, settings, email and logout: inline on wide screens, in a dropdown on small ones. */
export function TopBar({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer(): void }) {
  const { t } = useTranslation('common');
  const email = useAppStore((state) => state.user?.email ?? state.claims?.email ?? '');
  const more = usePopover();
  const moreId = useId();
  const navigate = useNavigate();
  // A deliberate logout should not bring the next login back to this page.
  const signOut = () => void logout().then(() => navigate('/login', { replace: true }));

  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-btn menu-toggle"
        aria-label={drawerOpen ? t('shell.close_menu') : t('shell.open_menu')}
        aria-expanded={drawerOpen}
        aria-controls="sidebar"
        onClick={onToggleDrawer}
      >
        <Icon name="menu" />
      </button>
      <Link to="/" className="topbar-brand">
        <Logo size={26} />
        <span className="brand-name">{t('app_name')}</span>
      </Link>
      <div className="topbar-spacer" />
      <div className="topbar-actions">
        <LanguageButton />
        <NotificationsMenu />
        <Link to="/settings" className="icon-btn" aria-label={t('nav.settings')} title={t('nav.settings')}>
          <Icon name="settings" />
        </Link>
        <span className="user-email" title={email}>
          {email}
        </span>
        <button type="button" className="btn btn-secondary btn-small" onClick={signOut}>
          <Icon name="logout" size={16} />
          <span>{t('actions.logout')}</span>
        </button>
      </div>
      <div className="topbar-more popover-anchor" ref={more.ref}>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('shell.account_menu')}
          aria-expanded={more.open}
          aria-controls={moreId}
          onClick={more.toggle}
        >
          <Icon name="more" />
        </button>
        {more.open && (
          <div id={moreId} className="popover dropdown" role="region" aria-label={t('shell.account_menu')}>
            <p className="dropdown-email">{email}</p>
            <div className="contents" onClick={() => more.setOpen(false)}>
              <LanguageButton withLabel />
            </div>
            <NotificationsMenu withLabel />
            <Link to="/settings" className="menu-item" onClick={() => more.setOpen(false)}>
              <Icon name="settings" />
              <span>{t('nav.settings')}</span>
            </Link>
            <button type="button" className="menu-item" onClick={signOut}>
              <Icon name="logout" />
              <span>{t('actions.logout')}</span>
            </button>
          </div>
        )}
      </div>
    </header>
  );
}

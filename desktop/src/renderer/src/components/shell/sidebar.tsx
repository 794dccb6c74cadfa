import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { DesktopNavItems } from '../../pages/desktop/desktop-nav';
import { useAppStore } from '../../store/app-store';
import { Icon, Logo } from '../icons';
import { ADMIN_ITEMS, NAV_ITEMS } from './nav-items';

const linkClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate(): void }) {
  const { t } = useTranslation('common');
  const isAdmin = useAppStore((state) => state.claims?.role === 'admin' || state.user?.role === 'admin');
  const location = useLocation();
  const [adminOpen, setAdminOpen] = useState(location.pathname.startsWith('/admin'));
  const adminMenuId = useId();

  return (
    <aside id="sidebar" className={`sidebar${open ? ' open' : ''}`} aria-label={t('shell.sidebar')}>
      <div className="brand">
        <Logo />
        <span className="brand-name">{t('app_name')}</span>
      </div>
      <nav aria-label={t('shell.main_nav')}>
        <ul className="nav-list">
          {NAV_ITEMS.map((item) => (
            <li key={item.key}>
              <NavLink to={item.to} end={item.to === '/'} className={linkClass} onClick={onNavigate}>
                <Icon name={item.icon} />
                <span>{t(`nav.${item.key}`)}</span>
              </NavLink>
            </li>
          ))}
          <DesktopNavItems onNavigate={onNavigate} />
          {isAdmin && (
            <li className="nav-group">
              <button
                type="button"
                className={`nav-link nav-toggle${location.pathname.startsWith('/admin') ? ' active-parent' : ''}`}
                aria-expanded={adminOpen}
                aria-controls={adminMenuId}
                onClick={() => setAdminOpen((value) => !value)}
              >
                <Icon name="admin" />
                <span>{t('nav.admin')}</span>
                <Icon name="chevron" className={`chevron${adminOpen ? ' up' : ''}`} size={16} />
              </button>
              <ul id={adminMenuId} className="nav-sub" hidden={!adminOpen}>
                {ADMIN_ITEMS.map((item) => (
                  <li key={item.key}>
                    <NavLink to={item.to} end className={linkClass} onClick={onNavigate}>
                      <span>{t(`admin_nav.${item.key}`)}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          )}
        </ul>
      </nav>
    </aside>
  );
}

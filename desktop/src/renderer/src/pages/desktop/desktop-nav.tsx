import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { useAppStore } from '../../store/app-store';

const linkClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

/** The sidebar entries only the desktop app has. */
export function DesktopNavItems({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('desktop');
  const isDesktop = useAppStore((state) => state.isDesktop);
  if (!isDesktop) return null;
  return (
    <>
      <li>
        <NavLink to="/transfers" className={linkClass} onClick={onNavigate}>
          <Icon name="upload" />
          <span>{t('nav.transfers')}</span>
        </NavLink>
      </li>
      <li>
        <NavLink to="/watched-folders" className={linkClass} onClick={onNavigate}>
          <Icon name="folder" />
          <span>{t('nav.watched_folders')}</span>
        </NavLink>
      </li>
    </>
  );
}

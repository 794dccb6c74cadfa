import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../store/app-store';
import { ServerAddressForm } from './server-address-form';

/** In the settings of the desktop app: the server it talks to, which can be changed there. */
export function ServerSettingsCard() {
  const { t } = useTranslation('desktop');
  const isDesktop = useAppStore((state) => state.isDesktop);
  const serverOrigin = useAppStore((state) => state.serverOrigin);
  if (!isDesktop) return null;
  return (
    <section className="card" aria-labelledby="server-title">
      <div className="card-header">
        <div>
          <h2 id="server-title">{t('server.settings_title')}</h2>
          <p className="card-description">{t('server.settings_description')}</p>
        </div>
      </div>
      <ServerAddressForm key={serverOrigin} initial={serverOrigin} submitLabel={t('server.save')} />
    </section>
  );
}

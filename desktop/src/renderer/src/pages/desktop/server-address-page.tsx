import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/auth-layout';
import { ServerAddressForm } from './server-address-form';

/** The desktop app's first screen when it knows no server yet (no CAIRN_SERVER_URL, nothing saved). */
export function ServerAddressPage() {
  const { t } = useTranslation('desktop');
  return (
    <AuthLayout title={t('server.title')} subtitle={t('server.description')} footer={t('server.later')}>
      <ServerAddressForm initial="" submitLabel={t('server.connect')} />
    </AuthLayout>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contentApi } from '../../api/content';
import { Icon } from '../../components/icons';
import { useAsync } from '../../hooks/use-async';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { RoomLinks } from '../usage/limit-warning';

/**
 * Not enough room, in figures: what the upload needs (when known) and what is free, with the ways
 * out. Sending it again cannot help, so there is no retry.
 */
export function QuotaShortfallAlert({ needed, free }: { needed?: number; free: number }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const sizes = { needed: needed === undefined ? '' : formatBytes(needed, language), free: formatBytes(free, language) };
  return (
    <div className="alert alert-error" role="alert" data-quota-shortfall>
      <Icon name="alert" size={16} />
      <div className="alert-body">
        <p>{t(`upload.${needed === undefined ? 'quota_refused' : 'over_quota'}${free === 0 ? '_full' : ''}`, sizes)}</p>
        <RoomLinks />
      </div>
    </div>
  );
}

/** The server refused the upload for want of room: says how much is free now, else `fallback`. */
export function QuotaRefused({ fallback }: { fallback: ReactNode }) {
  const { state } = useAsync((signal) => contentApi.usage(signal), []);
  if (state.status !== 'ready') return <>{fallback}</>;
  return <QuotaShortfallAlert free={Math.max(0, state.data.limit - state.data.used)} />;
}

import { formatDateTime } from '../lib/format';
import { currentLanguage } from '../lib/i18n';

/** When an API token was last used and from where, or `never` (the token tables of Settings and admin). */
export function LastUse({ at, ip, never, from }: { at: string | null; ip: string | null; never: string; from(ip: string): string }) {
  if (!at) return <>{never}</>;
  return (
    <span className="stacked">
      <span>{formatDateTime(at, currentLanguage())}</span>
      {ip && <span className="muted">{from(ip)}</span>}
    </span>
  );
}

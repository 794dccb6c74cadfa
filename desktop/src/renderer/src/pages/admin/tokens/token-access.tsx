import type { AdminToken } from '@cairn/shared/api-types';
import { useTranslation } from 'react-i18next';

/** What an account's token may do, as the admin console shows it: full access or its scopes, and its group if limited to one. */
export function TokenAccess({ token }: { token: Pick<AdminToken, 'scopes' | 'groupId' | 'groupName'> }) {
  const { t } = useTranslation('admin');
  const full = token.scopes.includes('all');
  return (
    <span className="stacked" data-scopes={token.scopes.join(' ')}>
      {full ? <span>{t('tokens.access_full')}</span> : <code>{token.scopes.join(' ')}</code>}
      {token.groupId !== null && (
        <span className="muted" data-group={token.groupId}>
          {token.groupName === null ? t('tokens.group_gone') : t('tokens.limited_to', { name: token.groupName })}
        </span>
      )}
    </span>
  );
}

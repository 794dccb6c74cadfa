import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminToken } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IpText } from '../../../components/ip-text';
import { LastUse } from '../../../components/last-use';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format';
import { AdminTable } from '../list/admin-table';
import { ListView } from '../list/list-view';
import { useAdminAction } from '../list/use-admin-action';
import { pageQuery, useAdminList } from '../list/use-admin-list';
import { useRowUpdates } from '../list/use-row-updates';
import { shownTokenStatus } from '../../../lib/token-status';
import { TokenAccess } from './token-access';

/** /admin/tokens: every account's API tokens (never their secrets), with revocation. */
export function AdminTokensPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const list = useAdminList((query, signal) => adminApi.tokens(pageQuery(query), signal));
  const action = useAdminAction();
  const rows = useRowUpdates<AdminToken>();
  const [revoking, setRevoking] = useState<AdminToken | null>(null);

  const revoke = (target: AdminToken) =>
    action.run(target.id, 'errors.token_revoke', async () => {
      const token = await adminApi.revokeToken(target.id);
      rows.replace(token);
      toast.success(t('tokens.revoked', { name: token.name }));
      setRevoking(null);
    });

  return (
    <div className="page">
      <PageHeader title={t('tokens.title')} description={t('tokens.description')} />
      <ListView
        list={list}
        label={t('tokens.title')}
        searchLabel={t('tokens.search')}
        items={rows.apply(list.data?.tokens)}
        errorKey="errors.tokens_load"
        emptyTitle={t('tokens.empty')}
        emptyIcon="key"
      >
        {(items) => (
          <AdminTable
            caption={t('tokens.title')}
            columns={['name', 'owner', 'status', 'created', 'expires', 'last_used', 'allowed_ips']}
            actions
          >
            {items.map((token) => (
              <tr key={token.id} data-token-id={token.id}>
                <td data-label={t('columns.name')}>
                  <span className="stacked">
                    <span className="cell-strong">{token.name}</span>
                    <code className="muted">{token.prefix}…</code>
                    {/* What it may do, under its name: eight columns already fill a laptop's width. */}
                    <TokenAccess token={token} />
                  </span>
                </td>
                <td data-label={t('columns.owner')}>{token.userEmail}</td>
                <td data-label={t('columns.status')}>
                  <span className={`badge badge-${shownTokenStatus(token)}`}>{t(`tokens.status_${shownTokenStatus(token)}`)}</span>
                </td>
                <td data-label={t('columns.created')}>{formatDate(token.createdAt, language)}</td>
                <td data-label={t('columns.expires')}>
                  {token.expiresAt ? formatDate(token.expiresAt, language) : t('tokens.never_expires')}
                </td>
                <td data-label={t('columns.last_used')}>
                  <LastUse
                    at={token.lastUsedAt}
                    ip={token.lastUsedIp}
                    never={t('labels.never')}
                    from={(ip) => t('tokens.from_ip', { ip })}
                  />
                </td>
                <td data-label={t('columns.allowed_ips')}>
                  {token.allowedIps.length ? <IpText ips={token.allowedIps} /> : t('tokens.any_ip')}
                </td>
                <td className="cell-actions">
                  {token.status === 'active' && (
                    <button
                      type="button"
                      className="btn btn-danger-ghost btn-small"
                      onClick={() => setRevoking(token)}
                      aria-label={t('tokens.revoke_named', { name: token.name, email: token.userEmail })}
                    >
                      {t('tokens.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListView>
      {revoking && (
        <ConfirmDialog
          title={t('tokens.revoke_title')}
          message={t('tokens.revoke_message', { name: revoking.name, email: revoking.userEmail })}
          confirmLabel={t('tokens.revoke')}
          danger
          busy={action.busy === revoking.id}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </div>
  );
}

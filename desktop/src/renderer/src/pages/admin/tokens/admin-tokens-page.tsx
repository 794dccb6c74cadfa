import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { AdminToken } from '../../../api/admin-types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate, formatDateTime } from '../../../lib/format';
import { ListSearch } from '../list/list-search';
import { ListView } from '../list/list-view';
import { pageQuery, useAdminList } from '../list/use-admin-list';

/** /admin/tokens: every account's API tokens (never their secrets), with revocation. */
export function AdminTokensPage() {
  const { t } = useTranslation('admin');
  const errorText = useAreaErrorText('admin');
  const language = currentLanguage();
  const list = useAdminList((query, signal) => adminApi.tokens(pageQuery(query), signal));
  const [revoked, setRevoked] = useState<Record<string, AdminToken>>({});
  const [revoking, setRevoking] = useState<AdminToken | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      const token = await adminApi.revokeToken(revoking.id);
      setRevoked((previous) => ({ ...previous, [token.id]: token }));
      toast.success(t('tokens.revoked', { name: token.name }));
      setRevoking(null);
    } catch (error) {
      toast.error(errorText(error, 'errors.token_revoke'));
    } finally {
      setBusy(false);
    }
  };

  const tokens = list.data?.tokens.map((token) => revoked[token.id] ?? token) ?? null;
  return (
    <div className="page">
      <PageHeader title={t('tokens.title')} description={t('tokens.description')} />
      <section className="card admin-list" aria-label={t('tokens.title')}>
        <div className="list-toolbar">
          <ListSearch value={list.query.search} label={t('tokens.search')} onSearch={(search) => list.update({ search })} />
        </div>
        <ListView
          {...list}
          items={tokens}
          total={list.data?.total ?? 0}
          errorKey="errors.tokens_load"
          emptyTitle={list.query.search ? t('list.no_match') : t('tokens.empty')}
          emptyIcon="key"
        >
          {(items) => (
            <table className="table admin-table">
              <caption className="visually-hidden">{t('tokens.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.name')}</th>
                  <th scope="col">{t('columns.owner')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col">{t('columns.created')}</th>
                  <th scope="col">{t('columns.expires')}</th>
                  <th scope="col">{t('columns.last_used')}</th>
                  <th scope="col">{t('columns.allowed_ips')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((token) => (
                  <tr key={token.id} data-token-id={token.id}>
                    <td data-label={t('columns.name')}>
                      <span className="stacked">
                        <span className="cell-strong">{token.name}</span>
                        <code className="muted">{token.prefix}…</code>
                      </span>
                    </td>
                    <td data-label={t('columns.owner')}>{token.userEmail}</td>
                    <td data-label={t('columns.status')}>
                      <span className={`badge badge-${token.status}`}>{t(`tokens.status_${token.status}`)}</span>
                    </td>
                    <td data-label={t('columns.created')}>{formatDate(token.createdAt, language)}</td>
                    <td data-label={t('columns.expires')}>
                      {token.expiresAt ? formatDate(token.expiresAt, language) : t('tokens.never_expires')}
                    </td>
                    <td data-label={t('columns.last_used')}>
                      {token.lastUsedAt ? (
                        <span className="stacked">
                          <span>{formatDateTime(token.lastUsedAt, language)}</span>
                          {token.lastUsedIp && <span className="muted">{t('tokens.from_ip', { ip: token.lastUsedIp })}</span>}
                        </span>
                      ) : (
                        t('labels.never')
                      )}
                    </td>
                    <td data-label={t('columns.allowed_ips')}>
                      {token.allowedIps.length ? <code>{token.allowedIps.join(', ')}</code> : t('tokens.any_ip')}
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
              </tbody>
            </table>
          )}
        </ListView>
      </section>
      {revoking && (
        <ConfirmDialog
          title={t('tokens.revoke_title')}
          message={t('tokens.revoke_message', { name: revoking.name, email: revoking.userEmail })}
          confirmLabel={t('tokens.revoke')}
          danger
          busy={busy}
          onConfirm={() => void revoke()}
          onCancel={() => setRevoking(null)}
        />
      )}
    </div>
  );
}

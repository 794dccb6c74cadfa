import { bytesToMb } from '@cairn/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminUserDetail } from '@cairn/shared/api-types';
import { TableWrap } from '../../../components/table-wrap';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatBytes, formatMegabytes } from '../../../lib/units';
import { AdminTable } from '../list/admin-table';
import { logDetails } from '../logs/log-actions';
import { TokenAccess } from '../tokens/token-access';

interface SectionProps<T> {
  id: string;
  /** The newest rows of one of the account's lists, and how many there are in all. */
  list: { items: T[]; total: number };
  /** The admin section holding the full list, searched for this account. */
  more: string;
  columns: readonly string[];
  row(item: T): ReactNode;
}

/** One of the account's lists: its newest rows, or that there are none, and a link to all of them. */
function ActivitySection<T>({ id, list, more, columns, row }: SectionProps<T>) {
  const { t } = useTranslation('admin');
  return (
    <section className="card" aria-labelledby={`user-${id}`} data-section={id}>
      <div className="card-header">
        <h2 id={`user-${id}`}>{t(`user.section_${id}`, { count: list.total })}</h2>
        {list.total > list.items.length && (
          <Link to={more} className="btn btn-secondary btn-small">
            {t('user.see_all', { count: list.total })}
          </Link>
        )}
      </div>
      {list.items.length === 0 ? (
        <p className="muted">{t(`user.none_${id}`)}</p>
      ) : (
        <TableWrap>
          <AdminTable caption={t(`user.section_${id}`, { count: list.total })} columns={columns}>
            {list.items.map(row)}
          </AdminTable>
        </TableWrap>
      )}
    </section>
  );
}

/** The account's files, tokens, referrals, bonus ledger and audit trail, newest first. */
export function UserActivity({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const search = `?search=${encodeURIComponent(detail.user.email)}`;
  return (
    <div className="admin-user-activity">
      <ActivitySection
        id="files"
        list={detail.files}
        more={`/admin/files${search}`}
        columns={['name', 'type', 'size', 'created']}
        row={(file) => (
          <tr key={file.uploadId}>
            <td data-label={t('columns.name')} className="cell-name">
              {file.name}
            </td>
            <td data-label={t('columns.type')}>{t(`files.type_${file.type}`)}</td>
            <td data-label={t('columns.size')} className="cell-number">
              {formatBytes(file.size, language)}
            </td>
            <td data-label={t('columns.created')}>{formatDateTime(file.createdAt, language)}</td>
          </tr>
        )}
      />
      <ActivitySection
        id="tokens"
        list={detail.tokens}
        more={`/admin/tokens${search}`}
        columns={['name', 'status', 'access', 'created', 'last_used']}
        row={(token) => (
          <tr key={token.id}>
            <td data-label={t('columns.name')}>{token.name}</td>
            <td data-label={t('columns.status')}>{t(`tokens.status_${token.status}`)}</td>
            <td data-label={t('columns.access')}>
              <TokenAccess token={token} />
            </td>
            <td data-label={t('columns.created')}>{formatDate(token.createdAt, language)}</td>
            <td data-label={t('columns.last_used')}>{token.lastUsedAt ? formatDateTime(token.lastUsedAt, language) : t('user.never')}</td>
          </tr>
        )}
      />
      <ActivitySection
        id="referrals"
        list={detail.referrals}
        more={`/admin/referrals${search}`}
        columns={['referred', 'joined', 'earned']}
        row={(referral) => (
          <tr key={referral.referredId}>
            <td data-label={t('columns.referred')}>{referral.referredEmail}</td>
            <td data-label={t('columns.joined')}>{formatDate(referral.joinedAt, language)}</td>
            <td data-label={t('columns.earned')}>{formatMegabytes(referral.earnedMb, language)}</td>
          </tr>
        )}
      />
      <ActivitySection
        id="rewards"
        list={detail.rewards}
        more={`/admin/rewards${search}`}
        columns={['date', 'amount', 'reason', 'source']}
        row={(reward) => (
          <tr key={reward.id}>
            <td data-label={t('columns.date')}>{formatDateTime(reward.createdAt, language)}</td>
            <td data-label={t('columns.amount')} className={reward.bytes < 0 ? 'amount-negative' : 'amount-positive'}>
              {reward.bytes < 0 ? '−' : '+'}
              {formatMegabytes(bytesToMb(Math.abs(reward.bytes)), language)}
            </td>
            <td data-label={t('columns.reason')}>{t(`rewards.reason_${reward.reason}`, { defaultValue: reward.reason })}</td>
            <td data-label={t('columns.source')}>{reward.sourceEmail ?? t('rewards.no_source')}</td>
          </tr>
        )}
      />
      <ActivitySection
        id="logs"
        list={detail.logs}
        more={`/admin/logs?user=${encodeURIComponent(detail.user.email)}`}
        columns={['date', 'action', 'ip', 'details']}
        row={(log) => (
          <tr key={log.id}>
            <td data-label={t('columns.date')}>{formatDateTime(log.createdAt, language)}</td>
            <td data-label={t('columns.action')}>{t(`logs.action_${log.action}`, { defaultValue: log.action })}</td>
            <td data-label={t('columns.ip')}>{log.ip ?? '—'}</td>
            <td data-label={t('columns.details')} className="cell-details">
              {logDetails(log.message)}
            </td>
          </tr>
        )}
      />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatMegabytes } from '../../../lib/units';
import { ListSearch } from '../list/list-search';
import { ListView } from '../list/list-view';
import { pageQuery, useAdminList } from '../list/use-admin-list';

/** /admin/referrals: who referred whom, and what each referral earned. */
export function AdminReferralsPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const list = useAdminList((query, signal) => adminApi.referrals(pageQuery(query), signal));
  return (
    <div className="page">
      <PageHeader title={t('referrals.title')} description={t('referrals.description')} />
      <section className="card admin-list" aria-label={t('referrals.title')}>
        <div className="list-toolbar">
          <ListSearch value={list.query.search} label={t('referrals.search')} onSearch={(search) => list.update({ search })} />
        </div>
        <ListView
          {...list}
          items={list.data?.referrals ?? null}
          total={list.data?.total ?? 0}
          errorKey="errors.referrals_load"
          emptyTitle={list.query.search ? t('list.no_match') : t('referrals.empty')}
          emptyIcon="referrals"
        >
          {(referrals) => (
            <table className="table admin-table">
              <caption className="visually-hidden">{t('referrals.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.referrer')}</th>
                  <th scope="col">{t('columns.referred')}</th>
                  <th scope="col">{t('columns.joined')}</th>
                  <th scope="col">{t('columns.last_active')}</th>
                  <th scope="col">{t('columns.earned')}</th>
                  <th scope="col">{t('columns.paid_plan')}</th>
                  <th scope="col">{t('columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {referrals.map((referral) => (
                  <tr key={referral.referredId}>
                    <td data-label={t('columns.referrer')}>{referral.referrerEmail}</td>
                    <td data-label={t('columns.referred')}>{referral.referredEmail}</td>
                    <td data-label={t('columns.joined')}>{formatDate(referral.joinedAt, language)}</td>
                    <td data-label={t('columns.last_active')}>
                      {referral.lastActivityAt ? formatDateTime(referral.lastActivityAt, language) : t('labels.never')}
                    </td>
                    <td data-label={t('columns.earned')}>{formatMegabytes(referral.earnedMb, language)}</td>
                    <td data-label={t('columns.paid_plan')}>{referral.hasPaidPlan ? t('labels.yes') : t('labels.no')}</td>
                    <td data-label={t('columns.status')}>
                      <span className={`badge${referral.active ? ' badge-active' : ''}`}>
                        {referral.active ? t('labels.active') : t('labels.inactive')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ListView>
      </section>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { Referral } from '@cairn/shared/api-types';
import { currentLanguage } from '../../lib/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatMegabytes } from '../../lib/units';
import { TableWrap } from '../../components/table-wrap';

/** The people who joined with the user's code: masked email, dates, what each earned. */
export function ReferredUsersTable({ referrals }: { referrals: Referral[] }) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const yesNo = (value: boolean) => (value ? t('referrals.yes') : t('referrals.no'));
  return (
    <TableWrap>
      <table className="table">
        <caption className="visually-hidden">{t('referrals.list_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('referrals.col_user')}</th>
            <th scope="col">{t('referrals.col_joined')}</th>
            <th scope="col">{t('referrals.col_last_activity')}</th>
            <th scope="col">{t('referrals.col_earned')}</th>
            <th scope="col">{t('referrals.col_paid_plan')}</th>
            <th scope="col">{t('referrals.col_status')}</th>
          </tr>
        </thead>
        <tbody>
          {referrals.map((referral) => (
            <tr key={referral.id} data-referral={referral.id}>
              <td data-label={t('referrals.col_user')}>{referral.email}</td>
              <td data-label={t('referrals.col_joined')}>{formatDate(referral.joinedAt, language)}</td>
              <td data-label={t('referrals.col_last_activity')}>
                {referral.lastActivityAt ? formatDateTime(referral.lastActivityAt, language) : t('referrals.never')}
              </td>
              <td data-label={t('referrals.col_earned')}>{formatMegabytes(referral.earnedMb, language)}</td>
              <td data-label={t('referrals.col_paid_plan')}>{yesNo(referral.hasPaidPlan)}</td>
              <td data-label={t('referrals.col_status')}>
                <span className={`badge${referral.active ? ' badge-active' : ''}`}>
                  {referral.active ? t('referrals.status_active') : t('referrals.status_inactive')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

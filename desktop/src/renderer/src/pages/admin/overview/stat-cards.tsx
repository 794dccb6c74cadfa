import { useTranslation } from 'react-i18next';
import type { AdminStats } from '@cairn/shared/api-types';
import { currentLanguage } from '../../../lib/i18n';
import { formatBytes, formatEur, formatNumber } from '../../../lib/units';

/** The headline figures: accounts, activity, files, storage, pins and the last 30 days' income. */
export function StatCards({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const cards = [
    { key: 'users', value: formatNumber(stats.users, language) },
    { key: 'active_users', value: formatNumber(stats.activeUsers, language) },
    { key: 'files', value: formatNumber(stats.files, language) },
    { key: 'stored', value: formatBytes(stats.storedBytes, language) },
    { key: 'pins', value: formatNumber(stats.pins, language) },
    { key: 'income_30d', value: formatEur(stats.income['30d'], language) },
  ];
  return (
    <section className="stat-grid stat-grid-6" aria-label={t('overview.figures')}>
      {cards.map((card) => (
        <div key={card.key} className="card stat-card" data-stat={card.key}>
          <span className="stat-label">{t(`overview.stat_${card.key}`)}</span>
          <span className="stat-value">{card.value}</span>
        </div>
      ))}
    </section>
  );
}

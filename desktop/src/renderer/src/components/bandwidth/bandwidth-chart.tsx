import { useTranslation } from 'react-i18next';
import type { BandwidthDay } from '@cairn/shared/api-types';
import { dateFormatter } from '../../lib/intl-locale';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { BarChart } from '../../pages/admin/charts/bar-chart';

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** Bytes sent per day as bars, with the figures as a table for anyone who cannot read the drawing. */
export function BandwidthChart({ days, title, height = 200 }: { days: BandwidthDay[]; title: string; height?: number }) {
  const { t } = useTranslation('bandwidth');
  const language = currentLanguage();
  const short = dateFormatter(language, 'day-month', 'UTC');
  const long = dateFormatter(language, 'date-long', 'UTC');
  const bytes = (value: number) => formatBytes(value, language);
  const total = days.reduce((sum, day) => sum + day.bytes, 0);
  return (
    <div data-bandwidth-chart>
      <BarChart
        title={title}
        summary={t('chart_summary', {
          total: bytes(total),
          from: days[0] ? long(utc(days[0].date)) : '',
          to: days.at(-1) ? long(utc(days.at(-1)!.date)) : '',
        })}
        categoryLabel={t('day')}
        series={[{ key: 'bytes', label: t('sent'), tone: 'primary' }]}
        points={days.map((day) => ({ label: short(utc(day.date)), fullLabel: long(utc(day.date)), values: [day.bytes] }))}
        format={bytes}
        height={height}
        emptyTitle={t('no_data')}
      />
    </div>
  );
}

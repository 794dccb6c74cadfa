import { useTranslation } from 'react-i18next';
import type { Usage } from '@cairn/shared/api-types';
import { ProgressBar } from '../../components/progress-bar';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { numberLocale } from '../../lib/intl-locale';

/** At this share the bar turns amber: time to tidy up or upgrade. */
const NEARLY_FULL = 90;

const percentFormat = (language: string, percent: number) =>
  new Intl.NumberFormat(numberLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);

/** "1.2 GB of 5 GB" with the percentage and a bar coloured by how full it is. */
export function UsageMeter({ usage, large = false }: { usage: Usage; large?: boolean }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const tone = usage.limitReached ? 'danger' : usage.percent >= NEARLY_FULL ? 'warning' : 'accent';
  const percent = percentFormat(language, usage.percent);
  return (
    <div className={`usage-meter${large ? ' usage-meter-large' : ''}`} data-usage-meter>
      <div className="usage-figures">
        <p>
          <span className="usage-used" data-usage-used>
            {formatBytes(usage.used, language)}
          </span>{' '}
          <span className="muted">{t('usage.of_limit', { limit: formatBytes(usage.limit, language) })}</span>
        </p>
        <p className="usage-percent" data-usage-percent>
          {t('usage.percent_used', { percent })}
        </p>
      </div>
      <ProgressBar value={usage.percent / 100} tone={tone} label={t('usage.bar_label')} valueText={t('usage.percent_used', { percent })} />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { Usage } from '@cairn/shared/api-types';
import { ProgressBar } from '../../components/progress-bar';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { numberLocale } from '../../lib/intl-locale';
import { usageShare } from './usage-share';

/** At this share the bar turns amber: time to tidy up or upgrade. */
const NEARLY_FULL = 90;

const percentFormat = (language: string, percent: number) =>
  new Intl.NumberFormat(numberLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);

/**
 * "1.2 GiB of 5 GiB" with the percentage and a bar coloured by how full it is. An account over its
 * limit (moved to a smaller plan) reads as it is: "140 % used · 4.1 MiB over the limit".
 */
export function UsageMeter({ usage, large = false }: { usage: Usage; large?: boolean }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const { percent, over, under } = usageShare(usage.used, usage.limit);
  const share = percent ?? usage.percent;
  const tone = usage.limitReached ? 'danger' : share >= NEARLY_FULL ? 'warning' : 'accent';
  const overText = formatBytes(over, language);
  const summary =
    over > 0
      ? percent === null
        ? t('usage.over_limit', { over: overText })
        : t('usage.percent_over', { percent: percentFormat(language, percent), over: overText })
      : t('usage.percent_used', { percent: under ? `< ${percentFormat(language, 0.1)}` : percentFormat(language, share) });
  return (
    <div className={`usage-meter${large ? ' usage-meter-large' : ''}`} data-usage-meter>
      <div className="usage-figures">
        <p>
          <span className="usage-used" data-usage-used>
            {formatBytes(usage.used, language)}
          </span>{' '}
          <span className="muted">{t('usage.of_limit', { limit: formatBytes(usage.limit, language) })}</span>
        </p>
        <p className={`usage-percent${over > 0 ? ' usage-over' : ''}`} data-usage-percent>
          {summary}
        </p>
      </div>
      <ProgressBar value={share / 100} tone={tone} label={t('usage.bar_label')} valueText={summary} />
    </div>
  );
}

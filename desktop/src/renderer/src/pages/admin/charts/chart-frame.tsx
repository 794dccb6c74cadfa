import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartProps } from './chart-types';
import { useWidth } from './use-width';

interface ChartFrameProps extends Pick<ChartProps, 'title' | 'summary' | 'categoryLabel' | 'series' | 'points' | 'format'> {
  height: number;
  /** Draws the plot for the measured width; the frame adds the title, legend and figures. */
  children(width: number): ReactNode;
}

/**
 * What every chart shares: a titled figure, a legend, an inline SVG labelled for assistive
 * technology, and the same figures as a table for anyone who cannot read the drawing.
 */
export function ChartFrame({ title, summary, categoryLabel, series, points, format, height, children }: ChartFrameProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [ref, width] = useWidth<HTMLDivElement>();
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption className="chart-caption">
        <h2 id={`${id}-title`}>{title}</h2>
        {series.length > 1 && (
          <ul className="chart-legend">
            {series.map((item) => (
              <li key={item.key}>
                <span className={`legend-swatch tone-${item.tone}`} aria-hidden="true" />
                {item.label}
              </li>
            ))}
          </ul>
        )}
      </figcaption>
      <div ref={ref} className="chart-canvas" style={{ height }}>
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-labelledby={`${id}-svg-title ${id}-svg-desc`} className="chart-svg">
            <title id={`${id}-svg-title`}>{title}</title>
            <desc id={`${id}-svg-desc`}>{summary}</desc>
            {children(width)}
          </svg>
        )}
      </div>
      <details className="chart-data">
        <summary>{t('charts.show_figures')}</summary>
        <div className="chart-table-wrap" tabIndex={0} role="region" aria-label={t('charts.figures_of', { title })}>
          <table className="table compact">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{categoryLabel}</th>
                {series.map((item) => (
                  <th key={item.key} scope="col">
                    {item.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.fullLabel}>
                  <th scope="row">{point.fullLabel}</th>
                  {point.values.map((value, index) => (
                    <td key={series[index]?.key ?? index}>{format(value)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

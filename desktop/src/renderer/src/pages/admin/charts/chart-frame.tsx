import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { labelStride, niceScale, type Scale } from './chart-scale';
import { PLOT_MARGIN, type ChartProps, type Plot } from './chart-types';
import { EmptyState } from '../../../components/states';
import { useWidth } from './use-width';
import { axisWidth, ValueAxis } from './value-axis';

/** More rows than this scroll inside the figures box; fewer are shown whole. */
const LONG_SERIES = 12;

interface ChartFrameProps extends ChartProps {
  /** Draws the marks in the plot; the frame adds the title, legend, value axis and figures. */
  children(plot: Plot): ReactNode;
}

/** The plot of a chart `width` × `height` pixels: room on the left for the value labels, below for the categories. */
function plotArea(width: number, height: number, scale: Scale, format: (value: number) => string, categories: number): Plot {
  const left = axisWidth(scale, format);
  const right = width - PLOT_MARGIN.right;
  const bottom = height - PLOT_MARGIN.bottom;
  const plotHeight = bottom - PLOT_MARGIN.top;
  return {
    left,
    right,
    bottom,
    y: (value) => bottom - (value / scale.max) * plotHeight,
    stride: labelStride(categories, right - left, 44),
  };
}

/**
 * What every chart shares: a titled figure, a legend, an inline SVG labelled for assistive
 * technology with its value axis from 0, and the same figures as a table for anyone who cannot
 * read the drawing.
 */
export function ChartFrame({
  title,
  summary,
  categoryLabel,
  series,
  points,
  format,
  integer,
  height = 240,
  emptyTitle,
  children,
}: ChartFrameProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [ref, width] = useWidth<HTMLDivElement>();
  const scale = niceScale(Math.max(0, ...points.flatMap((point) => point.values)), { integer });
  const plot = plotArea(width, height, scale, format, points.length);
  // Nothing happened in the period: say so, rather than draw bare axes at zero.
  const empty = Boolean(emptyTitle) && points.every((point) => point.values.every((value) => value === 0));
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
      {/* Always mounted, so its width is measured even when data arrives later. */}
      <div ref={ref} className="chart-canvas" style={empty ? undefined : { height }}>
        {empty && <EmptyState title={emptyTitle ?? ''} icon="usage" />}
        {!empty && width > 0 && (
          <svg width={width} height={height} role="img" aria-labelledby={`${id}-svg-title ${id}-svg-desc`} className="chart-svg">
            <title id={`${id}-svg-title`}>{title}</title>
            <desc id={`${id}-svg-desc`}>{summary}</desc>
            <ValueAxis scale={scale} left={plot.left} right={plot.right} y={plot.y} format={format} />
            {children(plot)}
          </svg>
        )}
      </div>
      {!empty && (
        <details className="chart-data">
          <summary>{t('charts.show_figures')}</summary>
          <div
            className={`chart-table-wrap${points.length > LONG_SERIES ? ' scrolls' : ''}`}
            tabIndex={0}
            role="region"
            aria-label={t('charts.figures_of', { title })}
          >
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
      )}
    </figure>
  );
}

/**
 * The report charts of the token page and the staff overview (loaded with the first chart, not
 * with the app): series over UTC buckets (lightweight-charts), and horizontal bars over categories
 * (holders by country), one line each with its name. They draw what they are given; the numbers
 * people read are in the text beside each chart.
 */
import {
  ColorType,
  HistogramSeries,
  LineSeries,
  LineType,
  createChart,
  type DeepPartial,
  type TimeChartOptions,
  type UTCTimestamp,
} from 'lightweight-charts';
import { locale } from './candle-chart.js';

export interface Series {
  kind: 'line' | 'steps' | 'bars';
  title: string;
  /** a CSS custom property of the page's palette (`--accent`) */
  colour: string;
  /** a bucket's start and its value; null draws nothing there (no trade, no price) */
  points: { start: string; value: number | null }[];
  /** bars under the lines, on a scale of their own */
  under?: boolean;
  /** prices in USD (2 decimals); anything else is a whole count */
  usd?: boolean;
}

export interface DrawnChart {
  remove(): void;
}

const colourOf = (container: HTMLElement, name: string) =>
  getComputedStyle(container).getPropertyValue(name).trim();

function chartOn(container: HTMLElement, options: DeepPartial<TimeChartOptions> = {}) {
  const style = getComputedStyle(container);
  return createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: style.color,
    },
    localization: { locale: locale() },
    ...options,
  });
}

const wholeCounts = { type: 'price', precision: 0, minMove: 1 } as const;
const usdPrices = { type: 'price', precision: 2, minMove: 0.01 } as const;

const time = (start: string) => (Date.parse(start) / 1000) as UTCTimestamp;

export function seriesChart(container: HTMLElement, all: Series[], hourly: boolean): DrawnChart {
  const chart = chartOn(container, { timeScale: { timeVisible: hourly, secondsVisible: false } });
  for (const s of all) {
    const data = s.points.map((p) =>
      p.value === null ? { time: time(p.start) } : { time: time(p.start), value: p.value },
    );
    if (s.kind === 'bars') {
      const bars = chart.addSeries(HistogramSeries, {
        color: colourOf(container, s.colour),
        title: s.title,
        priceFormat: wholeCounts,
        ...(s.under ? { priceScaleId: '', lastValueVisible: false, priceLineVisible: false } : {}),
      });
      if (s.under) bars.priceScale().applyOptions({ scaleMargins: { top: 0.75, bottom: 0 } });
      bars.setData(data);
    } else {
      chart
        .addSeries(LineSeries, {
          color: colourOf(container, s.colour),
          title: s.title,
          lineWidth: 2,
          priceFormat: s.usd ? usdPrices : wholeCounts,
          // a bucket with a price between two without one still shows
          pointMarkersVisible: true,
          ...(s.kind === 'steps' ? { lineType: LineType.WithSteps } : {}),
        })
        .setData(data);
    }
  }
  chart.timeScale().fitContent();
  return { remove: () => chart.remove() };
}

/**
 * One bar per category, in the order given, in `colour` (a CSS custom property): horizontal bars,
 * each on a line of its own with its name beside it, so long names (countries) never overlap as
 * labels under narrow vertical bars do.
 */
export function categoryChart(
  container: HTMLElement,
  bars: { label: string; value: number }[],
  colour: string,
): DrawnChart {
  const most = Math.max(1, ...bars.map((b) => b.value));
  const list = document.createElement('div');
  list.className = 'category-bars';
  for (const bar of bars) {
    const row = document.createElement('div');
    row.className = 'category-row';
    const name = document.createElement('span');
    name.className = 'category-label';
    name.textContent = bar.label;
    const track = document.createElement('span');
    track.className = 'category-track';
    const fill = document.createElement('span');
    fill.className = 'category-fill';
    // display only: a float share of the largest bar is fine here
    fill.style.width = `${(bar.value / most) * 100}%`;
    fill.style.background = `var(${colour})`;
    track.append(fill);
    const value = document.createElement('span');
    value.className = 'category-value';
    value.textContent = String(bar.value);
    row.append(name, track, value);
    list.append(row);
  }
  container.append(list);
  return { remove: () => list.remove() };
}

/**
 * The report charts of the token page and the staff overview (lightweight-charts, loaded with the
 * first chart, not with the app): series over UTC buckets, and bars over categories (holders by
 * country) laid on the time scale one slot per category, each slot labelled with its name. They
 * draw what they are given; the numbers people read are in the text beside each chart.
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

/** One bar per category, in the order given, in `colour` (a CSS custom property). */
export function categoryChart(
  container: HTMLElement,
  bars: { label: string; value: number }[],
  colour: string,
): DrawnChart {
  // slot i sits at day i + 1 of 1970: days keep the scale's marks one per slot
  const slot = (i: number) => ((i + 1) * 86_400) as UTCTimestamp;
  const labelAt = (t: unknown) => bars[Number(t) / 86_400 - 1]?.label ?? '';
  const chart = chartOn(container, {
    // bars no wider than a label, whatever the few categories
    timeScale: { tickMarkFormatter: labelAt, fixLeftEdge: true, maxBarSpacing: 80 },
    localization: { locale: locale(), timeFormatter: labelAt },
    handleScroll: false,
    handleScale: false,
  });
  chart
    .addSeries(HistogramSeries, {
      color: colourOf(container, colour),
      priceFormat: wholeCounts,
    })
    .setData(bars.map((b, i) => ({ time: slot(i), value: b.value })));
  chart.timeScale().fitContent();
  return { remove: () => chart.remove() };
}

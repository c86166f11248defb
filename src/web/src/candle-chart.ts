/**
 * The candlestick chart of the trading screen (lightweight-charts), loaded only when a trading
 * screen opens so the first page load stays small. It draws what it is given: the candles of one
 * interval by their UTC bucket start, replaced or added as the socket reports them, with each
 * bucket's volume below. Chart coordinates are the only place prices become floats.
 */
import {
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  createChart,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from './trading-types.js';

export interface CandleChart {
  /** replaces every candle (a new interval, or the REST read) */
  reset(candles: Candle[]): void;
  /** merges candles the socket sent: a bucket already drawn is replaced */
  merge(candles: Candle[]): void;
  /** the candles drawn, oldest first (the chart's table reads them) */
  candles(): Candle[];
  remove(): void;
}

/** The browser's language if Intl takes it: some report a tag it refuses ("en-US@posix"). */
export function locale(): string {
  try {
    return Intl.getCanonicalLocales(navigator.language)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

const time = (candle: Candle) => (Date.parse(candle.start) / 1000) as UTCTimestamp;

export function candleChart(container: HTMLElement): CandleChart {
  const style = getComputedStyle(container);
  const colour = (name: string) => style.getPropertyValue(name).trim();
  const [up, down] = [colour('--buy'), colour('--sell')];
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: style.color,
    },
    timeScale: { timeVisible: true, secondsVisible: false },
    localization: { locale: locale() },
  });
  const prices = chart.addSeries(CandlestickSeries, {
    upColor: up,
    borderUpColor: up,
    wickUpColor: up,
    downColor: down,
    borderDownColor: down,
    wickDownColor: down,
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: '',
    priceFormat: { type: 'volume' },
    color: 'rgba(9, 105, 218, 0.35)',
    // volume shares the price axis's side: its labels would cover the prices
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const drawn = new Map<number, Candle>();

  const sorted = () => [...drawn.values()].sort((a, b) => time(a) - time(b));

  function draw(): void {
    const candles = sorted();
    prices.setData(
      candles.map((c) => ({
        time: time(c),
        open: Number(c.open),
        high: Number(c.high),
        low: Number(c.low),
        close: Number(c.close),
      })),
    );
    volume.setData(candles.map((c) => ({ time: time(c), value: c.volume })));
  }

  return {
    reset(candles) {
      drawn.clear();
      this.merge(candles);
      chart.timeScale().fitContent();
    },
    merge(candles) {
      for (const candle of candles) drawn.set(time(candle), candle);
      draw();
    },
    candles: sorted,
    remove: () => chart.remove(),
  };
}

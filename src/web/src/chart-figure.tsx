/**
 * A chart with its text alternative: the canvas (drawn once the chart library has loaded) is an
 * image named by its title and described by the caption, which states the numbers; the data
 * table, where there is one, follows.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { DrawnChart, Series } from './report-charts.js';
import { ErrorNote } from './ui.js';

/** Series over UTC buckets, or one bar per category. */
export type Chart =
  | { series: Series[]; hourly: boolean }
  | { categories: { label: string; value: number }[]; colour: string };

export function ChartFigure(props: {
  id: string;
  title: string;
  /** drawn again when its content changes (not merely its object, new on every render) */
  chart: Chart;
  caption: ComponentChildren;
  children?: ComponentChildren;
}) {
  const box = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const [drawn, setDrawn] = useState(false);
  const [error, setError] = useState<unknown>();
  const content = JSON.stringify(props.chart);
  useEffect(() => {
    let live = true;
    let chart: DrawnChart | undefined;
    setDrawn(false);
    const wanted = props.chart;
    import('./report-charts.js').then((draw) => {
      if (!live || !box.current) return;
      chart =
        'series' in wanted
          ? draw.seriesChart(box.current, wanted.series, wanted.hourly)
          : draw.categoryChart(box.current, wanted.categories, wanted.colour);
      setDrawn(true);
    }, setError);
    return () => {
      live = false;
      chart?.remove();
    };
  }, [content]);
  return (
    <figure class="report-chart" data-testid={`chart-${props.id}`} data-drawn={drawn}>
      <h3>{props.title}</h3>
      <div
        ref={box}
        class="chart-box"
        role="img"
        aria-label={props.title}
        aria-describedby={captionId}
      />
      <figcaption id={captionId} data-testid={`chart-${props.id}-caption`}>
        {props.caption}
      </figcaption>
      {props.children}
      <ErrorNote error={error} />
    </figure>
  );
}

/** A bucket's start as its UTC day, or its UTC hour for hourly buckets. */
export function bucketLabel(start: string, bucket: string): string {
  return bucket === 'hour'
    ? `${start.slice(0, 10)} ${start.slice(11, 16)} UTC`
    : start.slice(0, 10);
}

/**
 * The depth chart's geometry: each side's cumulative quantity as a filled step area in a 100 x 50
 * box, from its best price (where it rises from the baseline) out to its edge of the box (bids to
 * the left, asks to the right), so a side of one level is an area too, not a line or a point.
 */
import Decimal from 'decimal.js';

export interface DepthLevel {
  price: string;
  /** the quantity from the best price to this one */
  total: string;
}

const width = 100;
const height = 50;
/** room above the deepest total */
const top = 2;
/** room beyond the outermost prices, so the outermost levels show as areas too */
const margin = 10;

/** SVG polygon points of each side (empty when the side has no level). */
export function depthAreas(
  bids: readonly DepthLevel[],
  asks: readonly DepthLevel[],
): { bids: string; asks: string } {
  const all = [...bids, ...asks];
  if (all.length === 0) return { bids: '', asks: '' };
  const prices = all.map((l) => new Decimal(l.price));
  const low = Decimal.min(...prices);
  const span = Decimal.max(...prices).minus(low);
  const deepest = Decimal.max(...all.map((l) => new Decimal(l.total)));
  const x = (price: string) =>
    span.isZero()
      ? width / 2
      : new Decimal(price)
          .minus(low)
          .div(span)
          .times(width - 2 * margin)
          .plus(margin)
          .toNumber();
  const y = (total: string) =>
    height -
    new Decimal(total)
      .div(deepest)
      .times(height - top)
      .toNumber();
  const point = (px: number, py: number) => `${px.toFixed(2)},${py.toFixed(2)}`;
  // Levels go outwards from the best price; each total holds until the next level's price.
  const area = (levels: readonly DepthLevel[], edge: number) => {
    if (levels.length === 0) return '';
    const points = [point(x(levels[0]!.price), height)];
    levels.forEach((l, i) => {
      points.push(point(x(l.price), y(l.total)));
      const next = levels[i + 1];
      points.push(point(next ? x(next.price) : edge, y(l.total)));
    });
    points.push(point(edge, height));
    return points.join(' ');
  };
  return { bids: area(bids, 0), asks: area(asks, width) };
}

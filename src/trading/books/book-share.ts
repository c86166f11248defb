/**
 * How many books a trading node should own: an even split over the live nodes, the remainder
 * going one each to the first nodes in id order, so every node computes the same split without
 * asking the others. A node not among the live ones (draining, or not yet seen) owns none.
 */
export function shareOf(books: number, nodes: readonly string[], node: string): number {
  const index = nodes.indexOf(node);
  if (index < 0) return 0;
  const even = Math.floor(books / nodes.length);
  return even + (index < books % nodes.length ? 1 : 0);
}

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

/**
 * Who takes each of `count` books a node hands over: every time the live node furthest below its
 * share (ties to id order), counting the books each holds; null once every live node has its
 * share (the book is then released to whoever takes it first).
 */
export function successors(
  books: number,
  nodes: readonly string[],
  holdings: ReadonlyMap<string, number>,
  count: number,
): (string | null)[] {
  const deficits = nodes.map((node) => shareOf(books, nodes, node) - (holdings.get(node) ?? 0));
  return Array.from({ length: count }, () => {
    const most = Math.max(0, ...deficits);
    if (most === 0) return null;
    const index = deficits.indexOf(most);
    deficits[index] = most - 1;
    return nodes[index]!;
  });
}

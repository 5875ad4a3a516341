/** Topology-position extension (paper 6.4.2): who can a recipient pass a value on to? */
export class Reachability {
  private readonly adjacency = new Map<string, string[]>();
  private readonly cache = new Map<string, ReadonlySet<string>>();

  constructor(edges: ReadonlyArray<readonly [string, string]>) {
    for (const [from, to] of edges) {
      const next = this.adjacency.get(from) ?? [];
      next.push(to);
      this.adjacency.set(from, next);
    }
  }

  /** Every node reachable from `node` in one or more hops (excluding `node` itself). */
  reachableFrom(node: string): ReadonlySet<string> {
    const cached = this.cache.get(node);
    if (cached) return cached;
    const seen = new Set<string>();
    const queue = [...(this.adjacency.get(node) ?? [])];
    while (queue.length > 0) {
      const current = queue.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      queue.push(...(this.adjacency.get(current) ?? []));
    }
    seen.delete(node);
    this.cache.set(node, seen);
    return seen;
  }
}

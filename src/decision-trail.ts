import type { Decision } from "./event.js";

/** The cached decisions of one string (path `$`) and the path the string is met at. */
type TrailEntry = readonly [path: string, decisions: readonly Decision[]];

/**
 * The decisions of one sanitize call as (path, cached decisions) pairs: the records, each with
 * its path, are built only when someone reads them (graph deliveries mostly have no listener).
 */
export class DecisionTrail {
  private readonly entries: TrailEntry[] = [];
  private built?: Decision[];

  add(path: string, decisions: readonly Decision[]): void {
    if (decisions.length > 0) this.entries.push([path, decisions]);
  }

  /** One decision record per entry decision, built once (later reads get the same array). */
  decisions(): Decision[] {
    this.built ??= this.entries.flatMap(([path, decisions]) => decisions.map((decision) => ({ ...decision, path })));
    return this.built;
  }
}

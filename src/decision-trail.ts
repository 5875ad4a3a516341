import type { Decision } from "./event.js";

/**
 * The decisions of one sanitize call as (path, cached decisions) pairs: the records, each with
 * its path, are built only when someone reads them (graph deliveries mostly have no listener).
 */
export class DecisionTrail {
  /** Where each string with decisions was met, and its cached decisions (path `$`). */
  private readonly paths: string[] = [];
  private readonly cached: Array<readonly Decision[]> = [];
  private built?: Decision[];

  /**
   * `recipient`: whom this call sanitized for (cached decisions may have been taken for another recipient of the same authorization
   * class). `pathOf`: a path as a decision may say it (a key that is a registered value, kept for an authorized reader, is not told).
   */
  constructor(
    private readonly recipient: string | null,
    private readonly pathOf: (path: string) => string = (path) => path,
  ) {}

  add(path: string, decisions: readonly Decision[]): void {
    if (decisions.length === 0) return;
    this.paths.push(path);
    this.cached.push(decisions);
  }

  /** One decision record per cached decision, built once (later reads get the same array). */
  decisions(): Decision[] {
    this.built ??= this.cached.flatMap((decisions, index) => {
      const path = this.pathOf(this.paths[index]);
      return decisions.map((decision) => ({ ...decision, path, recipient: this.recipient }));
    });
    return this.built;
  }
}

import { inspect, type InspectOptionsStylized } from "node:util";

/**
 * Make `target` (a class's prototype, or one object) show only `summary` to `console.log` /
 * `util.inspect` and to `JSON.stringify`. For objects that hold protected values or keys and are
 * reachable from what a node or tool gets (a guard, a vault, a store view, a tracer's open runs):
 * logging one while debugging must not print a value.
 */
export function showSummaryOnly<T extends object>(target: T, name: string, summary: (instance: T) => Record<string, unknown>): void {
  Object.defineProperties(target, {
    [inspect.custom]: {
      value(this: T, _depth: number, options: InspectOptionsStylized) {
        return `${name} ${inspect(summary(this), { ...options, depth: 1 })}`;
      },
    },
    toJSON: {
      value(this: T) {
        return summary(this);
      },
    },
  });
}

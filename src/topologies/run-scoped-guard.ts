import type { Channel, ObservableEvent, Position, SanitizeResult } from "../event.js";
import type { Detection } from "../detect/base.js";
import type { ReconsGuard, SanitizeOptions } from "../guard.js";
import { policySchema, type Policy } from "../policy/options.js";
import { runStore } from "./run-context.js";

const NO_POLICY: Policy = policySchema.parse({});

/**
 * A guard that forwards every call to the guard of the run being executed (`runStore`), or to
 * `fallback` outside a run, and reports each sanitize call (revealed input, result) to the run's recorder. With neither,
 * every call throws, and the interceptor fails closed (everything redacted).
 */
export class RunScopedGuard implements ReconsGuard {
  constructor(private readonly fallback: ReconsGuard | null = null) {}

  private get target(): ReconsGuard {
    const guard = runStore.getStore()?.guard ?? this.fallback;
    if (!guard) throw new Error("no RECONS guard for this run");
    return guard;
  }

  get policy(): Policy {
    return (runStore.getStore()?.guard ?? this.fallback)?.policy ?? NO_POLICY;
  }

  get vault(): ReconsGuard["vault"] {
    return this.target.vault;
  }

  async sanitize<T>(event: ObservableEvent & { content: T }, options?: SanitizeOptions): Promise<SanitizeResult<T>> {
    const target = this.target;
    return this.report(target, event, await target.sanitize(event, options));
  }

  sanitizeSync<T>(event: ObservableEvent & { content: T }, options?: SanitizeOptions): SanitizeResult<T> {
    const target = this.target;
    return this.report(target, event, target.sanitizeSync(event, options));
  }

  detect(text: string): Detection[] {
    return this.target.detect(text);
  }

  restore<T>(content: T, recipient: string, channel: Channel): T {
    return this.target.restore(content, recipient, channel);
  }

  revealAll<T>(content: T): T {
    return this.target.revealAll(content);
  }

  isAuthorized(field: string, channel: Channel, recipient: string): boolean {
    return this.target.isAuthorized(field, channel, recipient);
  }

  positionOf(recipient: string | undefined): Position {
    return this.target.positionOf(recipient);
  }

  /** The recorder gets the call's input with every surrogate revealed: what the recipient would have had without RECONS. */
  private report<T>(target: ReconsGuard, event: ObservableEvent, result: SanitizeResult<T>): SanitizeResult<T> {
    const recorder = runStore.getStore()?.recorder;
    recorder?.sanitized(event, target.revealAll(event.content), result.content, result.decisions);
    return result;
  }
}

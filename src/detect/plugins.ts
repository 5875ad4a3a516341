/** Plug-in points for the LLM tiers (implemented in detect/judge.ts and transform/operators/rewrite.ts). */

/** A protected value the judge or rewriter must consider; the field name is a non-output identifier. */
export interface ProtectedValue {
  field: string;
  value: string;
  kind: string;
}

export interface JudgeVerdict {
  /** In [0, 1]: how surely `text` discloses the value (verbatim or semantically). */
  score: number;
  /** score >= the judge's calibrated threshold. */
  disclosed: boolean;
  /** Hash of the frozen prompt, recorded in every decision it produced. */
  promptHash: string;
}

/** Tier-3 semantic judge. Errors and timeouts must reject (the guard then redacts: fail closed). */
export interface Judge {
  readonly threshold: number;
  score(text: string, target: ProtectedValue): Promise<JudgeVerdict>;
}

export interface RewriteRequest {
  /** The whole string the span sits in (context for the model). */
  text: string;
  /** The contextual span to rewrite. */
  span: string;
  target: ProtectedValue;
}

export interface RewriteResult {
  text: string;
  attempts: number;
}

/** Verified rewriter; must reject (e.g. `rewrite-exhausted`) rather than return an unverified text. */
export interface Rewriter {
  rewrite(request: RewriteRequest): Promise<RewriteResult>;
}

/** A judge's verdict, checked; its prompt hash goes into decisions, so it must be a hash. */
export function checkedVerdict(verdict: unknown): { score: number; disclosed: boolean; promptHash: string } {
  const { score, disclosed, promptHash } = (verdict ?? {}) as Partial<{ score: unknown; disclosed: unknown; promptHash: unknown }>;
  if (typeof score !== "number" || !(score >= 0 && score <= 1) || typeof disclosed !== "boolean" || typeof promptHash !== "string" || !/^[\w.:-]{1,128}$/.test(promptHash)) {
    throw new TypeError("the judge returned a verdict of the wrong shape");
  }
  return { score, disclosed, promptHash };
}

export {
  reconsTracing,
  reconsTracingOptionsSchema,
  protectClient,
  sanitizeRun,
  type ReconsTracing,
  type ReconsTracingOptions,
  type ClientProtection,
  type BlockedRequest,
} from "./tracing.js";
export {
  DecisionLedger,
  annotateRun,
  decisionCounts,
  decisionMetadata,
  decisionRuns,
  decisionTags,
  hasEffect,
  RECONS_TAG,
  type DecisionCounts,
  type DecisionRun,
  type ParentRun,
} from "./decision-runs.js";
export {
  reconsEvaluators,
  reconsEvaluatorsOptionsSchema,
  countOccurrences,
  vaultMeter,
  observedDeliverySchema,
  type ObservedDelivery,
  type OccurrenceCounts,
  type ReconsEvaluatorsOptions,
} from "./evaluators.js";

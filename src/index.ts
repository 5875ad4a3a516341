export { createRecons, type ReconsGuard, type SanitizeOptions } from "./guard.js";
export {
  CHANNELS,
  CHANNEL_NAMES,
  ACTIONS,
  type Action,
  type Channel,
  type Decision,
  type ObservableEvent,
  type Position,
  type Resolution,
  type SanitizeResult,
  type ValueType,
} from "./event.js";
export {
  parseOptions,
  reconsOptionsSchema,
  policySchema,
  fieldPolicySchema,
  ReconsConfigError,
  type ReconsOptions,
  type ReconsOptionsInput,
  type Policy,
  type FieldPolicy,
  type VaultValue,
} from "./policy/options.js";
export { authorize, isAuthorized, isReleasable, protectAction, type AuthorizationQuery, type Verdict } from "./policy/authorize.js";
export { Reachability } from "./policy/reachability.js";
export { resolveOverlaps, type Detection, type Detector, type Recognizer } from "./detect/base.js";
export type { Judge, JudgeVerdict, ProtectedValue, Rewriter, RewriteRequest, RewriteResult } from "./detect/plugins.js";
export { OperatorError, type Operator, type OperatorInput, type OperatorOutput } from "./transform/base.js";
export { mapStrings } from "./content.js";
export { SealError } from "./crypto/aes-gcm.js";
export { createJudge } from "./detect/judge.js";
export { calibrateThreshold, formatCalibration } from "./detect/calibration.js";
export { createNerDetector } from "./detect/ner.js";
export { createRewriter, literalLeak } from "./transform/operators/rewrite.js";
export { createOperators, isReversible } from "./transform/operators/index.js";
export { defaultRecognizers, recognizerDetector } from "./detect/recognizers/index.js";
export { Vault, type VaultEntry } from "./detect/vault/vault.js";
export { inferFieldType, type FieldType } from "./policy/infer.js";
export * from "./langgraph/index.js";
export * from "./langsmith/index.js";
export { TextProfile, ProfiledRecognizer } from "./detect/recognizers/text-profile.js";
export * from "./topologies/index.js";
export { loadAgentLeak, parseAgentLeakJsonl, type AdversaryLevel, type Scenario } from "./scenarios/agentleak.js";
export { pairedScenarios, trackedAttribute, type TrackedAttribute } from "./scenarios/paired-trajectories.js";

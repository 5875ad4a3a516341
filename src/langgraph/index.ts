export { withRecons, withReconsOptionsSchema, type WithReconsOptions } from "./with-recons.js";
export { reconsReducer, reconsReducerOptionsSchema, isReconsReducer, type ReconsReducerOptions } from "./reducer.js";
export { ReconsAudit, ignoreDecisions, type GraphDecision, type GraphStage, type DecisionListener } from "./audit.js";
export { ADDRESSEE_KEY, addresseeOf, toPlain, fromPlain, containsMessage } from "./messages.js";
export { RecipientNames, NAMESPACE_SEPARATOR, nodePathOf, successorsOf, deliveryToReaders, type Delivery } from "./recipients.js";
export { deliver, deliverSync, redactAll, FAILURE_PLACEHOLDER, type DeliveryEvent } from "./delivery.js";
export {
  protectTool,
  protectedToolNode,
  protectToolOutput,
  protectToolOptionsSchema,
  registerResultFields,
  type ProtectToolOptions,
  type CallerResolver,
  type ToolOutputContext,
} from "./tools.js";
export { ReconsSerializer, reconsSerializerOptionsSchema, type ReconsSerializerOptions } from "./serializer.js";
export { reconsMiddleware, reconsMiddlewareOptionsSchema, reconsModel, reconsModelOptionsSchema, type ReconsMiddlewareOptions, type ReconsModelOptions } from "./middleware.js";
export { ReconsStore, reconsStoreOptionsSchema, type ReconsStoreOptions } from "./store.js";

import { BaseChatModel, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

/** One scripted model reply: text and/or tool calls. */
export interface ScriptedTurn {
  content?: string;
  toolCalls?: { name: string; args: Record<string, unknown>; id?: string }[];
}

/** A reply, or a function of the messages the model received (to echo or route on them). */
export type ScriptStep = ScriptedTurn | ((messages: BaseMessage[]) => ScriptedTurn);

/**
 * A deterministic chat model for tests: replies follow the script in order, every call's input
 * messages are recorded in `received`. `bindTools` returns the same model, so the script and the
 * record are shared with whatever agent bound tools to it. Running past the script throws.
 */
export class ScriptedChatModel extends BaseChatModel {
  /** The messages of every call, in call order. */
  readonly received: BaseMessage[][] = [];
  private next = 0;

  constructor(
    /** Shown in errors and used as the AI messages' `name`. */
    readonly label: string,
    private readonly script: ScriptStep[],
  ) {
    super({});
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(_tools: BindToolsInput[]): this {
    return this;
  }

  /** Every string the model received, for leak assertions. */
  receivedText(): string {
    return JSON.stringify(this.received.flat().map((message) => ({ content: message.content, tool_calls: (message as AIMessage).tool_calls })));
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.received.push([...messages]);
    const step = this.script[this.next];
    if (step === undefined) throw new Error(`${this.label}: script exhausted after ${this.next} calls`);
    const turn = typeof step === "function" ? step(messages) : step;
    const callIndex = this.next++;
    const message = new AIMessage({
      content: turn.content ?? "",
      name: this.label,
      tool_calls: (turn.toolCalls ?? []).map((call, index) => ({
        name: call.name,
        args: call.args,
        id: call.id ?? `${this.label}-call-${callIndex}-${index}`,
        type: "tool_call" as const,
      })),
    });
    return { generations: [{ text: turn.content ?? "", message }] };
  }
}

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The parts of a chat.completions request the scripts look at. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  tools?: { type: "function"; function: { name: string } }[];
  response_format?: { type: string; json_schema?: { name: string } };
  temperature?: number;
}

/** How the server answers one request. */
export type Reply =
  /** Structured output, shaped after the request: tool_calls when it sent tools, JSON content otherwise. */
  | { kind: "structured"; value: unknown }
  /** Assistant content as is (e.g. text that is not JSON). */
  | { kind: "content"; content: string }
  /** An HTTP error status with an OpenAI-style error body. */
  | { kind: "status"; status: number }
  /** Never answers (the client must time out). */
  | { kind: "hang" }
  /** A 200 whose body is not JSON at all. */
  | { kind: "raw"; body: string };

export type Responder = (request: ChatRequest) => Reply;

export interface OpenAIServer {
  /** Pass as `configuration.baseURL` to ChatOpenAI. */
  readonly baseURL: string;
  /** Every chat.completions request received, in order. */
  readonly requests: ChatRequest[];
  /** Replies used first, one per request, before the responder. */
  enqueue(...replies: Reply[]): void;
  respond(responder: Responder): void;
  close(): Promise<void>;
}

/** A real OpenAI-compatible HTTP server on 127.0.0.1 (random port), scripted per request. */
export async function startOpenAIServer(responder: Responder = () => ({ kind: "status", status: 500 })): Promise<OpenAIServer> {
  const requests: ChatRequest[] = [];
  const queue: Reply[] = [];
  let current = responder;
  let counter = 0;

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const request = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
    requests.push(request);
    const reply = queue.shift() ?? current(request);
    switch (reply.kind) {
      case "hang":
        return;
      case "status":
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `scripted ${reply.status}`, type: "server_error" } }));
        return;
      case "raw":
        res.writeHead(200, { "content-type": "application/json" }).end(reply.body);
        return;
      case "content":
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion(request, ++counter, reply.content)));
        return;
      case "structured": {
        const args = JSON.stringify(reply.value);
        const tool = request.tools?.[0]?.function.name;
        const body = tool ? completion(request, ++counter, null, { name: tool, arguments: args }) : completion(request, ++counter, args);
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    respond: (next) => void (current = next),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function completion(request: ChatRequest, id: number, content: string | null, call?: { name: string; arguments: string }) {
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model: request.model,
    choices: [
      {
        index: 0,
        finish_reason: call ? "tool_calls" : "stop",
        logprobs: null,
        message: {
          role: "assistant",
          content,
          refusal: null,
          ...(call ? { tool_calls: [{ id: `call_${id}`, type: "function", function: call }] } : {}),
        },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** The last user message of a request (where the judge and rewriter put their inputs). */
export function userText(request: ChatRequest): string {
  return [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
}

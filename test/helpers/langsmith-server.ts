import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, vi } from "vitest";

/** One request exactly as it arrived. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** A run as the server assembled it from creates and patches. */
export type RecordedRun = Record<string, unknown> & { id: string; name?: string; parent_run_id?: string; extra?: { metadata?: Record<string, unknown> } };

/** `multipart`: /info advertises the multipart endpoint; `batch`: it does not, so clients use /runs/batch. */
export type IngestMode = "multipart" | "batch";

type Json = Record<string, unknown>;
type Reply = Json | Json[] | undefined;
type Route = (request: RecordedRequest, match: RegExpMatchArray) => Reply | Promise<Reply>;

/**
 * A LangSmith-compatible recording server for tests: loopback only, random port. It keeps every
 * byte it receives, assembles runs from `/runs/multipart`, `/runs/batch`, `/runs` and
 * `PATCH /runs/:id`, and answers the session, dataset, example and feedback calls `evaluate()` makes.
 */
export class LangSmithRecordingServer {
  readonly requests: RecordedRequest[] = [];
  readonly runs = new Map<string, RecordedRun>();
  readonly feedback: Json[] = [];
  /** Requests no route answered (404), to spot client calls the server does not know. */
  readonly unhandled: string[] = [];
  private readonly sessions = new Map<string, Json>();
  private readonly datasets = new Map<string, Json>();
  private readonly examples = new Map<string, Json>();
  private server?: Server;
  private readonly routes: Array<[string, RegExp, Route]>;

  constructor(readonly mode: IngestMode = "multipart") {
    this.routes = [
      ["GET", /^\/info$/, () => this.info()],
      ["POST", /^\/runs\/multipart$/, (request) => this.ingestMultipart(request)],
      ["POST", /^\/runs\/batch$/, (request) => this.ingestBatch(request)],
      ["POST", /^\/runs$/, (request) => this.upsertRun(bodyJson(request))],
      ["PATCH", /^\/runs\/([\w-]+)$/, (request, match) => this.upsertRun({ ...bodyJson(request), id: match[1] })],
      ["POST", /^\/sessions$/, (request) => this.create(this.sessions, bodyJson(request))],
      ["GET", /^\/sessions$/, (request) => this.byName(this.sessions, request)],
      ["GET", /^\/sessions\/([\w-]+)$/, (_request, match) => this.sessions.get(match[1])],
      ["PATCH", /^\/sessions\/([\w-]+)$/, (request, match) => this.update(this.sessions, match[1], bodyJson(request))],
      ["POST", /^\/datasets$/, (request) => this.create(this.datasets, bodyJson(request))],
      ["GET", /^\/datasets$/, (request) => this.byName(this.datasets, request)],
      ["GET", /^\/datasets\/([\w-]+)$/, (_request, match) => this.datasets.get(match[1])],
      ["GET", /^\/datasets\/([\w-]+)\/version$/, () => ({ as_of: new Date().toISOString(), tags: [] })],
      ["POST", /^\/examples\/bulk$/, (request) => (bodyJson(request) as unknown as Json[]).map((example) => this.create(this.examples, example))],
      ["POST", /^\/v1\/platform\/datasets\/([\w-]+)\/examples$/, (request, match) => this.uploadExamples(request, match[1])],
      ["GET", /^\/examples$/, (request) => this.examplesOf(request)],
      ["GET", /^\/examples\/([\w-]+)$/, (_request, match) => this.examples.get(match[1])],
      ["POST", /^\/feedback$/, (request) => this.addFeedback(bodyJson(request))],
    ];
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    if (!address) throw new Error("recording server is not listening");
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server?.close((error) => (error ? reject(error) : resolve())) ?? resolve());
  }

  /** Every body received, decompressed, as text. */
  receivedText(): string {
    return this.requests.map((request) => decodedBody(request).toString("utf8")).join("\n");
  }

  /** Every raw byte received (request lines, headers and bodies as sent). */
  receivedBytes(): Buffer {
    return Buffer.concat(
      this.requests.flatMap((request) => [Buffer.from(`${request.method} ${request.path}\n${JSON.stringify(request.headers)}\n`), request.body]),
    );
  }

  runList(): RecordedRun[] {
    return [...this.runs.values()];
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const recorded: RecordedRequest = {
      method: request.method ?? "GET",
      path: url.pathname.replace(/^\/api\/v1(?=\/)/, "") + url.search,
      headers: request.headers,
      body: Buffer.concat(chunks),
    };
    this.requests.push(recorded);
    const pathname = recorded.path.split("?")[0];
    try {
      for (const [method, pattern, route] of this.routes) {
        const match = method === recorded.method ? pathname.match(pattern) : null;
        if (!match) continue;
        const result = await route(recorded, match);
        if (result === undefined) break;
        return send(response, 200, result);
      }
      this.unhandled.push(`${recorded.method} ${recorded.path}`);
      send(response, 404, { detail: "Not found" });
    } catch (error) {
      send(response, 500, { detail: String(error) });
    }
  }

  private info(): Json {
    return {
      version: "0.12.0-recording",
      batch_ingest_config: { use_multipart_endpoint: this.mode === "multipart", size_limit_bytes: 20_000_000, size_limit: 100, scale_up_qsize_trigger: 1000, scale_up_nthreads_limit: 16, scale_down_nempty_trigger: 4 },
      instance_flags: { dataset_examples_multipart_enabled: true },
    };
  }

  private async formParts(request: RecordedRequest): Promise<Array<[string, string]>> {
    const form = await new Response(decodedBody(request), { headers: { "content-type": String(request.headers["content-type"]) } }).formData();
    return Promise.all([...form.entries()].map(async ([name, value]) => [name, typeof value === "string" ? value : await value.text()] as [string, string]));
  }

  private async uploadExamples(request: RecordedRequest, datasetId: string): Promise<Json> {
    const examples = new Map<string, Json>();
    for (const [name, text] of await this.formParts(request)) {
      const [id, field] = name.split(".");
      const example = examples.get(id) ?? { id, dataset_id: datasetId };
      if (field === undefined) Object.assign(example, JSON.parse(text) as Json);
      else example[field] = JSON.parse(text);
      examples.set(id, example);
    }
    for (const example of examples.values()) this.create(this.examples, example);
    return { example_ids: [...examples.keys()], count: examples.size };
  }

  private async ingestMultipart(request: RecordedRequest): Promise<Json | undefined> {
    if (this.mode !== "multipart") return undefined;
    const runs = new Map<string, Json>();
    for (const [name, text] of await this.formParts(request)) {
      const [kind, id, field] = name.split(".");
      if (kind === "feedback") {
        this.addFeedback(JSON.parse(text) as Json);
        continue;
      }
      if (kind !== "post" && kind !== "patch") continue;
      const run = runs.get(id) ?? { id };
      if (field === undefined) Object.assign(run, JSON.parse(text) as Json);
      else run[field] = JSON.parse(text);
      runs.set(id, run);
    }
    for (const run of runs.values()) this.upsertRun(run);
    return {};
  }

  private ingestBatch(request: RecordedRequest): Json {
    const { post = [], patch = [] } = bodyJson(request) as { post?: Json[]; patch?: Json[] };
    for (const run of [...post, ...patch]) this.upsertRun(run);
    return {};
  }

  private upsertRun(run: Json): Json {
    const id = String(run.id);
    this.runs.set(id, { ...this.runs.get(id), ...run, id });
    return {};
  }

  private create(store: Map<string, Json>, body: Json): Json {
    const id = typeof body.id === "string" ? body.id : randomUUID();
    const record = { ...body, id, created_at: new Date().toISOString(), modified_at: new Date().toISOString(), tenant_id: randomUUID() };
    store.set(id, record);
    return record;
  }

  private update(store: Map<string, Json>, id: string, body: Json): Json | undefined {
    const record = store.get(id);
    if (!record) return undefined;
    Object.assign(record, body);
    return record;
  }

  private byName(store: Map<string, Json>, request: RecordedRequest): Json[] {
    const name = new URL(request.path, "http://127.0.0.1").searchParams.get("name");
    return [...store.values()].filter((record) => name === null || record.name === name);
  }

  private examplesOf(request: RecordedRequest): Json[] {
    const params = new URL(request.path, "http://127.0.0.1").searchParams;
    if (Number(params.get("offset") ?? 0) > 0) return [];
    const dataset = params.get("dataset");
    return [...this.examples.values()].filter((example) => dataset === null || example.dataset_id === dataset);
  }

  private addFeedback(body: Json): Json {
    const record = { ...body, id: typeof body.id === "string" ? body.id : randomUUID() };
    this.feedback.push(record);
    return record;
  }
}

function decodedBody(request: RecordedRequest): Buffer {
  return request.headers["content-encoding"] === "gzip" ? gunzipSync(request.body) : request.body;
}

function bodyJson(request: RecordedRequest): Json {
  const text = decodedBody(request).toString("utf8");
  return text.length === 0 ? {} : (JSON.parse(text) as Json);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/**
 * A recording server for the whole test file, with LANGSMITH_* pointing at it before anything
 * builds a client (LangChain's default client is a process singleton made from the environment).
 */
export function recordingServerFromEnv(project: string): () => LangSmithRecordingServer {
  let server: LangSmithRecordingServer | undefined;
  beforeAll(async () => {
    server = await new LangSmithRecordingServer().start();
    vi.stubEnv("LANGSMITH_ENDPOINT", server.url);
    vi.stubEnv("LANGSMITH_API_KEY", "dummy-key");
    vi.stubEnv("LANGSMITH_TRACING", "true");
    vi.stubEnv("LANGSMITH_PROJECT", project);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error("recording server not started");
    return server;
  };
}

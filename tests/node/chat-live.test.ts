// The live chat model, through the REAL openai SDK, against a fake OpenAI-compatible server on
// 127.0.0.1 streaming Server-Sent Events. Checks what the SDK sends (path, key, model, the system
// prompt and the turns), the pieces it yields, cancellation, how failures map to the chat's
// errors, and that the API key shows up in no yielded text, error or log line.
import { createServer, type IncomingHttpHeaders, type ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLiveChatModel } from "../../worker/services/ai/live";
import { ChatModelError, type ChatMember, type ChatRequest, type ChatTurn, type SiteDigest } from "../../worker/services/ai/types";

const API_KEY = "sk-test-SECRET-key-0123456789";

type Seen = { method: string; path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };
/** How the fake server answers one request; it may write slowly or never finish. */
type Handler = (req: Seen, res: ServerResponse) => void;

let server: Server;
let port: number;
let seen: Seen[] = [];
let handler: Handler;
/** Resolves when the client closes the connection of the latest request before it ended. */
let clientClosed: Promise<void>;

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "gpt-fake",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  })}\n\n`;

const DONE = "data: [DONE]\n\n";

function startSse(res: ServerResponse) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
}

/** A whole streamed completion: a role chunk, the pieces, an empty stop chunk, then [DONE]. */
const streamPieces =
  (pieces: string[], finishReason = "stop"): Handler =>
  (_req, res) => {
    startSse(res);
    res.write(chunk({ role: "assistant", content: "" }));
    for (const piece of pieces) res.write(chunk({ content: piece }));
    res.write(chunk({}, finishReason));
    res.end(DONE);
  };

const errorReply =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (data: string) => (raw += data));
    req.on("end", () => {
      const entry: Seen = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      };
      seen.push(entry);
      clientClosed = new Promise((resolve) => res.on("close", () => (res.writableEnded ? undefined : resolve())));
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

let warnings: string[] = [];
beforeEach(() => {
  seen = [];
  handler = streamPieces(["Hi ", "Ana", "!"]);
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
});
afterEach(() => vi.restoreAllMocks());

const digest: SiteDigest = {
  brandName: "Lola Rivera Fans",
  upcomingEvents: [
    {
      title: "Freestyle Forever Live",
      startsAt: "2026-12-06T01:00:00.000Z",
      timeZone: "America/New_York",
      online: false,
      venueName: "Starlight Ballroom",
      city: "New York",
      state: "NY",
      priceMin: 45,
      priceMax: 120,
      currency: "USD",
      ticketUrl: "https://tickets.example.com/forever",
    },
  ],
  albums: [{ title: "Spring Love", year: 1988, tracks: ["Spring Love", "Dream About You"] }],
  vip: { priceCents: 999, currency: "USD" },
};

const ana: ChatMember = { id: "u1", name: "Ana", vip: true, admin: false };
const turns: ChatTurn[] = [
  { role: "user", content: "Hello!" },
  { role: "assistant", content: "Hi Ana!" },
  { role: "user", content: "When is your next show?" },
];

const request = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  persona: "Lola Rivera",
  member: ana,
  locale: "en",
  digest,
  turns,
  signal: new AbortController().signal,
  ...overrides,
});

const model = (baseUrl = `http://127.0.0.1:${port}/v1`) => createLiveChatModel({ apiKey: API_KEY, model: "gpt-fake-mini", baseUrl });

/** Every piece the reply yields and the error it ends with, if any. */
async function run(iterable: AsyncIterable<string>): Promise<{ pieces: string[]; error: unknown }> {
  const pieces: string[] = [];
  try {
    for await (const piece of iterable) pieces.push(piece);
    return { pieces, error: null };
  } catch (error) {
    return { pieces, error };
  }
}

function expectNoKey(result: { pieces: string[]; error: unknown }) {
  expect(result.pieces.join("")).not.toContain(API_KEY);
  if (result.error instanceof Error) {
    expect(result.error.message).not.toContain(API_KEY);
    expect(String(result.error.stack)).not.toContain(API_KEY);
  }
  for (const line of warnings) expect(line).not.toContain(API_KEY);
}

describe("live chat model (openai SDK → fake server)", () => {
  it("is not offline", () => {
    expect(model().offline).toBe(false);
  });

  it("posts a streamed chat completion: the key, the model, the system prompt first, then the turns in order", async () => {
    const result = await run(model().reply(request()));
    expect(result).toEqual({ pieces: ["Hi ", "Ana", "!"], error: null });

    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers["authorization"]).toBe(`Bearer ${API_KEY}`);
    expect(req.headers["content-type"]).toMatch(/^application\/json/);
    expect(req.body.model).toBe("gpt-fake-mini");
    expect(req.body.stream).toBe(true);

    const messages = req.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages.slice(1)).toEqual(turns);
    const system = messages[0]!.content;
    expect(system).toContain("You are Lola Rivera");
    expect(system).toContain('The fan\'s name is "Ana". They are a VIP member.');
    expect(system).toContain("Freestyle Forever Live");
    expect(system).toContain("Starlight Ballroom, New York, NY; 45.00-120.00 USD; tickets: https://tickets.example.com/forever");
    expect(system).toContain("- Spring Love (1988): Spring Love; Dream About You");
    expect(system).toContain("VIP membership: $9.99 USD per month.");
    expect(system).not.toContain(API_KEY);
  });

  it("tells the model when the member is a regular member, and which language to answer in", async () => {
    await run(model().reply(request({ member: { ...ana, name: "Bob", vip: false }, locale: "pt-BR" })));
    const system = (seen[0]!.body.messages as { content: string }[])[0]!.content;
    expect(system).toContain('The fan\'s name is "Bob". They are a regular member (not VIP).');
    expect(system).toContain("The fan writes in Brazilian Portuguese: always answer in Brazilian Portuguese");
    // The same grounded facts the offline responder answers from.
    expect(system).toContain(`Facts:\nUpcoming events (soonest first):\n- ${digest.upcomingEvents[0]!.title}`);
  });

  it("uses the path of an OpenAI-compatible base URL", async () => {
    await run(model(`http://127.0.0.1:${port}/proxy/openai/v1/`).reply(request()));
    expect(seen[0]!.path).toBe("/proxy/openai/v1/chat/completions");
  });

  it("skips chunks without text (role, empty content, the final stop)", async () => {
    handler = (_req, res) => {
      startSse(res);
      res.write(chunk({ role: "assistant", content: "" }));
      res.write(chunk({ content: null }));
      res.write(chunk({ content: "Only" }));
      res.write(chunk({}));
      res.write(chunk({ content: " this" }, "stop"));
      res.end(DONE);
    };
    expect(await run(model().reply(request()))).toEqual({ pieces: ["Only", " this"], error: null });
  });

  it("stops without an error when the signal aborts mid-stream, and closes the connection", async () => {
    handler = (_req, res) => {
      startSse(res);
      res.write(chunk({ content: "One " }));
      res.write(chunk({ content: "two " }));
      // …and never finishes on its own.
    };
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of model().reply(request({ signal: controller.signal }))) {
      pieces.push(piece);
      if (pieces.length === 2) controller.abort();
    }
    expect(pieces).toEqual(["One ", "two "]);
    await expect(Promise.race([clientClosed.then(() => "closed"), new Promise((r) => setTimeout(() => r("still open"), 2000))])).resolves.toBe("closed");
  });

  it("stops without an error when the signal aborts before the answer arrives", async () => {
    let respond: () => void = () => {};
    handler = (_req, res) => {
      respond = () => streamPieces(["late"])(_req, res);
    };
    const controller = new AbortController();
    const result = run(model().reply(request({ signal: controller.signal })));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    expect(await result).toEqual({ pieces: [], error: null });
    await expect(Promise.race([clientClosed.then(() => "closed"), new Promise((r) => setTimeout(() => r("still open"), 2000))])).resolves.toBe("closed");
    respond();
  });

  it("sends nothing when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await run(model().reply(request({ signal: controller.signal })))).toEqual({ pieces: [], error: null });
    expect(seen).toHaveLength(0);
  });

  it("maps a refused key (401) to send_failed, without retrying and without the key", async () => {
    handler = errorReply(401, { error: { message: `Incorrect API key provided: ${API_KEY}.`, type: "invalid_request_error", code: "invalid_api_key" } });
    const result = await run(model().reply(request()));
    expect(result.pieces).toEqual([]);
    expect(result.error).toBeInstanceOf(ChatModelError);
    expect(result.error).toMatchObject({ code: "send_failed", status: undefined, message: "Failed to send message" });
    expect(seen).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("Incorrect API key provided: [redacted]");
    expectNoKey(result);
  });

  it("maps a server error (500) to send_failed after one retry", async () => {
    handler = errorReply(500, { error: { message: "The server had an error", type: "server_error" } });
    const result = await run(model().reply(request()));
    expect(result.error).toBeInstanceOf(ChatModelError);
    expect(result.error).toMatchObject({ code: "send_failed" });
    expect(seen).toHaveLength(2);
    expectNoKey(result);
  });

  it("maps an unreachable server to send_failed", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await run(model(`http://127.0.0.1:${deadPort}/v1`).reply(request()));
    expect(result.error).toBeInstanceOf(ChatModelError);
    expect(result.error).toMatchObject({ code: "send_failed" });
    expectNoKey(result);
  });

  it("maps a content_filter finish to run_failed with that status, after the text already given", async () => {
    handler = streamPieces(["Well, "], "content_filter");
    const result = await run(model().reply(request()));
    expect(result.pieces).toEqual(["Well, "]);
    expect(result.error).toBeInstanceOf(ChatModelError);
    expect(result.error).toMatchObject({ code: "run_failed", status: "content_filter", message: "Run failed with status: content_filter" });
    expectNoKey(result);
  });

  it("maps an error event in the stream to run_failed 'failed'", async () => {
    handler = (_req, res) => {
      startSse(res);
      res.write(chunk({ content: "Half " }));
      res.write(`data: ${JSON.stringify({ error: { message: `overloaded (${API_KEY})`, type: "server_error" } })}\n\n`);
      res.end();
    };
    const result = await run(model().reply(request()));
    expect(result.pieces).toEqual(["Half "]);
    expect(result.error).toMatchObject({ code: "run_failed", status: "failed", message: "Run failed with status: failed" });
    expectNoKey(result);
  });

  it("maps a stream cut off before it finished to run_failed 'failed'", async () => {
    handler = (_req, res) => {
      startSse(res);
      res.write(chunk({ content: "Half " }));
      setTimeout(() => res.destroy(), 20);
    };
    const result = await run(model().reply(request()));
    expect(result.pieces).toEqual(["Half "]);
    expect(result.error).toMatchObject({ code: "run_failed", status: "failed" });
    expectNoKey(result);
  });
});

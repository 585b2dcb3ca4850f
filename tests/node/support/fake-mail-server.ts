// A fake Resend + Postmark on 127.0.0.1 for the live mail adapter: the real fetch code path runs,
// nothing leaves the machine. It speaks both single and batch APIs (Resend POST /emails and
// /emails/batch, Postmark POST /email and /email/batch), records every request, and can be told
// to fail: answer 429 (with a Retry-After) or 5xx a number of times, answer a 4xx, or (Postmark
// batch) refuse chosen addresses with a per-message ErrorCode while answering HTTP 200.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedMail = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };

type Failure = { status: number; retryAfter?: string; body?: string };

export type FakeMailServer = {
  baseUrl: string;
  received: ReceivedMail[];
  /** The next `times` requests answer `status` (with Retry-After when given) instead of succeeding. */
  failNext(times: number, status: number, options?: { retryAfter?: string; body?: string }): void;
  /** Postmark batch: messages to `address` come back with this ErrorCode and Message. */
  refuseAddress(address: string, errorCode: number, message: string): void;
  /** Forgets requests and any failure set up. */
  reset(): void;
  close(): Promise<void>;
};

export async function startFakeMailServer(): Promise<FakeMailServer> {
  const received: ReceivedMail[] = [];
  let failures: Failure[] = [];
  let refused = new Map<string, { ErrorCode: number; Message: string }>();
  let nextId = 1;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body: unknown = text ? JSON.parse(text) : null;
      const path = req.url ?? "";
      received.push({ method: req.method ?? "", path, headers: req.headers, body });

      const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
      };
      const failure = failures.shift();
      if (failure) {
        return reply(
          failure.status,
          failure.body ?? { message: `fake failure ${failure.status}` },
          failure.retryAfter ? { "retry-after": failure.retryAfter } : {},
        );
      }
      const id = () => `msg_${nextId++}`;
      if (req.method !== "POST") return reply(405, { message: "method not allowed" });
      switch (path) {
        case "/emails":
          return reply(200, { id: id() });
        case "/emails/batch":
          return reply(200, { data: (body as unknown[]).map(() => ({ id: id() })) });
        case "/email": {
          const to = (body as { To: string }).To;
          return reply(200, { To: to, SubmittedAt: new Date().toISOString(), MessageID: id(), ErrorCode: 0, Message: "OK" });
        }
        case "/email/batch":
          return reply(
            200,
            (body as { To: string }[]).map(({ To }) => {
              const refusal = refused.get(To);
              return refusal ? { ...refusal, To } : { To, SubmittedAt: new Date().toISOString(), MessageID: id(), ErrorCode: 0, Message: "OK" };
            }),
          );
        default:
          return reply(404, { message: "not found" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    failNext(times, status, options = {}) {
      for (let i = 0; i < times; i++) failures.push({ status, ...options });
    },
    refuseAddress(address, errorCode, message) {
      refused.set(address, { ErrorCode: errorCode, Message: message });
    },
    reset() {
      received.length = 0;
      failures = [];
      refused = new Map();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

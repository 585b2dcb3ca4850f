// The live bot check (Turnstile's Siteverify, decision 090) against a fake Siteverify on
// 127.0.0.1: the real fetch code path runs, nothing leaves the machine.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { siteverify } from "../../worker/services/bot-check/live";
import { verifyHuman } from "../../worker/services/bot-check";
import type { AppEnv } from "../../worker/env";

type Received = { headers: IncomingHttpHeaders; form: URLSearchParams };

const SECRET = "0x4AAAAAAAfake-secret";
/** The tokens the fake knows: what Siteverify says of each. */
const VERDICTS: Record<string, object> = {
  "solved-on-signup": { success: true, action: "signup", hostname: "fans.test", challenge_ts: "2026-11-27T07:00:00.000Z", "error-codes": [] },
  "solved-elsewhere": { success: true, action: "signup", hostname: "other.example", "error-codes": [] },
  spent: { success: false, "error-codes": ["timeout-or-duplicate"] },
};

let server: Server;
let url: string;
let received: Received[] = [];
/** Statuses the next requests answer with instead of a verdict. */
let failures: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      received.push({ headers: req.headers, form });
      const failure = failures.shift();
      if (failure !== undefined) {
        res.writeHead(failure).end();
        return;
      }
      const verdict =
        form.get("secret") === SECRET
          ? (VERDICTS[form.get("response") ?? ""] ?? { success: false, "error-codes": ["invalid-input-response"] })
          : { success: false, "error-codes": ["invalid-input-secret"] };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(verdict));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  failures = [];
});

const input = (token: string, action = "signup") => ({ secret: SECRET, token, ip: "203.0.113.7", action, hostname: "fans.test" });

describe("Siteverify", () => {
  it("passes a token solved on this form and host, sent as a form with the secret, the token, the address and an idempotency key", async () => {
    expect(await siteverify(input("solved-on-signup"), { url })).toBe("passed");
    expect(received).toHaveLength(1);
    const [{ headers, form }] = received as [Received];
    expect(headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect({ secret: form.get("secret"), response: form.get("response"), remoteip: form.get("remoteip") }).toEqual({
      secret: SECRET,
      response: "solved-on-signup",
      remoteip: "203.0.113.7",
    });
    expect(form.get("idempotency_key")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("leaves the address out when the request had none", async () => {
    expect(await siteverify({ ...input("solved-on-signup"), ip: null }, { url })).toBe("passed");
    expect(received[0]!.form.has("remoteip")).toBe(false);
  });

  it("refuses a pass for another form, a pass on another host, a spent token and an unknown one", async () => {
    expect(await siteverify(input("solved-on-signup", "contact"), { url })).toBe("refused");
    expect(await siteverify(input("solved-elsewhere"), { url })).toBe("refused");
    expect(await siteverify(input("spent"), { url })).toBe("refused");
    expect(await siteverify(input("made-up"), { url })).toBe("refused");
    expect(await siteverify({ ...input("solved-on-signup"), secret: "wrong" }, { url })).toBe("refused");
  });

  it("refuses an empty or overlong token without asking", async () => {
    expect(await siteverify(input(""), { url })).toBe("refused");
    expect(await siteverify(input("x".repeat(2049)), { url })).toBe("refused");
    expect(received).toHaveLength(0);
  });

  it("asks again once after a 5xx, with the same idempotency key", async () => {
    failures = [503];
    expect(await siteverify(input("solved-on-signup"), { url })).toBe("passed");
    expect(received).toHaveLength(2);
    expect(received[1]!.form.get("idempotency_key")).toBe(received[0]!.form.get("idempotency_key"));
  });

  it("is unavailable when Siteverify keeps failing, answers a 4xx, or cannot be reached", async () => {
    failures = [500, 502];
    expect(await siteverify(input("solved-on-signup"), { url })).toBe("unavailable");
    failures = [400];
    expect(await siteverify(input("solved-on-signup"), { url })).toBe("unavailable");
    expect(await siteverify(input("solved-on-signup"), { url: "http://127.0.0.1:1/siteverify" })).toBe("unavailable");
  });
});

describe("verifyHuman", () => {
  const env = (vars: Record<string, string>) => ({ APP_ENV: "test", SESSION_SECRET: "s".repeat(32), ...vars }) as unknown as AppEnv;
  const proof = { token: "solved-on-signup", ip: "203.0.113.7", action: "signup" as const, hostname: "fans.test" };

  it("asks Siteverify with TURNSTILE_SECRET_KEY when it is set, even in local mode", async () => {
    expect(await verifyHuman(env({ TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_SITE_KEY: "0x4AAAAAAAsite" }), proof, { url })).toBe("passed");
    expect(received).toHaveLength(1);
  });

  it("checks locally without it: Turnstile's token is not a local one", async () => {
    expect(await verifyHuman(env({}), proof, { url })).toBe("refused");
    expect(received).toHaveLength(0);
  });
});

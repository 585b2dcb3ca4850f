// The bot check on the visitor's forms (decision 090): sign-up, the password reset request, the news
// box, the contact form, a visitor's "Notify me" and event reminder, and guest checkout. Without a
// passing token for the form's own action the Worker answers 403 bot_check_failed and stores and
// mails nothing; with one the form goes through, once (decision 133). The local verifier runs here (APP_ENV=test); live mode is the Worker
// calling Siteverify (its fetch stubbed), and production without the keys refuses the forms.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOT_CHECK_HEADER, BOT_CHECK_TOKEN_TTL_MS, type BotCheckAction, type LocalBotCheckTokenResponse } from "../../worker/contracts/bot-check";
import type { PublicConfig } from "../../worker/contracts/config";
import { botCheckToken, call, callLocal, createUser, errorOf, fetchApp, useFreshClientIp } from "./helpers";
import { cart, D1, seedProduct } from "./checkout-fixtures";

const DAY = 24 * 60 * 60 * 1000;
const unique = (base: string) => `${base}_${crypto.randomUUID().slice(0, 8)}`;

/** An event whose public ticket sale opens in two days: a visitor may ask to be told. */
async function announcedEvent() {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO events (id, title, event_date, status, ticket_sale_start) VALUES (?1, ?2, ?3, 'published', ?4)")
    .bind(id, unique("Announced"), Date.now() + 30 * DAY, Date.now() + 2 * DAY)
    .run();
  return id;
}

type Form = { action: BotCheckAction; request: () => Promise<{ path: string; json: Record<string, unknown> }> };

const FORMS: Record<string, Form> = {
  "sign-up": {
    action: "signup",
    request: async () => {
      const username = unique("bot");
      return { path: "/api/auth/signup", json: { username, email: `${username}@example.com`, password: "secret123", confirmPassword: "secret123" } };
    },
  },
  "the password reset request": {
    action: "password_reset",
    request: async () => ({ path: "/api/auth/reset/request", json: { email: (await createUser("user")).email } }),
  },
  "the news box": {
    action: "newsletter",
    request: async () => ({ path: "/api/newsletter/subscribe", json: { email: `${unique("news")}@example.com`, locale: "en", source: "news_box" } }),
  },
  "the contact form": {
    action: "contact",
    request: async () => ({
      path: "/api/contact",
      json: { name: "Ana Souza", email: `${unique("contact")}@example.com`, subject: unique("Show"), message: "Is there a show in Lisbon?", subscribe: true },
    }),
  },
  "a visitor's Notify me": {
    action: "notify_me",
    request: async () => ({ path: `/api/notify-me/event/${await announcedEvent()}`, json: { email: `${unique("notify")}@example.com`, locale: "pt-BR" } }),
  },
  "a visitor's event reminder": {
    action: "reminder",
    request: async () => ({
      path: `/api/events/${await announcedEvent()}/reminder`,
      json: { email: `${unique("remind")}@example.com`, locale: "en", timeZone: "America/Sao_Paulo" },
    }),
  },
  "guest checkout": {
    action: "guest_checkout",
    request: async () => ({ path: "/api/store/checkout", json: cart([{ productId: await seedProduct() }], { email: `${unique("guest")}@example.com` }) }),
  },
};

const TABLES = [
  "users",
  "password_resets",
  "marketing_contacts",
  "marketing_consents",
  "contact_messages",
  "notify_requests",
  "event_reminders",
  "store_checkouts",
  "mail_outbox",
];

/** Everything the forms can store or mail (the local mail service's outbox among it). */
async function storedState() {
  const counts = await D1.batch(TABLES.map((t) => D1.prepare(`SELECT count(*) AS n FROM ${t}`)));
  return Object.fromEntries(TABLES.map((t, i) => [t, (counts[i]!.results[0] as { n: number }).n]));
}

/** A passing token for another form, an hour-old one, and one signed with another key. */
const refusedTokens = async (action: BotCheckAction) => {
  const otherAction = action === "signup" ? "contact" : "signup";
  const valid = await botCheckToken(action);
  const forged = `${valid.slice(0, valid.lastIndexOf(".") + 1)}${"A".repeat(43)}`;
  return {
    "no token": false as const,
    "an empty token": "",
    "a forged token": forged,
    "another form's token": await botCheckToken(otherAction),
    "an expired token": await botCheckToken(action, Date.now() - BOT_CHECK_TOKEN_TTL_MS - 1000),
    "Turnstile's dummy token": "XXXX.DUMMY.TOKEN.XXXX",
  };
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(Object.entries(FORMS))("%s", (_name, form) => {
  it("refuses a visitor without a passing token for its action (403 bot_check_failed), storing and mailing nothing", async () => {
    for (const [why, token] of Object.entries(await refusedTokens(form.action))) {
      useFreshClientIp(); // each attempt from another address: the forms' rate limits stay out of it
      const { path, json } = await form.request();
      const before = await storedState();
      const res = await call(path, { json, botCheck: token });
      expect({ why, status: res.status, error: await errorOf(res) }).toEqual({
        why,
        status: 403,
        error: { code: "bot_check_failed", message: expect.any(String) },
      });
      expect(await storedState()).toEqual(before);
    }
  });

  it("lets a visitor through with a passing token for its action", async () => {
    const { path, json } = await form.request();
    const before = await storedState();
    const res = await call(path, { json, botCheck: await botCheckToken(form.action) });
    expect(res.status).toBeLessThan(300);
    expect(await storedState()).not.toEqual(before);
  });

  it("takes a token once: the same token again is refused (403 bot_check_failed), storing and mailing nothing", async () => {
    const token = await botCheckToken(form.action);
    const first = await form.request();
    expect((await call(first.path, { json: first.json, botCheck: token })).status).toBeLessThan(300);
    useFreshClientIp();
    const again = await form.request();
    const before = await storedState();
    const res = await call(again.path, { json: again.json, botCheck: token });
    expect({ status: res.status, error: (await errorOf(res))?.code }).toEqual({ status: 403, error: "bot_check_failed" });
    expect(await storedState()).toEqual(before);
  });

  it("takes the token the local widget's endpoint hands out", async () => {
    const issued = await callLocal(`/api/dev/bot-check/${form.action}`);
    expect(issued.status).toBe(200);
    expect(issued.headers.get("cache-control")).toBe("no-store");
    const { token } = await issued.json<LocalBotCheckTokenResponse>();
    const { path, json } = await form.request();
    expect((await call(path, { json, botCheck: token })).status).toBeLessThan(300);
  });
});

describe("one token sent at once by several requests", () => {
  it("lets exactly one through and refuses the rest with 403 bot_check_failed", async () => {
    const token = await botCheckToken("newsletter");
    const before = (await storedState()).marketing_contacts!;
    const responses = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const headers = { "cf-connecting-ip": useFreshClientIp() };
        const { path, json } = await FORMS["the news box"]!.request();
        return call(path, { json, headers, botCheck: token });
      }),
    );
    const codes = await Promise.all(responses.map(async (r) => (r.status < 300 ? "passed" : `${r.status} ${(await errorOf(r))?.code}`)));
    expect(codes.sort()).toEqual([
      "403 bot_check_failed",
      "403 bot_check_failed",
      "403 bot_check_failed",
      "403 bot_check_failed",
      "403 bot_check_failed",
      "passed",
    ]);
    expect((await storedState()).marketing_contacts).toBe(before + 1);
  });
});

describe("a signed-in member", () => {
  it("checks out without a token: their session is the proof", async () => {
    const member = await createUser("user");
    const res = await call("/api/store/checkout", { json: cart([{ productId: await seedProduct() }]), cookie: member.cookie, botCheck: false });
    expect(res.status).toBe(200);
  });

  it("still needs one on the contact form", async () => {
    const member = await createUser("user");
    const { path, json } = await FORMS["the contact form"]!.request();
    const res = await call(path, { json, cookie: member.cookie, botCheck: false });
    expect(res.status).toBe(403);
    expect((await errorOf(res))?.code).toBe("bot_check_failed");
  });
});

describe("the local widget's endpoint", () => {
  it("is only on the developer's machine, and only for the checked forms", async () => {
    expect((await call("/api/dev/bot-check/signup")).status).toBe(404);
    const unknown = await callLocal("/api/dev/bot-check/login");
    expect(unknown.status).toBe(400);
  });

  it("is absent in production", async () => {
    const res = await fetchApp("/api/dev/bot-check/signup", { headers: { host: "127.0.0.1" } }, { APP_ENV: "production" });
    expect(res.status).toBe(404);
  });
});

describe("which verifier runs", () => {
  const LIVE = { TURNSTILE_SITE_KEY: "0x4AAAAAAAtestsitekey", TURNSTILE_SECRET_KEY: "0x4AAAAAAAtestsecret" };

  it("tells the forms: local here, Turnstile with its site key when the keys are set", async () => {
    expect((await (await fetchApp("/api/config")).json<PublicConfig>()).botCheck).toEqual({ mode: "local" });
    const live = await fetchApp("/api/config", {}, LIVE);
    expect((await live.json<PublicConfig>()).botCheck).toEqual({ mode: "live", siteKey: LIVE.TURNSTILE_SITE_KEY });
  });

  it("live: asks Siteverify with the secret, the token and the visitor's address; a pass for this form and host lets it through", async () => {
    const siteverify = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ success: true, action: "contact", hostname: "fans.test" }));
    const { path, json } = await FORMS["the contact form"]!.request();
    const ip = useFreshClientIp();
    const res = await fetchApp(path, { method: "POST", json, headers: { [BOT_CHECK_HEADER]: "turnstile-token", "cf-connecting-ip": ip } }, LIVE);
    expect(res.status).toBe(200);
    const [url, init] = siteverify.mock.calls.find(([u]) => String(u).includes("siteverify"))!;
    expect(String(url)).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    const form = init!.body as URLSearchParams;
    expect({ secret: form.get("secret"), response: form.get("response"), remoteip: form.get("remoteip") }).toEqual({
      secret: LIVE.TURNSTILE_SECRET_KEY,
      response: "turnstile-token",
      remoteip: ip,
    });
    expect(form.get("idempotency_key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("live: a pass for another form, or a local token, is refused and nothing is stored", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      const token = (init!.body as URLSearchParams).get("response");
      return Response.json(
        token === "turnstile-token"
          ? { success: true, action: "signup", hostname: "fans.test" }
          : { success: false, "error-codes": ["invalid-input-response"] },
      );
    });
    for (const token of ["turnstile-token", await botCheckToken("contact")]) {
      const { path, json } = await FORMS["the contact form"]!.request();
      const before = await storedState();
      const res = await fetchApp(path, { method: "POST", json, headers: { [BOT_CHECK_HEADER]: token } }, LIVE);
      expect(res.status).toBe(403);
      expect((await errorOf(res))?.code).toBe("bot_check_failed");
      expect(await storedState()).toEqual(before);
    }
  });

  it("production without the keys refuses the forms (503 bot_check_unavailable) rather than let every bot in", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { path, json } = await FORMS["sign-up"]!.request();
    const before = await storedState();
    const res = await fetchApp(path, { method: "POST", json }, { APP_ENV: "production" });
    expect(res.status).toBe(503);
    expect((await errorOf(res))?.code).toBe("bot_check_unavailable");
    expect(await storedState()).toEqual(before);
    expect(String(logged.mock.calls[0]?.[0])).toContain("TURNSTILE_SECRET_KEY");
  });

  it("refuses a configuration with one of the two keys (misconfigured)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await fetchApp("/api/config", {}, { TURNSTILE_SECRET_KEY: "0x4AAAAAAAtestsecret" });
    expect(res.status).toBe(500);
    expect(await errorOf(res)).toMatchObject({ code: "misconfigured", message: expect.stringContaining("TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY") });
  });
});

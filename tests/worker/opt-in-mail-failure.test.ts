// A visitor's double opt-in whose confirmation mail cannot leave (the reminders, Notify me): the
// answer is 502 `mail_failed` with the flow's own words, and the pending request is gone, so the
// same address can ask again at once and is then stored and mailed. Run with a live provider
// configured and its API refused, in this isolate, so the outgoing fetch can be answered here.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { events } from "../../worker/db/schema/events";
import { REMINDER_MESSAGES } from "../../worker/contracts/reminders";
import { NOTIFY_MESSAGES } from "../../worker/contracts/notify-me";
import { db, errorOf, ORIGIN, withBotCheck } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const DAY = 86_400_000;
const LIVE_MAIL = { MAIL_PROVIDER: "resend", MAIL_API_KEY: "re_test_key", MAIL_FROM: "Fans <no-reply@fans.test>", MAIL_API_BASE_URL: "https://mail-api.test" };

let serial = 0;
const freshIp = () => ({ "cf-connecting-ip": `10.77.${Math.floor(Math.random() * 250)}.${++serial & 255}` });

async function post(path: string, body: unknown) {
  const ctx = createExecutionContext();
  const headers = new Headers({ origin: ORIGIN, "content-type": "application/json", ...freshIp() });
  await withBotCheck(headers, "POST", path);
  const request = new Request(ORIGIN + path, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const res = await app.fetch(request, { ...env, ...LIVE_MAIL }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A published event in a month, its public sale in two days: both flows may be asked of it. */
async function announcedEvent() {
  const [row] = await db()
    .insert(events)
    .values({
      id: crypto.randomUUID(),
      title: `Opt-in Night ${++serial}`,
      eventDate: new Date(Date.now() + 30 * DAY),
      status: "published",
      ticketSaleStart: new Date(Date.now() + 2 * DAY),
    })
    .returning();
  return row!;
}

const FLOWS = [
  {
    name: "Remind me",
    path: (eventId: string) => `/api/events/${eventId}/reminder`,
    body: (email: string) => ({ email, locale: "en", timeZone: "Europe/Lisbon" }),
    message: REMINDER_MESSAGES.mailFailed,
    stored: (email: string) => D1.prepare("SELECT status FROM event_reminders WHERE email = ?").bind(email).all(),
    answer: { status: "pending" },
  },
  {
    name: "Notify me",
    path: (eventId: string) => `/api/notify-me/event/${eventId}`,
    body: (email: string) => ({ email, locale: "pt-BR" }),
    message: NOTIFY_MESSAGES.mailFailed,
    stored: (email: string) => D1.prepare("SELECT status FROM notify_requests WHERE email = ?").bind(email).all(),
    answer: { status: "pending" },
  },
];

describe.each(FLOWS)("$name when the confirmation mail cannot be sent", ({ path, body, message, stored, answer }) => {
  afterEach(() => vi.restoreAllMocks());

  it("answers 502 mail_failed, keeps no pending request, and takes the address again once mail works", async () => {
    const event = await announcedEvent();
    const email = `opt-in-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const failed = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("bad key", { status: 401 }));

    const refused = await post(path(event.id), body(email));
    expect(refused.status).toBe(502);
    expect(await errorOf(refused)).toEqual({ code: "mail_failed", message });
    expect((await stored(email)).results).toEqual([]);
    expect(failed).toHaveBeenCalled();

    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ id: "msg_1" }));
    const again = await post(path(event.id), body(email));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject(answer);
    expect((await stored(email)).results).toEqual([{ status: "pending" }]);
  });
});

// "Remind me" (/api/events/:id/reminder, /api/reminders/confirm) and the sending pass
// (worker/services/reminders/pass.ts, run here through the local test clock POST
// /api/dev/reminders/run { now }). Members' reminders are active at once; a visitor's waits for
// the confirmation link (7 days); the pass sends each offset once, never late and never after the
// start, with the event as an .ics, and one notice when the event moves or is cancelled.
//
// Expectations come from raw SQL against D1 (the outbox, the reminder rows).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { events } from "../../worker/db/schema/events";
import type { EventRow, NewEventRow } from "../../worker/db/events";
import { formatUtc } from "../../worker/lib/ical";
import { sha256Hex } from "../../worker/lib/crypto";
import { claimOffsets } from "../../worker/db/reminders";
import { call, callLocal, createUser, db, errorOf, type Role, type TestUser } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let serial = 0;
/** A published event in New York `at` ms from now (3 days unless given). */
async function addEvent(overrides: Partial<NewEventRow> & { at?: number } = {}): Promise<EventRow> {
  serial++;
  const { at = 3 * DAY, ...rest } = overrides;
  return db()
    .insert(events)
    .values({
      id: crypto.randomUUID(),
      title: `Freestyle Night ${serial}`,
      titlePtBr: `Noite de Freestyle ${serial}`,
      description: "A night of freestyle.",
      // Whole minutes, so the times in the mails are exact.
      eventDate: new Date(Math.ceil((Date.now() + at) / MIN) * MIN),
      timeZone: "America/New_York",
      status: "published",
      venueName: "Starlight Ballroom",
      venueCity: "New York",
      venueState: "NY",
      venueCountry: "USA",
      joinUrl: "https://meet.example.com/secret-room",
      ...rest,
    })
    .returning()
    .get();
}

type OutboxRow = { to_address: string; subject: string; text_body: string; attachments: string | null };
const mailsTo = async (address: string) =>
  (
    await D1.prepare("SELECT to_address, subject, text_body, attachments FROM mail_outbox WHERE to_address = ? ORDER BY created_at, rowid")
      .bind(address)
      .all<OutboxRow>()
  ).results;

type ReminderRow = {
  id: string;
  status: string;
  sent_offsets: string;
  notified_start: number;
  cancel_notice_at: number | null;
  locale: string;
  time_zone: string | null;
  user_id: string | null;
  token_hash: string | null;
};
const remindersOf = async (eventId: string) =>
  (await D1.prepare("SELECT * FROM event_reminders WHERE event_id = ? ORDER BY created_at").bind(eventId).all<ReminderRow>()).results;

const runPass = async (now: number) => {
  const res = await callLocal("/api/dev/reminders/run", { json: { now } });
  expect(res.status).toBe(200);
  return res.json<{ sent: number; moved: number; cancelled: number; expired: number }>();
};

const remind = (eventId: string, user?: TestUser, json: unknown = { timeZone: "America/Sao_Paulo" }) =>
  call(`/api/events/${eventId}/reminder`, { method: "POST", json, cookie: user?.cookie });

let visitorSerial = 0;
const visitorEmail = () => `visitor${++visitorSerial}-${crypto.randomUUID().slice(0, 6)}@example.com`;

/** A visitor asks and confirms; returns the address. */
async function confirmedVisitor(eventId: string, locale: "en" | "pt-BR", timeZone = "America/Sao_Paulo") {
  const email = visitorEmail();
  const res = await remind(eventId, undefined, { email, locale, timeZone });
  expect(res.status).toBe(200);
  const [mail] = await mailsTo(email);
  const token = new URL(/https?:\/\/\S+/.exec(mail!.text_body)![0]).searchParams.get("token")!;
  expect((await call("/api/reminders/confirm", { json: { token } })).status).toBe(200);
  return email;
}

const decodeIcs = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));

const dateTime = (locale: string, at: number, timeZone: string) =>
  new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(at));

describe("who may ask for a reminder", () => {
  const ROLES: Role[] = ["visitor", "user", "vip", "admin", "banned"];
  it.each(ROLES)("%s: GET, POST (one click) and DELETE", async (role) => {
    const event = await addEvent();
    const user = role === "visitor" ? undefined : await createUser(role);
    const signedIn = role !== "visitor" && role !== "banned";
    const path = `/api/events/${event.id}/reminder`;

    const get = await call(path, { cookie: user?.cookie });
    expect(get.status).toBe(signedIn ? 200 : 401);
    if (signedIn) expect(await get.json()).toEqual({ reminded: false, offsets: [1440, 60] });
    else expect((await errorOf(get)).code).toBe("unauthorized");

    // A click without an address and without a live session (a banned member's is refused) is 401.
    const post = await remind(event.id, user);
    expect(post.status).toBe(signedIn ? 200 : 401);
    if (signedIn) {
      expect(await post.json()).toEqual({ status: "active", offsets: [1440, 60] });
      const [row] = await remindersOf(event.id);
      expect(row).toMatchObject({
        status: "active",
        user_id: user!.id,
        time_zone: "America/Sao_Paulo",
        sent_offsets: "[]",
        notified_start: event.eventDate.getTime(),
      });
      expect(await (await call(path, { cookie: user?.cookie })).json()).toEqual({ reminded: true, offsets: [1440, 60] });
      // A second click changes nothing.
      expect((await remind(event.id, user)).status).toBe(200);
      expect(await remindersOf(event.id)).toHaveLength(1);
    } else {
      expect(await remindersOf(event.id)).toHaveLength(0);
    }

    const del = await call(path, { method: "DELETE", cookie: user?.cookie });
    expect(del.status).toBe(signedIn ? 200 : 401);
    expect(await remindersOf(event.id)).toHaveLength(0);
    if (signedIn) expect(await (await call(path, { cookie: user?.cookie })).json()).toEqual({ reminded: false, offsets: [1440, 60] });
  });

  it("a member's reminder is in their account's language", async () => {
    const event = await addEvent();
    const user = await createUser("user");
    await D1.prepare("UPDATE users SET locale = 'pt-BR' WHERE id = ?").bind(user.id).run();
    expect((await remind(event.id, user)).status).toBe(200);
    expect((await remindersOf(event.id))[0]!.locale).toBe("pt-BR");
  });

  it("only published upcoming events: 404 draft/unknown, 409 started/cancelled", async () => {
    const user = await createUser("user");
    const draft = await addEvent({ status: "draft" });
    const cancelled = await addEvent({ status: "cancelled" });
    const past = await addEvent({ at: -HOUR });
    const visitor = { email: visitorEmail(), locale: "en", timeZone: "UTC" };
    for (const [id, status, code] of [
      [draft.id, 404, "event_not_found"],
      [crypto.randomUUID(), 404, "event_not_found"],
      ["not-an-id", 404, "event_not_found"],
      [cancelled.id, 409, "event_cancelled"],
      [past.id, 409, "event_started"],
    ] as const) {
      for (const res of [await remind(id, user), await remind(id, undefined, visitor), await call(`/api/events/${id}/reminder`, { cookie: user.cookie })]) {
        expect(res.status).toBe(status);
        expect((await errorOf(res)).code).toBe(code);
      }
    }
    expect(await mailsTo(visitor.email)).toHaveLength(0);
  });

  it("bad input is a 400 with its field", async () => {
    const event = await addEvent();
    const user = await createUser("user");
    const cases: [unknown, string, string | undefined][] = [
      [{ email: "not-an-address", locale: "en", timeZone: "UTC" }, "email_invalid", "email"],
      [{ email: visitorEmail(), locale: "fr", timeZone: "UTC" }, "invalid_input", "locale"],
      [{ email: visitorEmail(), locale: "en", timeZone: "Mars/Olympus_Mons" }, "invalid_input", "timeZone"],
      [{ email: visitorEmail(), locale: "en" }, "invalid_input", "timeZone"],
    ];
    for (const [json, code, field] of cases) {
      const res = await remind(event.id, undefined, json);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code, field });
    }
    const member = await remind(event.id, user, { timeZone: "Nowhere/Else" });
    expect(member.status).toBe(400);
    expect(await errorOf(member)).toMatchObject({ code: "invalid_input", field: "timeZone" });
    const malformed = await call(`/api/events/${event.id}/reminder`, { method: "POST", body: "{nope", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect((await call("/api/reminders/confirm", { json: { token: "short" } })).status).toBe(400);
    expect((await call("/api/reminders/confirm", { json: {} })).status).toBe(400);
    expect(await remindersOf(event.id)).toHaveLength(0);
  });
});

describe("a visitor's reminder", () => {
  it("is pending until the link is followed; a second request writes no second row and sends no second mail", async () => {
    const event = await addEvent();
    const email = visitorEmail();
    const res = await remind(event.id, undefined, { email: email.toUpperCase(), locale: "pt-BR", timeZone: "America/Sao_Paulo" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "pending", offsets: [1440, 60] });
    const [row] = await remindersOf(event.id);
    expect(row).toMatchObject({ status: "pending", locale: "pt-BR", time_zone: "America/Sao_Paulo", user_id: null });

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Confirme seu lembrete de ${event.titlePtBr}`);
    const link = new URL(/https?:\/\/\S+/.exec(mails[0]!.text_body)![0]);
    expect(link.pathname).toBe("/reminders/confirm");
    const token = link.searchParams.get("token")!;
    // Only the token's hash is stored.
    expect(row!.token_hash).toBe(await sha256Hex(token));
    expect(mails[0]!.text_body).toContain("O link vale por 7 dias.");

    const again = await remind(event.id, undefined, { email, locale: "en", timeZone: "UTC" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "pending", offsets: [1440, 60] });
    expect(await remindersOf(event.id)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);

    const confirm = await call("/api/reminders/confirm", { json: { token } });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({ eventId: event.id });
    expect((await remindersOf(event.id))[0]).toMatchObject({ status: "active", sent_offsets: "[]" });
    // The link again: the same answer, nothing changes.
    expect(await (await call("/api/reminders/confirm", { json: { token } })).json()).toEqual({ eventId: event.id });
    const wrong = await call("/api/reminders/confirm", { json: { token: "x".repeat(43) } });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe("reminder_link_invalid");
  });

  it("expires after 7 days: the link answers 410, and the pass deletes what is left", async () => {
    const event = await addEvent({ at: 20 * DAY });
    const old = "o".repeat(43);
    const created = Date.now() - 7 * DAY - MIN;
    await D1.prepare(
      "INSERT INTO event_reminders (id, event_id, email, locale, status, token_hash, notified_start, created_at) VALUES (?, ?, ?, 'en', 'pending', ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), event.id, visitorEmail(), await sha256Hex(old), event.eventDate.getTime(), created)
      .run();
    const res = await call("/api/reminders/confirm", { json: { token: old } });
    expect(res.status).toBe(410);
    expect((await errorOf(res)).code).toBe("reminder_link_expired");
    expect(await remindersOf(event.id)).toHaveLength(0);

    // A fresh one lives 7 days under the pass's clock, and is gone after.
    await remind(event.id, undefined, { email: visitorEmail(), locale: "en", timeZone: "UTC" });
    await runPass(Date.now() + 7 * DAY - 5 * MIN);
    expect(await remindersOf(event.id)).toHaveLength(1);
    await runPass(Date.now() + 7 * DAY + MIN);
    expect(await remindersOf(event.id)).toHaveLength(0);
  });

  it("visitors are rate-limited per address", async () => {
    const event = await addEvent();
    const email = visitorEmail();
    for (let i = 0; i < 5; i++) expect((await remind(event.id, undefined, { email, locale: "en", timeZone: "UTC" })).status).toBe(200);
    const res = await remind(event.id, undefined, { email, locale: "en", timeZone: "UTC" });
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe("rate_limited");
  });
});

describe("the sending pass", () => {
  it("sends nothing at 24 h − 1 min, then one mail with the .ics at 24 h, in Portuguese, in both zones; a second pass sends nothing", async () => {
    const event = await addEvent();
    const start = event.eventDate.getTime();
    const email = await confirmedVisitor(event.id, "pt-BR");
    const before = (await mailsTo(email)).length;

    await runPass(start - DAY - MIN);
    expect(await mailsTo(email)).toHaveLength(before);

    await runPass(start - DAY);
    const mails = (await mailsTo(email)).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Lembrete: ${event.titlePtBr} começa em 1 dia`);
    expect(mail.text_body).toContain(`Horário do evento: ${dateTime("pt-BR", start, "America/New_York")}`);
    expect(mail.text_body).toContain(`Seu horário: ${dateTime("pt-BR", start, "America/Sao_Paulo")}`);
    expect(mail.text_body).toContain("Onde: Starlight Ballroom, New York, NY, Estados Unidos");
    expect(mail.text_body).not.toContain("meet.example.com");
    const attachments = JSON.parse(mail.attachments ?? "null") as { filename: string; contentType: string; content: string }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ filename: "event.ics", contentType: "text/calendar; charset=utf-8" });
    const ics = decodeIcs(attachments[0]!.content);
    expect(ics).toContain(`SUMMARY:${event.titlePtBr}`);
    expect(ics).toContain(`DTSTART:${formatUtc(start)}`);
    expect(ics).toContain("STATUS:CONFIRMED");
    expect(ics).not.toContain("meet.example.com");
    expect((await remindersOf(event.id))[0]!.sent_offsets).toBe("[1440]");

    await runPass(start - DAY + 5 * MIN);
    expect((await mailsTo(email)).slice(before)).toHaveLength(1);

    // The hour before: the second offset, in English for an English reminder too.
    await runPass(start - HOUR);
    const hour = (await mailsTo(email)).slice(before);
    expect(hour).toHaveLength(2);
    expect(hour[1]!.subject).toBe(`Lembrete: ${event.titlePtBr} começa em 1 hora`);
    // Never after the start.
    await runPass(start + MIN);
    expect((await mailsTo(email)).slice(before)).toHaveLength(2);
    expect((await remindersOf(event.id))[0]!.status).toBe("done");
  });

  it("an English member gets English and their own zone", async () => {
    const event = await addEvent({ at: 2 * DAY });
    const user = await createUser("user");
    await remind(event.id, user, { timeZone: "Asia/Tokyo" });
    const start = event.eventDate.getTime();
    await runPass(start - DAY);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe(`Reminder: ${event.title} starts in 1 day`);
    expect(mail!.text_body).toContain(`Your time: ${dateTime("en", start, "Asia/Tokyo")}`);
  });

  it("a streamed show's reminder links its watch page, a virtual meet's the meets' page", async () => {
    const show = await addEvent({ at: 2 * DAY, isOnline: true });
    const meet = await addEvent({ at: 2 * DAY, isOnline: true });
    await D1.prepare("INSERT INTO live_shows (event_id, access, state, provider) VALUES (?, 'members', 'scheduled', 'local')").bind(show.id).run();
    const user = await createUser("user");
    await remind(show.id, user, { timeZone: "UTC" });
    await remind(meet.id, user, { timeZone: "UTC" });
    await runPass(show.eventDate.getTime() - DAY);
    const texts = (await mailsTo(user.email)).map((mail) => mail.text_body);
    expect(texts.filter((text) => text.includes(`/live/${show.id}`))).toHaveLength(1);
    expect(texts.filter((text) => text.includes("/virtual-meet"))).toHaveLength(1);
  });

  it("an offset already passed when the reminder was made is skipped, not sent late", async () => {
    const event = await addEvent({ at: 30 * MIN });
    const user = await createUser("user");
    await remind(event.id, user);
    expect((await remindersOf(event.id))[0]!.sent_offsets).toBe("[1440,60]");
    await runPass(Date.now());
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("two passes at once send each mail once", async () => {
    const event = await addEvent();
    const user = await createUser("user");
    await remind(event.id, user);
    const at = event.eventDate.getTime() - DAY;
    await Promise.all([runPass(at), runPass(at), runPass(at)]);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("a claim is a compare-and-set: of two passes that read the same row, only the first sends", async () => {
    const event = await addEvent();
    const user = await createUser("user");
    await remind(event.id, user);
    const [row] = await remindersOf(event.id);
    const start = event.eventDate.getTime();
    expect(await claimOffsets(db(), row!.id, start, row!.sent_offsets, [1440])).toBe(true);
    expect(await claimOffsets(db(), row!.id, start, row!.sent_offsets, [1440])).toBe(false);
    expect((await remindersOf(event.id))[0]!.sent_offsets).toBe("[1440]");
  });

  it("a moved event: one notice with the new time, the offsets start again", async () => {
    const event = await addEvent();
    const user = await createUser("user");
    await remind(event.id, user, { timeZone: "Europe/Lisbon" });
    const start = event.eventDate.getTime();
    await runPass(start - DAY);
    expect(await mailsTo(user.email)).toHaveLength(1);

    const moved = start + 2 * DAY;
    await D1.prepare("UPDATE events SET event_date = ? WHERE id = ?").bind(moved, event.id).run();
    await runPass(start - DAY + 10 * MIN);
    await runPass(start - DAY + 15 * MIN);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`New time: ${event.title}`);
    expect(mails[1]!.text_body).toContain(`Event time: ${dateTime("en", moved, "America/New_York")}`);
    expect(mails[1]!.text_body).toContain(`Your time: ${dateTime("en", moved, "Europe/Lisbon")}`);
    expect(decodeIcs((JSON.parse(mails[1]!.attachments!) as { content: string }[])[0]!.content)).toContain(`DTSTART:${formatUtc(moved)}`);
    expect((await remindersOf(event.id))[0]).toMatchObject({ notified_start: moved, sent_offsets: "[]" });

    // The day before the new start: the reminder again.
    await runPass(moved - DAY);
    expect(await mailsTo(user.email)).toHaveLength(3);
  });

  it("a cancelled event: one notice, then nothing", async () => {
    const event = await addEvent();
    const email = await confirmedVisitor(event.id, "pt-BR");
    const before = (await mailsTo(email)).length;
    await D1.prepare("UPDATE events SET status = 'cancelled' WHERE id = ?").bind(event.id).run();
    await runPass(Date.now());
    await runPass(event.eventDate.getTime() - DAY);
    const mails = (await mailsTo(email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Cancelado: ${event.titlePtBr}`);
    expect(decodeIcs((JSON.parse(mails[0]!.attachments!) as { content: string }[])[0]!.content)).toContain("STATUS:CANCELLED");
    const [row] = await remindersOf(event.id);
    expect(row!.status).toBe("done");
    expect(row!.cancel_notice_at).not.toBeNull();
  });

  it("the test clock exists only on the local machine", async () => {
    expect((await call("/api/dev/reminders/run", { json: { now: Date.now() } })).status).toBe(404);
    expect((await callLocal("/api/dev/reminders/run", { json: { now: "soon" } })).status).toBe(400);
  });
});

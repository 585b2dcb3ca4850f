// A broadcast's fan-out with its pages planned ahead (decision 062), and the sweeper the 5-minute
// cron runs. The fan-out: every member in good standing gets the announcement once, as their
// preferences say, whatever order the pages come in and however often each is delivered; banned
// and deleted members get nothing. The sweeper: a page still open FANOUT_PAGE_STALL_MS after it was
// queued is queued again (and then written once), a finished announcement is left alone, a page is
// swept at most FANOUT_MAX_SWEEPS times, and a swept page whose first message turns up after all
// writes nothing twice. Time is the cron's scheduledTime and the plan's recorded time (explicit
// clocks, no waiting); the sweeper's queue is a recording one, so what it queued is exact.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { createUser, db, type TestUser } from "./helpers";
import { recordNotificationEvent } from "../../worker/db/notifications";
import { planFanOut, writeFanOutPage } from "../../worker/db/notification-fanout";
import { handleMessage, pageMessage, type NotificationMessage } from "../../worker/services/notifications";
import { FANOUT_MAX_SWEEPS, FANOUT_PAGE_STALL_MS } from "../../worker/services/notifications/fanout-sweeper";
import { FIVE_MINUTE_CRON } from "../../worker/services/areas/area";
import type { AppEnv } from "../../worker/env";

const appEnv = env as unknown as AppEnv;
const D1 = appEnv.DB;
const MINUTE = 60_000;

/** A release to every member, recorded at `at` and planned in pages of `pageSize`, nothing queued. */
async function plannedRelease(at: number, pageSize = 2) {
  const id = `release:fanout-test:${crypto.randomUUID()}`;
  await recordNotificationEvent(db(), { id, kind: "release", actorId: null, params: { title: "Fan-out" }, link: "/music", audience: "members" }, at);
  const pages = await planFanOut(db(), id, pageSize, at);
  expect(pages.length).toBeGreaterThan(1);
  return { id, pages };
}

const rowsOf = async (eventId: string) =>
  (await D1.prepare(`SELECT user_id FROM notifications WHERE event_id = ? ORDER BY user_id`).bind(eventId).all<{ user_id: string }>()).results.map(
    (r) => r.user_id,
  );

const eventRow = (eventId: string) =>
  D1.prepare(`SELECT recipients_written, fanned_out_at FROM notification_events WHERE id = ?`)
    .bind(eventId)
    .first<{ recipients_written: number; fanned_out_at: number | null }>();

const pageRows = async (eventId: string) =>
  (
    await D1.prepare(`SELECT page, queued_at, sweeps, done_at FROM notification_fanout_pages WHERE event_id = ? ORDER BY page`)
      .bind(eventId)
      .all<{ page: number; queued_at: number; sweeps: number; done_at: number | null }>()
  ).results;

/** Every member who should get a release now, by raw SQL: in good standing and not opted out everywhere. */
async function expectedRecipients(now: number) {
  const { results } = await D1.prepare(
    `SELECT u.id FROM users u
     WHERE (u.status <> 'banned' OR (u.banned_until IS NOT NULL AND u.banned_until <= ?1))
       AND NOT EXISTS (SELECT 1 FROM notification_preferences np WHERE np.user_id = u.id AND np.kind = 'release' AND np.in_app = 0 AND np.push = 0 AND np.email = 0)
     ORDER BY u.id`,
  )
    .bind(now)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Runs the 5-minute cron at `at` with a queue that records what it is sent. */
async function cronAt(at: number): Promise<NotificationMessage[]> {
  const queued: NotificationMessage[] = [];
  const recording = {
    send: async (body: NotificationMessage) => void queued.push(body),
    sendBatch: async (messages: { body: NotificationMessage }[]) => void queued.push(...messages.map((m) => m.body)),
  };
  await worker.scheduled(
    createScheduledController({ scheduledTime: at, cron: FIVE_MINUTE_CRON }),
    { ...appEnv, NOTIFY_QUEUE: recording } as unknown as AppEnv,
    createExecutionContext(),
  );
  return queued;
}

const fanOutMessages = (queued: NotificationMessage[], eventId: string) => queued.filter((m) => m.type === "fanout_page" && m.eventId === eventId);

describe("a broadcast's fan-out", () => {
  it("reaches every member in good standing once, as their preferences say, whatever the order and however often a page comes", async () => {
    const now = Date.now();
    const member = await createUser("user");
    const vip = await createUser("vip");
    const admin = await createUser("admin");
    const banned = await createUser("banned");
    const banEnded = await createUser("banned");
    await D1.prepare(`UPDATE users SET banned_until = ? WHERE id = ?`)
      .bind(now - MINUTE, banEnded.id)
      .run();
    const stillBanned = await createUser("banned");
    await D1.prepare(`UPDATE users SET banned_until = ? WHERE id = ?`)
      .bind(now + 60 * MINUTE, stillBanned.id)
      .run();
    const offEverywhere = await createUser("user");
    await D1.prepare(`INSERT INTO notification_preferences (user_id, kind, in_app, push, email) VALUES (?, 'release', 0, 0, 0)`).bind(offEverywhere.id).run();
    const mailOnly = await createUser("user");
    await D1.prepare(`INSERT INTO notification_preferences (user_id, kind, in_app, push, email) VALUES (?, 'release', 0, 0, 1)`).bind(mailOnly.id).run();
    const deleted = await createUser("user");

    const { id, pages } = await plannedRelease(now);
    // A member deleted after the plan: their page finds no row for them.
    await D1.prepare(`DELETE FROM users WHERE id = ?`).bind(deleted.id).run();
    const expected = await expectedRecipients(now);

    // Pages queued ahead arrive in any order; each is delivered twice (a redelivery).
    for (const page of [...pages].reverse()) {
      await handleMessage(appEnv, db(), pageMessage(page));
      await handleMessage(appEnv, db(), pageMessage(page));
    }
    const rows = await rowsOf(id);
    expect(rows).toEqual(expected);
    expect(new Set(rows).size).toBe(rows.length);
    for (const reached of [member, vip, admin, banEnded, mailOnly]) expect(rows).toContain(reached.id);
    for (const left of [banned, stillBanned, offEverywhere, deleted] as TestUser[]) expect(rows).not.toContain(left.id);
    const event = await eventRow(id);
    expect(event!.recipients_written).toBe(rows.length);
    expect(event!.fanned_out_at).not.toBeNull();
    expect((await pageRows(id)).every((p) => p.done_at !== null)).toBe(true);
  });

  it("is fanned out only when its last open page is written, in whatever order", async () => {
    const { id, pages } = await plannedRelease(Date.now());
    const [first, ...rest] = pages;
    for (const page of rest) expect(await writeFanOutPage(db(), page)).toMatchObject({ status: "written", finished: false });
    expect((await eventRow(id))!.fanned_out_at).toBeNull();
    expect(await writeFanOutPage(db(), first!)).toMatchObject({ status: "written", finished: true });
    expect((await eventRow(id))!.fanned_out_at).not.toBeNull();
  });
});

describe("the fan-out sweeper (5-minute cron)", () => {
  it("queues again a page still open after FANOUT_PAGE_STALL_MS, and that page is written once", async () => {
    const t0 = Date.now();
    const { id, pages } = await plannedRelease(t0);
    const lost = pages[1]!;
    for (const page of pages) if (page !== lost) await writeFanOutPage(db(), page, t0);
    expect((await eventRow(id))!.fanned_out_at).toBeNull();

    // Not yet: a page only slow to come is not queued again.
    expect(fanOutMessages(await cronAt(t0 + 5 * MINUTE), id)).toEqual([]);
    expect((await pageRows(id))[1]).toMatchObject({ queued_at: t0, sweeps: 0, done_at: null });

    const swept = fanOutMessages(await cronAt(t0 + FANOUT_PAGE_STALL_MS), id);
    expect(swept).toEqual([pageMessage(lost)]);
    expect((await pageRows(id))[1]).toMatchObject({ queued_at: t0 + FANOUT_PAGE_STALL_MS, sweeps: 1, done_at: null });
    // The next pass, five minutes on, leaves the page it just queued alone.
    expect(fanOutMessages(await cronAt(t0 + FANOUT_PAGE_STALL_MS + 5 * MINUTE), id)).toEqual([]);

    await handleMessage(appEnv, db(), swept[0]!);
    const rows = await rowsOf(id);
    expect(rows).toEqual(await expectedRecipients(t0));
    const event = await eventRow(id);
    expect(event!.fanned_out_at).not.toBeNull();
    expect(event!.recipients_written).toBe(rows.length);

    // The first message for that page turns up after all: nothing is written twice.
    await handleMessage(appEnv, db(), pageMessage(lost));
    expect(await rowsOf(id)).toEqual(rows);
    expect((await eventRow(id))!.recipients_written).toBe(rows.length);
  });

  it("leaves a finished announcement alone, however old", async () => {
    const t0 = Date.now();
    const { id, pages } = await plannedRelease(t0);
    for (const page of pages) await writeFanOutPage(db(), page, t0);
    const before = await pageRows(id);
    expect(fanOutMessages(await cronAt(t0 + 24 * 60 * MINUTE), id)).toEqual([]);
    expect(await pageRows(id)).toEqual(before);
  });

  it(`queues a page again at most ${FANOUT_MAX_SWEEPS} times, then leaves it to the dead letters`, async () => {
    const t0 = Date.now();
    const { id, pages } = await plannedRelease(t0);
    for (const page of pages.slice(1)) await writeFanOutPage(db(), page, t0);
    let sweeps = 0;
    for (let pass = 1; pass <= FANOUT_MAX_SWEEPS + 2; pass++) sweeps += fanOutMessages(await cronAt(t0 + pass * FANOUT_PAGE_STALL_MS), id).length;
    expect(sweeps).toBe(FANOUT_MAX_SWEEPS);
    expect((await pageRows(id))[0]).toMatchObject({ sweeps: FANOUT_MAX_SWEEPS, done_at: null });
  });

  it("through the real queue: the cron's message reaches the consumer, which finishes the announcement", async () => {
    const t0 = Date.now() - FANOUT_PAGE_STALL_MS;
    const { id, pages } = await plannedRelease(t0);
    for (const page of pages.slice(0, -1)) await writeFanOutPage(db(), page, t0);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: FIVE_MINUTE_CRON }), env, createExecutionContext());
    await vi.waitFor(
      async () => {
        expect((await eventRow(id))!.fanned_out_at).not.toBeNull();
      },
      { timeout: 10_000, interval: 100 },
    );
    const rows = await rowsOf(id);
    expect(rows).toEqual(await expectedRecipients(t0));
    expect((await eventRow(id))!.recipients_written).toBe(rows.length);
  });
});

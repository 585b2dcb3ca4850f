// Membership notifications through the Worker: payment_failed (a verified
// invoice.payment_failed, once per invoice), vip_granted and vip_ended (paid VIP starting or
// ending, the back office's comp, a grace period running out in the cron), renewal_soon (the
// hourly cron, once per period), and meet_soon (the 5-minute cron). The urgent kinds are mailed
// at once, in the member's language, once however often the queue delivers them.
import { env } from "cloudflare:workers";
import { createScheduledController, createExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { call, createUser, db } from "./helpers";
import { deliver, invoiceEvent, subscribeViaEvents, subscriptionEvent, DAY_MS } from "./payments-fixtures";
import { events } from "../../worker/db/schema/events";
import { listeningParties } from "../../worker/db/schema/music";
import { mailOutbox } from "../../worker/db/schema/mail";
import { users } from "../../worker/db/schema/accounts";
import { handleMessage } from "../../worker/services/notifications";
import { recordNotificationEvent } from "../../worker/db/notifications";
import { sendRenewalReminders } from "../../worker/services/notifications/membership";
import { announceMeetsStartingSoon } from "../../worker/services/notifications/scheduled";
import { FIVE_MINUTE_CRON } from "../../worker/services/areas/area";
import type { NotificationKind } from "../../worker/contracts/notifications";
import type { AppEnv } from "../../worker/env";

const appEnv = env as unknown as AppEnv;
const MINUTE = 60 * 1000;

type Row = { id: string; kind: NotificationKind; params: string; link: string; emailed_at: number | null };

/** The member's notifications as stored (kind, event id, params), newest event first. */
async function notificationsOf(userId: string, kind?: NotificationKind): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    `SELECT e.id, e.kind, e.params, e.link, n.emailed_at FROM notifications n JOIN notification_events e ON e.id = n.event_id
     WHERE n.user_id = ?1 AND (?2 IS NULL OR e.kind = ?2) ORDER BY e.created_at DESC`,
  )
    .bind(userId, kind ?? null)
    .all<Row>();
  return results;
}

const waitForKind = (userId: string, kind: NotificationKind, count = 1) =>
  vi.waitFor(
    async () => {
      const rows = await notificationsOf(userId, kind);
      expect(rows).toHaveLength(count);
      return rows;
    },
    { timeout: 5000, interval: 50 },
  );

const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).all();

const waitForMails = (to: string, count: number) =>
  vi.waitFor(
    async () => {
      const mails = await mailsTo(to);
      expect(mails).toHaveLength(count);
      return mails;
    },
    { timeout: 5000, interval: 50 },
  );

const speaks = (userId: string, locale: "en" | "pt-BR") => db().update(users).set({ locale }).where(eq(users.id, userId));

/** invoice.payment_failed for the subscription, as Stripe sends it (the invoice's own id kept). */
const failedInvoice = (sub: { id: string; customerId: string }, createdMs = Date.now()) =>
  invoiceEvent("invoice.payment_failed", { subscriptionId: sub.id, customerId: sub.customerId }, createdMs);

describe("paid VIP: vip_granted, payment_failed, vip_ended", () => {
  it("a new subscription notifies vip_granted to its member only, not urgent (no mail)", async () => {
    const member = await createUser("user");
    const other = await createUser("user");
    await subscribeViaEvents(member.id);
    const [row] = await waitForKind(member.id, "vip_granted");
    expect(row).toMatchObject({ link: "/vip-signup", emailed_at: null });
    expect(row!.id).toMatch(/^vip_granted:evt_test_/);
    expect(await notificationsOf(other.id)).toHaveLength(0);
    expect(await mailsTo(member.email)).toHaveLength(0);
  });

  it("a failed payment notifies and mails a pt-BR member in Portuguese, once per invoice however often Stripe retries it", async () => {
    const member = await createUser("user");
    await speaks(member.id, "pt-BR");
    const sub = await subscribeViaEvents(member.id);
    await waitForKind(member.id, "vip_granted");

    const failure = failedInvoice(sub);
    const invoiceId = (failure.data.object as { id: string }).id;
    expect(await deliver(failure)).toEqual(["applied"]);
    const [row] = await waitForKind(member.id, "payment_failed");
    expect(row!.id).toBe(`payment_failed:${invoiceId}`);
    const [mail] = await waitForMails(member.email, 1);
    expect(mail!.subject).toBe("O pagamento do seu VIP falhou");
    expect(mail!.text).toContain("Atualize seu cartão");
    expect(mail!.text).toContain("https://freestylelovers.example/vip-signup");
    expect(mail!.text).toContain("https://freestylelovers.example/settings#notifications");
    await vi.waitFor(async () => expect((await notificationsOf(member.id, "payment_failed"))[0]!.emailed_at).not.toBeNull(), { timeout: 5000, interval: 50 });

    // Stripe's next attempt at the same invoice is a new event: applied, but the same notification.
    expect(await deliver({ ...failure, id: `${failure.id}_retry`, created: failure.created + 60 })).toEqual(["applied"]);
    // The queue delivering the message again writes nothing and mails nobody.
    await handleMessage(appEnv, db(), { type: "deliver", eventId: row!.id, userIds: [member.id] });
    expect(await notificationsOf(member.id, "payment_failed")).toHaveLength(1);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it("a failed invoice for a subscription that already ended notifies nothing", async () => {
    const member = await createUser("user");
    const sub = await subscribeViaEvents(member.id);
    await deliver(subscriptionEvent("deleted", { ...sub, status: "canceled" }));
    await waitForKind(member.id, "vip_ended");
    const failure = failedInvoice(sub);
    expect(await deliver(failure)).toEqual(["applied"]);
    // A later change's notification arrives; none for the failed invoice was queued before it.
    await subscribeViaEvents(member.id);
    await waitForKind(member.id, "vip_granted", 2);
    const failed = await env.DB.prepare(`SELECT count(*) AS n FROM notification_events WHERE id = ?`)
      .bind(`payment_failed:${(failure.data.object as { id: string }).id}`)
      .first<{ n: number }>();
    expect(failed?.n).toBe(0);
    expect(await notificationsOf(member.id, "payment_failed")).toHaveLength(0);
  });

  it("a subscription that ends notifies vip_ended and mails it at once, in English for an English member", async () => {
    const member = await createUser("user");
    const sub = await subscribeViaEvents(member.id);
    await waitForKind(member.id, "vip_granted");
    await deliver(subscriptionEvent("deleted", { ...sub, status: "canceled" }));
    await waitForKind(member.id, "vip_ended");
    const [mail] = await waitForMails(member.email, 1);
    expect(mail!.subject).toBe("Your VIP membership ended");
  });

  it("a paused member gets the urgent notification in the centre but no mail; an unpaused one is mailed", async () => {
    const paused = await createUser("user");
    const active = await createUser("user");
    await env.DB.prepare(`INSERT INTO notification_settings (user_id, paused) VALUES (?, 1)`).bind(paused.id).run();
    const eventId = `vip_ended:test:${crypto.randomUUID()}`;
    await recordNotificationEvent(db(), { id: eventId, kind: "vip_ended", actorId: null, params: {}, link: "/vip-signup" });
    // The consumer's handler, run here to its end (the queue is not involved).
    await handleMessage(appEnv, db(), { type: "deliver", eventId, userIds: [paused.id, active.id] });
    expect(await notificationsOf(paused.id, "vip_ended")).toMatchObject([{ id: eventId, emailed_at: null }]);
    expect(await mailsTo(paused.email)).toHaveLength(0);
    expect(await mailsTo(active.email)).toHaveLength(1);
    expect((await notificationsOf(active.id, "vip_ended"))[0]!.emailed_at).not.toBeNull();
  });

  it("the cron ending a grace period notifies vip_ended once, however often it runs", async () => {
    const member = await createUser("user");
    const sub = await subscribeViaEvents(member.id, { createdMs: Date.now() - 31 * DAY_MS });
    await deliver(failedInvoice(sub, Date.now() - 2 * DAY_MS));
    await waitForKind(member.id, "payment_failed");
    const later = Date.now() + 1.5 * DAY_MS;
    await worker.scheduled(createScheduledController({ scheduledTime: later, cron: "0 * * * *" }), env, createExecutionContext());
    await worker.scheduled(createScheduledController({ scheduledTime: later + 60 * MINUTE, cron: "0 * * * *" }), env, createExecutionContext());
    const [row] = await waitForKind(member.id, "vip_ended");
    expect(row!.id).toBe(`vip_ended:grace:${member.id}:${later}`);
    await waitForMails(member.email, 2); // payment_failed, then vip_ended
  });
});

describe("complimentary VIP from the back office", () => {
  const setComp = (target: string, comp: boolean, cookie: string) => call(`/api/admin/users/${target}/vip`, { method: "PUT", json: { comp }, cookie });

  it("granting a comp notifies vip_granted, removing it vip_ended (mailed); the admin gets nothing", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    expect((await setComp(member.id, true, admin.cookie)).status).toBe(200);
    const [granted] = await waitForKind(member.id, "vip_granted");
    expect(granted!.id).toMatch(new RegExp(`^vip_granted:comp:${member.id}:\\d+$`));
    expect((await setComp(member.id, false, admin.cookie)).status).toBe(200);
    await waitForKind(member.id, "vip_ended");
    await waitForMails(member.email, 1);
    expect(await notificationsOf(admin.id)).toHaveLength(0);
  });

  it("a comp given to a paying VIP, and taken back, changes nothing for them: no notification", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    await subscribeViaEvents(member.id);
    await waitForKind(member.id, "vip_granted");
    expect((await setComp(member.id, true, admin.cookie)).status).toBe(200);
    expect((await setComp(member.id, false, admin.cookie)).status).toBe(200);
    // The back office records a comp's notification before it answers: none was recorded.
    const comps = await env.DB.prepare(`SELECT count(*) AS n FROM notification_events WHERE id LIKE ?`).bind(`%:comp:${member.id}:%`).first<{ n: number }>();
    expect(comps?.n).toBe(0);
    expect((await notificationsOf(member.id)).map((r) => r.kind)).toEqual(["vip_granted"]);
  });
});

describe("renewal_soon from the hourly cron", () => {
  it("reminds 3 days ahead, once per period, with the renewal date; not a cancelling or far-off one", async () => {
    const now = Date.now();
    const soon = await createUser("user");
    const far = await createUser("user");
    const cancelling = await createUser("user");
    const soonEnd = now + 2 * DAY_MS;
    const soonSub = await subscribeViaEvents(soon.id, { periodEndMs: soonEnd });
    await subscribeViaEvents(far.id, { periodEndMs: now + 10 * DAY_MS });
    const cancelSub = await subscribeViaEvents(cancelling.id, { periodEndMs: now + 2 * DAY_MS });
    await deliver(subscriptionEvent("updated", { ...cancelSub, periodEndMs: now + 2 * DAY_MS, cancelAtPeriodEnd: true }));

    await sendRenewalReminders(appEnv, db(), now);
    await sendRenewalReminders(appEnv, db(), now + 60 * MINUTE);
    const [row] = await waitForKind(soon.id, "renewal_soon");
    const periodEnd = Math.floor(soonEnd / 1000) * 1000; // Stripe speaks seconds
    expect(row!.id).toBe(`renewal_soon:${soonSub.id}:${periodEnd}`);
    expect(JSON.parse(row!.params)).toEqual({ at: new Date(periodEnd).toISOString() });
    expect(await notificationsOf(far.id, "renewal_soon")).toHaveLength(0);
    expect(await notificationsOf(cancelling.id, "renewal_soon")).toHaveLength(0);

    // The next period (renewed) is a new key: reminded again near its own end.
    const nextEnd = soonEnd + 30 * DAY_MS;
    await deliver(invoiceEvent("invoice.paid", { subscriptionId: soonSub.id, customerId: soonSub.customerId, periodEndMs: nextEnd }));
    await deliver(subscriptionEvent("updated", { ...soonSub, periodEndMs: nextEnd }));
    await sendRenewalReminders(appEnv, db(), nextEnd - 2 * DAY_MS);
    await waitForKind(soon.id, "renewal_soon", 2);
  });
});

describe("meet_soon from the 5-minute cron", () => {
  async function onlineEvent(startsAt: number, title: string) {
    const id = crypto.randomUUID();
    await db()
      .insert(events)
      .values({ id, title, eventDate: new Date(startsAt), status: "published", isOnline: true, joinUrl: "https://meet.example/x" });
    return id;
  }
  async function party(startsAt: number, vipOnly: boolean, title: string) {
    const id = crypto.randomUUID();
    await db()
      .insert(listeningParties)
      .values({ id, title, sourceType: "album", sourceTitle: "A", tracks: [], durationSeconds: 60, startsAt: new Date(startsAt), vipOnly });
    return id;
  }

  it("announces a virtual meet to VIPs and an open party to every member, once per start time", async () => {
    // Far in the future so no other test's meets fall into this window.
    const now = Date.UTC(2031, 0, 1, 12, 0);
    const vip = await createUser("vip");
    const member = await createUser("user");
    const meetId = await onlineEvent(now + 10 * MINUTE, "Meet the artist");
    const openParty = await party(now + 14 * MINUTE, false, "Album night");
    const vipParty = await party(now + 5 * MINUTE, true, "VIP night");
    await party(now + 20 * MINUTE, false, "Later party"); // not yet
    await onlineEvent(now - MINUTE, "Started already");

    // Through the Worker's scheduled handler, as the 5-minute cron calls it; then again.
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: FIVE_MINUTE_CRON }), env, createExecutionContext());
    expect(await announceMeetsStartingSoon(appEnv, db(), now + MINUTE)).toBe(0);

    const vipRows = await waitForKind(vip.id, "meet_soon", 3);
    expect(vipRows.map((r) => r.id).sort()).toEqual(
      [
        `meet_soon:event:${meetId}:${now + 10 * MINUTE}`,
        `meet_soon:party:${openParty}:${now + 14 * MINUTE}`,
        `meet_soon:party:${vipParty}:${now + 5 * MINUTE}`,
      ].sort(),
    );
    const memberRows = await waitForKind(member.id, "meet_soon", 1);
    expect(memberRows[0]).toMatchObject({ id: `meet_soon:party:${openParty}:${now + 14 * MINUTE}`, link: `/parties/${openParty}` });
    expect(JSON.parse(memberRows[0]!.params)).toEqual({ title: "Album night", at: new Date(now + 14 * MINUTE).toISOString() });

    // Rescheduled: a new start time is announced again.
    await db()
      .update(events)
      .set({ eventDate: new Date(now + 12 * MINUTE) })
      .where(eq(events.id, meetId));
    expect(await announceMeetsStartingSoon(appEnv, db(), now + 2 * MINUTE)).toBe(1);
    await waitForKind(vip.id, "meet_soon", 4);
  });

  it("the hourly cron does not announce meets; the 5-minute one does", async () => {
    const now = Date.UTC(2032, 0, 1, 12, 0);
    const vip = await createUser("vip");
    const meetId = await onlineEvent(now + 10 * MINUTE, "Hourly check");
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "0 * * * *" }), env, createExecutionContext());
    const recorded = await env.DB.prepare(`SELECT count(*) AS n FROM notification_events WHERE id = ?`)
      .bind(`meet_soon:event:${meetId}:${now + 10 * MINUTE}`)
      .first<{ n: number }>();
    expect(recorded?.n).toBe(0);
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: FIVE_MINUTE_CRON }), env, createExecutionContext());
    await waitForKind(vip.id, "meet_soon", 1);
  });
});

// The daily e-mail digest through the Worker: at most one mail a day per member,
// in their language, listing up to 10 unread notifications not yet e-mailed of kinds they want by
// e-mail, with links to the centre and the settings; paused, unverified and uninterested members
// get none; a second cron run mails nobody again.
import { env } from "cloudflare:workers";
import { createScheduledController, createExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { createUser, db, type TestUser } from "./helpers";
import { mailOutbox } from "../../worker/db/schema/mail";
import { users } from "../../worker/db/schema/accounts";
import { deliverNotification, markRead, recordNotificationEvent } from "../../worker/db/notifications";
import { DIGEST_INTERVAL_MS, sendDailyDigests } from "../../worker/services/notifications/digest";
import type { NotificationKind, NotificationParams } from "../../worker/contracts/notifications";
import type { AppEnv } from "../../worker/env";

const appEnv = env as unknown as AppEnv;
const HOUR = 60 * 60 * 1000;
const SITE = "https://freestylelovers.example";

const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).all();

/** Gives the members a notification straight away (the consumer's own write, without the queue). */
async function notify(members: TestUser[], kind: NotificationKind, params: NotificationParams, at: number, link = "/music/catalog/x") {
  const id = `${kind}:digest-test:${crypto.randomUUID()}`;
  await recordNotificationEvent(db(), { id, kind, actorId: null, params, link }, at);
  await deliverNotification(
    db(),
    id,
    members.map((m) => m.id),
    at,
  );
  return id;
}

const emailedAt = async (userId: string) => {
  const { results } = await env.DB.prepare(`SELECT emailed_at FROM notifications WHERE user_id = ? ORDER BY created_at`)
    .bind(userId)
    .all<{ emailed_at: number | null }>();
  return results.map((r) => r.emailed_at);
};
const digestSentAt = async (userId: string) =>
  (await env.DB.prepare(`SELECT digest_sent_at FROM notification_settings WHERE user_id = ?`).bind(userId).first<{ digest_sent_at: number | null }>())
    ?.digest_sent_at ?? null;

describe("daily e-mail digest", () => {
  it("mails a pt-BR member once, in Portuguese, with links to the centre and the settings; a second run mails nothing", async () => {
    const member = await createUser("user");
    await db().update(users).set({ locale: "pt-BR" }).where(eq(users.id, member.id));
    const t0 = Date.now();
    await notify([member], "release", { title: "Night Moves" }, t0 - 2 * HOUR);
    await notify([member], "event", { title: "São Paulo" }, t0 - HOUR, "/events"); // event: e-mail off by default

    expect(await sendDailyDigests(appEnv, db(), t0)).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailsTo(member.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("1 nova notificação em Freestyle Lovers");
    expect(mail!.text).toContain("• Novo lançamento\n  Night Moves\n  https://freestylelovers.example/music/catalog/x");
    expect(mail!.text).not.toContain("São Paulo");
    expect(mail!.text).toContain(`Veja todas:\n${SITE}/notifications`);
    expect(mail!.text).toContain(`${SITE}/settings#notifications`);
    expect(await emailedAt(member.id)).toEqual([t0, null]);
    expect(await digestSentAt(member.id)).toBe(t0);

    // Again an hour later, with something new: not before a day has passed.
    await notify([member], "reply", { excerpt: "boa!" }, t0 + 30 * 60 * 1000, "/social/post/p");
    await sendDailyDigests(appEnv, db(), t0 + HOUR);
    expect(await mailsTo(member.email)).toHaveLength(1);
    // A day later: the new one only.
    await sendDailyDigests(appEnv, db(), t0 + DIGEST_INTERVAL_MS);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.text).find((t) => t.includes("boa!"))).not.toContain("Night Moves");
  });

  it("lists the newest 10 and says how many more (English member), then marks all of them e-mailed", async () => {
    const member = await createUser("user");
    const t0 = Date.now();
    for (let i = 0; i < 12; i++) await notify([member], "release", { title: `Album ${i}` }, t0 - (12 - i) * 60 * 1000);
    await sendDailyDigests(appEnv, db(), t0);
    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toBe("12 new notifications on Freestyle Lovers");
    expect(mail!.text).toContain("Album 11");
    expect(mail!.text).toContain("Album 2");
    expect(mail!.text).not.toContain("Album 1\n");
    expect(mail!.text).toContain("…and 2 more.");
    expect((await emailedAt(member.id)).every((at) => at === t0)).toBe(true);
  });

  it("only the right members: not paused, verified, wanting the kind by e-mail, still unread", async () => {
    const t0 = Date.now();
    const paused = await createUser("user");
    const unverified = await createUser("user", { unverified: true });
    const likesOnly = await createUser("user");
    const readIt = await createUser("user");
    const optedOut = await createUser("user");
    const wanted = await createUser("user");
    await env.DB.prepare(`INSERT INTO notification_settings (user_id, paused) VALUES (?, 1)`).bind(paused.id).run();
    await env.DB.prepare(`INSERT INTO notification_preferences (user_id, kind, in_app, push, email) VALUES (?, 'release', 1, 1, 0)`).bind(optedOut.id).run();
    await env.DB.prepare(`INSERT INTO notification_preferences (user_id, kind, in_app, push, email) VALUES (?, 'event', 1, 0, 1)`).bind(wanted.id).run();
    await notify([paused, unverified, readIt, optedOut], "release", { title: "R" }, t0 - HOUR);
    await notify([likesOnly, wanted], "event", { title: "E" }, t0 - HOUR, "/events");
    const { results } = await env.DB.prepare(`SELECT id FROM notifications WHERE user_id = ?`).bind(readIt.id).all<{ id: string }>();
    await markRead(db(), readIt.id, results[0]!.id);

    // Through the hourly cron, twice: once is all.
    await worker.scheduled(createScheduledController({ scheduledTime: t0, cron: "0 * * * *" }), env, createExecutionContext());
    await worker.scheduled(createScheduledController({ scheduledTime: t0 + HOUR, cron: "0 * * * *" }), env, createExecutionContext());
    for (const nobody of [paused, unverified, likesOnly, readIt, optedOut]) expect(await mailsTo(nobody.email)).toHaveLength(0);
    const mails = await mailsTo(wanted.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("• New event\n  E\n  https://freestylelovers.example/events");
    expect(await digestSentAt(paused.id)).toBeNull();
    expect(await emailedAt(paused.id)).toEqual([null]);
  });

  it("an urgent notification already mailed is not in the digest", async () => {
    const member = await createUser("user");
    const t0 = Date.now();
    await notify([member], "payment_failed", {}, t0 - HOUR, "/vip-signup");
    await env.DB.prepare(`UPDATE notifications SET emailed_at = ? WHERE user_id = ?`)
      .bind(t0 - HOUR, member.id)
      .run();
    await sendDailyDigests(appEnv, db(), t0);
    expect(await mailsTo(member.email)).toHaveLength(0);
  });
});

// Issuing upgrade and win-back offers (decision 101): off by default; eligibility by each engagement
// threshold (all non-zero ones met); one offer per member in 90 days, however many runs race; one
// win-back offer ever to a lapsed member; delivery as a tier_offer notification, mailed at once in
// the member's language unless their preferences turned that mail off. Rows are written and read
// with raw SQL; the clock is fake (Date only) for the 7- and 90-day windows.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createUser, db, type TestUser } from "./helpers";
import { D1, DAY, exec, freezeClock, rows, setClock } from "./check-in-fixtures";
import { insertPaidOrder } from "./paid-order-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { issueTierOffers } from "../../worker/services/tier-offers/issue";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { CRON_JOBS, runCronJobs } from "../../worker/services/cron";
import { HOURLY_CRON } from "../../worker/services/areas/area";
import { DEFAULT_OFFER_SETTINGS, type OfferSettings } from "../../worker/contracts/tiers/offers-model";
import { mailOutbox } from "../../worker/db/schema/mail";
import type { AppEnv } from "../../worker/env";

const appEnv = env as unknown as AppEnv;
/** Friday 20 November 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

type OfferRow = { kind: string; tier_id: string; percent_off: number; issued_at: number; expires_at: number; claimed_at: number | null };
const offersOf = (userId: string) =>
  rows<OfferRow>("SELECT kind, tier_id, percent_off, issued_at, expires_at, claimed_at FROM tier_offers WHERE user_id = ?1 ORDER BY issued_at", userId);

async function saveSettings(patch: Partial<OfferSettings>) {
  const settings = { ...DEFAULT_OFFER_SETTINGS, ...patch };
  await exec(
    "INSERT INTO site_settings (key, value, updated_at) VALUES ('offers.settings', ?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    JSON.stringify(settings),
    NOW,
  );
}
const noThresholds = { plays: 0, likes: 0, eventsAttended: 0, purchases: 0 };

const issue = (at = Date.now()) => issueTierOffers(appEnv, db(), at);

async function plays(userId: string, n: number) {
  for (let i = 0; i < n; i++) await exec("INSERT INTO track_plays (user_id, track_id, played_at) VALUES (?1, ?2, ?3)", userId, `track-${i}`, NOW - DAY);
}
async function likes(userId: string, n: number) {
  for (let i = 0; i < n; i++) {
    const postId = crypto.randomUUID();
    const author = await createUser("user");
    await exec("INSERT INTO posts (id, user_id, content) VALUES (?1, ?2, 'Hello fans')", postId, author.id);
    await exec("INSERT INTO post_likes (post_id, user_id) VALUES (?1, ?2)", postId, userId);
  }
}
async function ticket(userId: string, checkedIn: boolean) {
  const eventId = await seedTicketEvent();
  const ticketTypeId = await seedTicketType(eventId);
  await insertIssuedTickets({ eventId, ticketTypeId, userId, checkedInAt: checkedIn ? NOW - DAY : null });
}
/** A member who had a paid tier and is free again (the history syncUserMembership writes). */
async function lapse(user: TestUser, tierId = "vip") {
  await exec("INSERT INTO membership_tier_changes (user_id, from_tier_id, to_tier_id, changed_at) VALUES (?1, NULL, ?2, ?3)", user.id, tierId, NOW - 60 * DAY);
  await exec("INSERT INTO membership_tier_changes (user_id, from_tier_id, to_tier_id, changed_at) VALUES (?1, ?2, NULL, ?3)", user.id, tierId, NOW - 5 * DAY);
}

beforeEach(async () => {
  await D1.prepare("DELETE FROM site_settings").run();
  freezeClock(NOW);
});
afterEach(() => vi.useRealTimers());

describe("offers are off by default", () => {
  it("issues nothing with no saved settings, even to a member who engaged a lot", async () => {
    const fan = await createUser("user");
    await plays(fan.id, 30);
    await likes(fan.id, 5);
    const lapsed = await createUser("user");
    await lapse(lapsed);
    expect(await issue()).toEqual([]);
    expect(await offersOf(fan.id)).toEqual([]);
    expect(await offersOf(lapsed.id)).toEqual([]);
  });

  it("is the payments area's hourly cron work: a run issues the offers the settings call for", async () => {
    expect(CRON_JOBS.filter((j) => j.name === "payments: tier offers").map((j) => j.cron)).toEqual([HOURLY_CRON]);
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, plays: 2 }, percentOff: 25 });
    const fan = await createUser("user");
    await plays(fan.id, 2);
    await runCronJobs(CRON_JOBS, HOURLY_CRON, { env: appEnv, db: db(), scheduledTime: NOW });
    expect(await offersOf(fan.id)).toEqual([{ kind: "upgrade", tier_id: "vip", percent_off: 25, issued_at: NOW, expires_at: NOW + 7 * DAY, claimed_at: null }]);
  });
});

describe("eligibility: each non-zero threshold must be met", () => {
  it("plays", async () => {
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, plays: 3 } });
    const short = await createUser("user");
    const enough = await createUser("user");
    await plays(short.id, 2);
    await plays(enough.id, 3);
    await issue();
    expect(await offersOf(short.id)).toEqual([]);
    expect(await offersOf(enough.id)).toHaveLength(1);
  });

  it("likes", async () => {
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, likes: 2 } });
    const short = await createUser("user");
    const enough = await createUser("user");
    await likes(short.id, 1);
    await likes(enough.id, 2);
    await issue();
    expect(await offersOf(short.id)).toEqual([]);
    expect(await offersOf(enough.id)).toHaveLength(1);
  });

  it("events attended: a ticket counts once it was checked in at the door", async () => {
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, eventsAttended: 1 } });
    const bought = await createUser("user");
    const attended = await createUser("user");
    await ticket(bought.id, false);
    await ticket(attended.id, true);
    await issue();
    expect(await offersOf(bought.id)).toEqual([]);
    expect(await offersOf(attended.id)).toHaveLength(1);
  });

  it("purchases: paid orders, refunded ones left out", async () => {
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, purchases: 1 } });
    const refunded = await createUser("user");
    const buyer = await createUser("user");
    const order = await insertPaidOrder(D1, { userId: refunded.id });
    await exec("UPDATE orders SET status = 'refunded', refunded_cents = total_cents WHERE id = ?1", order.orderId);
    await insertPaidOrder(D1, { userId: buyer.id });
    await issue();
    expect(await offersOf(refunded.id)).toEqual([]);
    expect(await offersOf(buyer.id)).toHaveLength(1);
  });

  it("every non-zero threshold together: meeting one of two is not enough", async () => {
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, plays: 1, likes: 1 } });
    const onlyPlays = await createUser("user");
    const both = await createUser("user");
    await plays(onlyPlays.id, 5);
    await plays(both.id, 1);
    await likes(both.id, 1);
    await issue();
    expect(await offersOf(onlyPlays.id)).toEqual([]);
    expect(await offersOf(both.id)).toHaveLength(1);
  });

  it("only free, active members who are not administrators: VIP, Inner Circle, admin, banned and door staff as their tier says", async () => {
    await D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
    ).run();
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, plays: 1 } });
    const members = {
      vip: await createUser("vip"),
      inner: await createUser("vip", { tierId: "inner-circle" }),
      admin: await createUser("admin"),
      banned: await createUser("banned"),
      door: await createUser("user"),
    };
    await exec("UPDATE users SET is_door_staff = 1 WHERE id = ?1", members.door.id);
    for (const m of Object.values(members)) await plays(m.id, 1);
    await issue();
    expect({
      vip: await offersOf(members.vip.id),
      inner: await offersOf(members.inner.id),
      admin: await offersOf(members.admin.id),
      banned: await offersOf(members.banned.id),
      door: (await offersOf(members.door.id)).length,
    }).toEqual({ vip: [], inner: [], admin: [], banned: [], door: 1 });
  });
});

describe("at most one offer per member in 90 days", () => {
  it("issues no second offer within 90 days, and again after them (a fake clock)", async () => {
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, plays: 1 } });
    const fan = await createUser("user");
    await plays(fan.id, 1);
    await issue();
    // Unclaimed and expired after 7 days: still no new offer until 90 days have passed.
    setClock(NOW + 8 * DAY);
    await issue();
    setClock(NOW + 90 * DAY - 1);
    await issue();
    expect((await offersOf(fan.id)).map((o) => o.issued_at)).toEqual([NOW]);
    setClock(NOW + 90 * DAY + 1);
    await issue();
    expect((await offersOf(fan.id)).map((o) => o.issued_at)).toEqual([NOW, NOW + 90 * DAY + 1]);
  });

  it("racing runs issue each member one offer (one conditional insert per kind)", async () => {
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, plays: 1 }, winBack: { enabled: true, percentOff: 40 } });
    const fans = await Promise.all([createUser("user"), createUser("user"), createUser("user")]);
    for (const fan of fans) await plays(fan.id, 1);
    const lapsed = await createUser("user");
    await lapse(lapsed);
    const runs = await Promise.all([issue(), issue(), issue(), issue()]);
    const mine = new Set([...fans, lapsed].map((f) => f.id));
    expect(runs.flat().filter((o) => mine.has(o.userId))).toHaveLength(4);
    for (const fan of fans) expect((await offersOf(fan.id)).map((o) => o.kind)).toEqual(["upgrade"]);
    expect((await offersOf(lapsed.id)).map((o) => o.kind)).toEqual(["win_back"]);
  });
});

describe("win-back offers", () => {
  it("a lapsed member gets one win-back offer, at the win-back percent, and never another", async () => {
    await saveSettings({ winBack: { enabled: true, percentOff: 40 } });
    const lapsed = await createUser("user");
    await lapse(lapsed);
    const never = await createUser("user");
    await issue();
    expect(await offersOf(lapsed.id)).toEqual([
      { kind: "win_back", tier_id: "vip", percent_off: 40, issued_at: NOW, expires_at: NOW + 7 * DAY, claimed_at: null },
    ]);
    expect(await offersOf(never.id)).toEqual([]);
    setClock(NOW + 400 * DAY);
    await issue();
    expect(await offersOf(lapsed.id)).toHaveLength(1);
  });

  it("a lapsed member is not sent an upgrade offer: with win-back off, nothing", async () => {
    await saveSettings({ enabled: true, thresholds: noThresholds });
    const lapsed = await createUser("user");
    await lapse(lapsed);
    await issue();
    expect(await offersOf(lapsed.id)).toEqual([]);
  });
});

// The queue's first delivery loads the mail and notification code: a few seconds on a busy machine.
describe("delivery: in-app and by e-mail, by the member's preferences and in their language", { timeout: 30_000 }, () => {
  type Note = { kind: string; params: string; link: string };
  const noticesOf = (userId: string) =>
    rows<Note>("SELECT e.kind, e.params, e.link FROM notifications n JOIN notification_events e ON e.id = n.event_id WHERE n.user_id = ?1", userId);
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).all();

  it("notifies each member once and mails them at once in en and pt-BR", async () => {
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, plays: 1 }, percentOff: 15 });
    const en = await createUser("user");
    const pt = await createUser("user");
    await exec("UPDATE users SET locale = 'pt-BR' WHERE id = ?1", pt.id);
    await plays(en.id, 1);
    await plays(pt.id, 1);
    await issue();
    await vi.waitFor(async () => expect((await mailsTo(en.email)).length + (await mailsTo(pt.email)).length).toBe(2), { timeout: 20_000, interval: 50 });
    const [note] = await noticesOf(en.id);
    expect(note!.kind).toBe("tier_offer");
    expect(note!.link).toBe("/vip-signup");
    expect(JSON.parse(note!.params)).toEqual({ percent: 15, title: "VIP", titlePtBr: "VIP", at: new Date(NOW + 7 * DAY).toISOString() });
    const [enMail] = await mailsTo(en.email);
    const [ptMail] = await mailsTo(pt.email);
    expect(enMail!.subject).toBe("15% off VIP");
    expect(enMail!.text).toContain("Claim it by November 27, 2026.");
    expect(ptMail!.subject).toBe("15% de desconto no VIP");
    expect(ptMail!.text).toContain("Resgate até 27 de novembro de 2026.");
  });

  it("sends no mail to a member who turned this kind's e-mail off, and still shows it in the app", async () => {
    await saveSettings({ enabled: true, thresholds: { ...noThresholds, plays: 1 } });
    const quiet = await createUser("user");
    const loud = await createUser("user");
    await exec("INSERT INTO notification_preferences (user_id, kind, in_app, push, email) VALUES (?1, 'tier_offer', 1, 0, 0)", quiet.id);
    await plays(quiet.id, 1);
    await plays(loud.id, 1);
    await issue();
    // The other member's mail is the sign that the queue delivered the batch both were in.
    await vi.waitFor(async () => expect(await mailsTo(loud.email)).toHaveLength(1), { timeout: 20_000, interval: 50 });
    await vi.waitFor(async () => expect((await noticesOf(quiet.id)).map((n) => n.kind)).toEqual(["tier_offer"]), { timeout: 20_000, interval: 50 });
    expect(await mailsTo(quiet.email)).toHaveLength(0);
  });

  it("a win-back offer says so", async () => {
    await saveSettings({ winBack: { enabled: true, percentOff: 50 } });
    const lapsed = await createUser("user");
    await lapse(lapsed);
    await issue();
    await vi.waitFor(async () => expect(await mailsTo(lapsed.email)).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect((await mailsTo(lapsed.email))[0]!.subject).toBe("Come back to VIP: 50% off");
  });
  it("a member who left Inner Circle is offered Inner Circle back, and told so by its name", async () => {
    await D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
    ).run();
    await D1.prepare("UPDATE membership_tiers SET archived_at = NULL WHERE id = 'inner-circle'").run();
    forgetTiers();
    await saveSettings({ winBack: { enabled: true, percentOff: 50 } });
    const lapsed = await createUser("user");
    await lapse(lapsed, "inner-circle");
    await issue();
    expect((await offersOf(lapsed.id)).map((o) => [o.kind, o.tier_id])).toEqual([["win_back", "inner-circle"]]);
    await vi.waitFor(async () => expect(await mailsTo(lapsed.email)).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect((await mailsTo(lapsed.email))[0]!.subject).toBe("Come back to Inner Circle: 50% off");
  });
});

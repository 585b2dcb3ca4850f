// The pre-order unlock's claim alone (decision 118): the mail's idempotency key and the
// notification's id would hide a second announcement, so here the mails go to a recorder that
// counts every call whatever its key, or to the real local outbox with the key made unique per call.
// Racing runs, a redelivered run and a mail that fails must still give one claim per pre-order:
// one mail call, and announced_at set once, to the time of the run that sent it. Removing the
// conditional UPDATE's `announced_at IS NULL` makes these red. The journeys' test clock, POST
// /api/dev/preorders/run { now }, runs the same job, on the local machine only.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { unlockDuePreorders } from "../../worker/services/store/preorder-unlock";
import { createMailService, type MailMessage } from "../../worker/services/mail";
import { createDb } from "../../worker/db/client";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import type { AppEnv } from "../../worker/env";
import { call, callLocal, createUser, errorOf } from "./helpers";
import { D1, grant, seedOrder } from "./download-fixtures";

const appEnv = env as unknown as AppEnv;
const DAY = 86_400_000;

/** A mail sender that keeps every call: no idempotency key dedupes anything here. */
function recorder() {
  const calls: MailMessage[] = [];
  return { calls, send: async (msg: MailMessage) => void calls.push(msg), to: (email: string) => calls.filter((c) => c.to === email) };
}

/** A member's pre-order of a one-track album out at `release`. */
async function preorder(release: number) {
  const albumId = `claim-${crypto.randomUUID().slice(0, 8)}`;
  await D1.prepare("INSERT INTO albums (id, title, year, type, position, release_at) VALUES (?1, ?2, 2027, 'Album', 950, ?3)")
    .bind(albumId, `Claim ${albumId}`, release)
    .run();
  await D1.prepare("INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key) VALUES (?1, ?2, 'Only', 1, 120, ?3)")
    .bind(`${albumId}-1`, albumId, `audio/${albumId}-1.mp3`)
    .run();
  const user = await createUser("user");
  const order = await seedOrder({ userId: user.id, email: user.email });
  const id = await grant(order, { albumId }, user.id);
  await D1.prepare("UPDATE entitlements SET preordered_release_at = ?2 WHERE id = ?1").bind(id, release).run();
  return { id, email: user.email, title: `Claim ${albumId}` };
}

const announcedAt = async (id: string) =>
  (await D1.prepare("SELECT announced_at FROM entitlements WHERE id = ?1").bind(id).first<{ announced_at: number | null }>())!.announced_at;
const notifications = async (id: string) =>
  (await D1.prepare("SELECT count(*) AS n FROM notification_events WHERE id = ?1").bind(`preorder_out:${id}`).first<{ n: number }>())!.n;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the pre-order unlock's claim, counted without the keys that dedupe", () => {
  it("two racing runs and a redelivered one: one mail call per pre-order, announced_at the sender's time", async () => {
    const release = Date.now() + 40 * DAY;
    const preorders = await Promise.all([preorder(release), preorder(release), preorder(release)]);
    const first = recorder();
    const second = recorder();
    await Promise.all([unlockDuePreorders(appEnv, release + 5, first), unlockDuePreorders(appEnv, release + 6, second)]);
    for (const p of preorders) {
      const byFirst = first.to(p.email).length;
      const bySecond = second.to(p.email).length;
      expect(byFirst + bySecond, p.email).toBe(1);
      expect(await announcedAt(p.id)).toBe(byFirst === 1 ? release + 5 : release + 6);
    }
    const redelivered = recorder();
    const before = await Promise.all(preorders.map((p) => announcedAt(p.id)));
    await unlockDuePreorders(appEnv, release + 300_000, redelivered);
    for (const p of preorders) expect(redelivered.to(p.email)).toEqual([]);
    expect(await Promise.all(preorders.map((p) => announcedAt(p.id)))).toEqual(before);
    for (const p of preorders) expect(await notifications(p.id)).toBe(1);
  });

  it("through the real local outbox with the key made unique per call, racing and repeated runs leave one mail", async () => {
    const release = Date.now() + 41 * DAY;
    const p = await preorder(release);
    const outbox = createMailService(appEnv, createDb(appEnv.DB));
    const keyless = { send: (msg: MailMessage) => outbox.send({ ...msg, idempotencyKey: `${msg.idempotencyKey}:${crypto.randomUUID()}` }) };
    await Promise.all([
      unlockDuePreorders(appEnv, release, keyless),
      unlockDuePreorders(appEnv, release, keyless),
      unlockDuePreorders(appEnv, release + 1, keyless),
    ]);
    await unlockDuePreorders(appEnv, release + 2, keyless);
    await backgroundWorkSettled();
    const { results } = await D1.prepare("SELECT subject FROM mail_outbox WHERE to_address = ?1").bind(p.email).all<{ subject: string }>();
    expect(results.map((r) => r.subject)).toEqual([`It's out: ${p.title}`]);
  });

  it("a mail that fails gives the claim back: the next run sends it, once, and keeps that run's time", async () => {
    const release = Date.now() + 42 * DAY;
    const p = await preorder(release);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = { send: async () => Promise.reject(new Error("provider down")) };
    expect(await unlockDuePreorders(appEnv, release + 10, failing)).toBe(0);
    expect(await announcedAt(p.id)).toBeNull();
    expect(await notifications(p.id)).toBe(0);
    const next = recorder();
    await unlockDuePreorders(appEnv, release + 20, next);
    expect(next.to(p.email)).toHaveLength(1);
    expect(await announcedAt(p.id)).toBe(release + 20);
    const again = recorder();
    await unlockDuePreorders(appEnv, release + 30, again);
    expect(again.to(p.email)).toEqual([]);
    expect(await notifications(p.id)).toBe(1);
  });
});

describe("POST /api/dev/preorders/run (the journeys' test clock)", () => {
  it("runs the unlock at the time given, on the local machine only; bad input is a 400 that claims nothing", async () => {
    const release = Date.now() + 43 * DAY;
    const p = await preorder(release);
    for (const json of [{}, { now: -1 }, { now: "soon" }, { now: 1.5 }]) {
      const res = await callLocal("/api/dev/preorders/run", { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    const published = await call("/api/dev/preorders/run", { json: { now: release + 1 } });
    expect(published.status).toBe(404);
    const early = await callLocal("/api/dev/preorders/run", { json: { now: release - 1 } });
    expect(early.status).toBe(200);
    expect(await announcedAt(p.id)).toBeNull();
    const res = await callLocal("/api/dev/preorders/run", { json: { now: release + 1 } });
    expect(res.status).toBe(200);
    expect((await res.json<{ announced: number }>()).announced).toBeGreaterThanOrEqual(1);
    expect(await announcedAt(p.id)).toBe(release + 1);
    expect(await notifications(p.id)).toBe(1);
  });
});

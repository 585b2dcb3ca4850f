// Live shows in the Worker tests (decision 113): an event with a show in the state a test needs,
// written with raw SQL (never with the code under test), the local source's files in R2, a
// member of each kind, and the calls the watch page makes.
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { forgetLiveManifest } from "../../worker/services/live/local-media";
import { liveApiPath, liveTokenPath, type LiveShowView, type LiveTokenResponse } from "../../worker/contracts/live";

const D1 = (env as unknown as { DB: D1Database }).DB;
const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA;

export const HOUR = 3_600_000;

export type ShowSeed = {
  access?: "ticket" | "tier" | "members";
  minTierId?: string | null;
  state?: "scheduled" | "live" | "ended";
  startedAt?: number | null;
  endedAt?: number | null;
  replayHours?: number;
  replayKeepTierId?: string | null;
  provider?: "local" | "stream";
  streamInputId?: string | null;
  eventStatus?: "draft" | "published" | "cancelled";
  title?: string;
};

/** An event with a show: members-only, local, scheduled unless told. */
export async function seedShow(seed: ShowSeed = {}): Promise<string> {
  const eventId = await seedTicketEvent({ status: seed.eventStatus ?? "published", title: seed.title, eventDate: Date.now() + HOUR });
  const state = seed.state ?? "scheduled";
  const startedAt = seed.startedAt !== undefined ? seed.startedAt : state === "scheduled" ? null : Date.now() - HOUR;
  const endedAt = seed.endedAt !== undefined ? seed.endedAt : state === "ended" ? Date.now() - 60_000 : null;
  await D1.prepare(
    `INSERT INTO live_shows (event_id, access, min_tier_id, state, provider, stream_input_id, started_at, ended_at, replay_hours, replay_keep_tier_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      eventId,
      seed.access ?? "members",
      seed.minTierId ?? null,
      state,
      seed.provider ?? "local",
      seed.streamInputId ?? null,
      startedAt,
      endedAt,
      seed.replayHours ?? 48,
      seed.replayKeepTierId ?? null,
    )
    .run();
  return eventId;
}

export const showRow = (eventId: string) =>
  D1.prepare("SELECT * FROM live_shows WHERE event_id = ?").bind(eventId).first<{
    state: string;
    started_at: number | null;
    ended_at: number | null;
    source_lost_at: number | null;
    live_notified_at: number | null;
    room_id: string | null;
    stream_input_id: string | null;
    stream_video_uid: string | null;
    access: string;
    min_tier_id: string | null;
    pinned_product_ids: string;
    captions: string;
  }>();

/** A valid (or refunded) ticket to the event for the member. */
export async function giveTicket(eventId: string, user: TestUser, status: "valid" | "refunded" = "valid") {
  const typeId = await seedTicketType(eventId);
  await insertIssuedTickets({ eventId, ticketTypeId: typeId, userId: user.id, email: user.email, status });
}

/** The local source's files: a manifest of three 4-second segments, an init segment, and the segments' bytes. */
export async function putDemoMedia() {
  const segments = [0, 1, 2].map((n) => ({ key: `live/demo/${n}.m4s`, duration: 4 }));
  await MEDIA.put("live/demo/manifest.json", JSON.stringify({ segmentSeconds: 4, init: "live/demo/init.mp4", segments }));
  await MEDIA.put("live/demo/init.mp4", new Uint8Array([0, 0, 0, 8, 102, 116, 121, 112]));
  for (const [n, s] of segments.entries()) await MEDIA.put(s.key, new Uint8Array([n, n, n, n]));
  forgetLiveManifest();
}

export async function removeDemoMedia() {
  await MEDIA.delete("live/demo/manifest.json");
  forgetLiveManifest();
}

/** The top tier the live tests name (rank 2, above VIP). */
export async function addInnerCircle() {
  await D1.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  ).run();
}

export type Who = "visitor" | "member" | "vip" | "inner" | "admin" | "door" | "banned";

/** A member of each kind (the visitor is null). */
export async function personOf(who: Who): Promise<TestUser | null> {
  if (who === "visitor") return null;
  if (who === "member") return createUser("user");
  if (who === "vip") return createUser("vip");
  if (who === "inner") return createUser("vip", { tierId: "inner-circle" });
  if (who === "admin") return createUser("admin");
  if (who === "banned") return createUser("banned");
  const staff = await createUser("user");
  await D1.prepare("UPDATE users SET is_door_staff = 1 WHERE id = ?").bind(staff.id).run();
  return staff;
}

export async function viewOf(eventId: string, user: TestUser | null) {
  const res = await call(liveApiPath(eventId), { cookie: user?.cookie });
  return { status: res.status, body: (await res.json()) as LiveShowView & { error?: { code: string } } };
}

export async function tokenFor(eventId: string, user: TestUser | null) {
  const res = await call(liveTokenPath(eventId), { method: "POST", cookie: user?.cookie });
  if (res.status === 200) return { status: 200, code: null, body: (await res.json()) as LiveTokenResponse };
  return { status: res.status, code: (await errorOf(res)).code, body: null };
}

/** Expects a refusal with its status and code. */
export async function expectRefused(res: Response, status: number, code: string) {
  expect([res.status, (await errorOf(res)).code]).toEqual([status, code]);
}

/** Dates only: the Worker's clock, moved by the test. */
export function fakeClock(at = Date.now()) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  return (to: number) => vi.setSystemTime(to);
}

export const liveCount = (eventId: string) => D1.prepare("SELECT count(*) AS n FROM live_watches WHERE event_id = ?").bind(eventId).first<{ n: number }>();

/** A request to the Worker with extra vars (Stream's secrets), answered once its waitUntil work is done. */
export async function callWith(
  vars: Record<string, string>,
  path: string,
  { method = "GET", cookie, body, headers = {} }: { method?: string; cookie?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const { createExecutionContext, waitOnExecutionContext } = await import("cloudflare:test");
  const worker = (await import("../../worker/index")).default;
  const h = new Headers({ "cf-connecting-ip": "203.0.113.90", ...headers });
  if (cookie) h.set("cookie", cookie);
  if (method !== "GET" && !h.has("origin") && !path.includes("/webhooks/")) h.set("origin", "https://fans.test");
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://fans.test${path}`, { method, headers: h, body }), { ...env, ...vars } as never, ctx);
  const answer = res.body === null ? null : await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(answer, { status: res.status, headers: res.headers });
}

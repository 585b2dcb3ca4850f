// Lossless listening by tier (decision 105): POST /api/music/tracks/:id/lossless answers the
// master's stream and download URLs to a member of a tier that includes it (or any tier above it)
// and to admins; everyone else is 403 tier_required (a visitor and a banned member 401). A track
// without a master is 409 lossless_unavailable; the URL serves the master's bytes (as a file with
// download=1) and nothing else; the back office turns the choice on per tier.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { signTrackToken } from "../../worker/lib/media-token";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { createDoorStaff, exec, row } from "./check-in-fixtures";
import type { LosslessResponse } from "../../worker/contracts/music/music";

const D1 = (env as unknown as { DB: D1Database }).DB;
const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const MASTERED = "radio-heartline-2";
const PLAIN = "radio-heartline-3";
const MASTER_KEY = "masters/lossless-test.flac";
const MASTER_BYTES = new TextEncoder().encode("fLaC lossless master bytes");

type Who = "visitor" | "banned" | "user" | "door" | "vip" | "lapsed" | "inner" | "summit" | "admin";
const users = {} as Record<Exclude<Who, "visitor">, TestUser>;

beforeAll(async () => {
  await D1.batch([
    D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, lossless) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#4c1d95', 2499, 1)",
    ),
    // A tier above it that does not tick the box itself: the ladder gives it what lower ranks give.
    D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('summit', 3, 'Summit', 'Cume', '#111111', 4999)",
    ),
    D1.prepare("UPDATE tracks SET master_key = ?2, master_format = 'flac' WHERE id = ?1").bind(MASTERED, MASTER_KEY),
    D1.prepare("UPDATE tracks SET master_key = NULL, master_format = NULL WHERE id = ?1").bind(PLAIN),
  ]);
  forgetTiers();
  await MEDIA.put(MASTER_KEY, MASTER_BYTES);
  users.banned = await createUser("banned");
  users.user = await createUser("user");
  users.door = await createDoorStaff();
  users.vip = await createUser("vip");
  users.lapsed = await createUser("user");
  await exec(
    "INSERT INTO subscriptions (id, user_id, customer_id, status, tier_id, last_event_at, created_at, updated_at) VALUES (?1, ?2, 'cus_lapsed', 'canceled', 'inner-circle', 1, 1, 1)",
    `sub_${crypto.randomUUID().slice(0, 8)}`,
    users.lapsed.id,
  );
  users.inner = await createUser("vip", { tierId: "inner-circle" });
  users.summit = await createUser("vip", { tierId: "summit" });
  users.admin = await createUser("admin");
});

const lossless = (who: Who, trackId = MASTERED) =>
  call(`/api/music/tracks/${trackId}/lossless`, { method: "POST", json: {}, cookie: who === "visitor" ? undefined : users[who].cookie });

describe("POST /api/music/tracks/:id/lossless by role", () => {
  const expected: Record<Who, [number, string] | 200> = {
    visitor: [401, "unauthorized"],
    banned: [401, "unauthorized"],
    user: [403, "tier_required"],
    door: [403, "tier_required"],
    vip: [403, "tier_required"],
    lapsed: [403, "tier_required"],
    inner: 200,
    summit: 200,
    admin: 200,
  };
  for (const [who, want] of Object.entries(expected) as [Who, [number, string] | 200][]) {
    it(`${who}: ${want === 200 ? "200, the master streams and downloads" : want.join(" ")}`, async () => {
      const res = await lossless(who);
      if (want !== 200) {
        expect([res.status, (await errorOf(res)).code]).toEqual(want);
        return;
      }
      expect(res.status, await res.clone().text()).toBe(200);
      const body = await res.json<LosslessResponse>();
      expect(body.format).toBe("flac");
      const stream = await call(body.url);
      expect([stream.status, stream.headers.get("content-type"), stream.headers.get("content-disposition")]).toEqual([200, "audio/flac", "inline"]);
      expect(new Uint8Array(await stream.arrayBuffer())).toEqual(MASTER_BYTES);
      const file = await call(body.downloadUrl);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toContain(`attachment; filename="${MASTERED}.flac"`);
      await file.arrayBuffer();
    });
  }
});

describe("the full stream's answer says whether the player may offer the master", () => {
  it.each([
    ["inner", MASTERED, true],
    ["admin", MASTERED, true],
    ["inner", PLAIN, false],
    ["vip", MASTERED, false],
  ] as const)("%s on %s: lossless %s", async (who, trackId, offered) => {
    const res = await call(`/api/music/tracks/${trackId}/stream`, { method: "POST", json: {}, cookie: users[who].cookie });
    expect(res.status).toBe(200);
    expect((await res.json<{ lossless: boolean }>()).lossless).toBe(offered);
  });
});

describe("what the lossless route and URL refuse", () => {
  it("answers 409 lossless_unavailable for a track without a master, 404 for an unknown one, 400 for a bad id", async () => {
    const plain = await lossless("inner", PLAIN);
    expect([plain.status, (await errorOf(plain)).code]).toEqual([409, "lossless_unavailable"]);
    const unknown = await lossless("inner", "no-such-track");
    expect([unknown.status, (await errorOf(unknown)).code]).toEqual([404, "track_not_found"]);
    const bad = await lossless("inner", "Bad Id!");
    expect([bad.status, (await errorOf(bad)).code]).toEqual([400, "invalid_input"]);
  });

  it("the tier is asked before the id: a VIP learns nothing of a track's master", async () => {
    const res = await lossless("vip", PLAIN);
    expect([res.status, (await errorOf(res)).code]).toEqual([403, "tier_required"]);
  });

  it("a master URL opens only its master: a track token is refused, another track's id too", async () => {
    const { url } = await (await lossless("inner")).json<LosslessResponse>();
    const { token } = await signTrackToken(SECRET, users.inner.id, MASTERED);
    const refused = await call(`/media/masters/${MASTERED}?token=${encodeURIComponent(token)}`);
    expect([refused.status, (await errorOf(refused)).code]).toEqual([403, "media_token_invalid"]);
    const other = await call(url.replace(MASTERED, PLAIN));
    expect(other.status).toBe(403);
    await other.arrayBuffer();
    const asTrack = await call(url.replace("/media/masters/", "/media/tracks/"));
    expect(asTrack.status).toBe(403);
    await asTrack.arrayBuffer();
  });
});

describe("the back office's choice", () => {
  it("an admin turns lossless on for VIP: VIP members stream masters, and the public ladder says so", async () => {
    const put = (lossless: boolean) =>
      call("/api/admin/tiers/vip", { method: "PUT", json: { nameEn: "VIP", namePtBr: "VIP", badgeColor: "#d4af37", lossless }, cookie: users.admin.cookie });
    const on = await put(true);
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await row("SELECT lossless FROM membership_tiers WHERE id = 'vip'")).toEqual({ lossless: 1 });
    const ladder = await (await call("/api/tiers")).json<{ tiers: { id: string; lossless: boolean }[] }>();
    expect(ladder.tiers.find((t) => t.id === "vip")?.lossless).toBe(true);
    expect((await lossless("vip")).status).toBe(200);
    expect((await lossless("user")).status).toBe(403);
    expect((await put(false)).status).toBe(200);
    const off = await lossless("vip");
    expect([off.status, (await errorOf(off)).code]).toEqual([403, "tier_required"]);
  });

  it("refuses a lossless choice that is not a boolean (400, nothing stored)", async () => {
    const res = await call("/api/admin/tiers/vip", {
      method: "PUT",
      json: { nameEn: "VIP", namePtBr: "VIP", badgeColor: "#d4af37", lossless: "yes" },
      cookie: users.admin.cookie,
    });
    expect([res.status, (await errorOf(res)).code]).toEqual([400, "invalid_input"]);
    expect(await row("SELECT lossless FROM membership_tiers WHERE id = 'vip'")).toEqual({ lossless: 0 });
  });
});

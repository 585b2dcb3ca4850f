// Early access for "tier at least X" (decision 108): an album (or a track of its own) in early access
// that names Inner Circle streams to Inner Circle members, admins and its buyers; a VIP below gets 403
// tier_required, a free member 403 vip_required as before. A track's own tier wins over its album's;
// none keeps "VIP and above". After the release the tier asks nothing. The back office stores
// `earlyMinTierId` on a patch and refuses an unknown (400 tier_gate_unknown), a newly archived (400
// tier_gate_archived) or the free tier, storing nothing.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { forget } from "../../worker/lib/memo";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { addInnerCircle } from "./tier-fixtures";
import { grant, seedOrder } from "./download-fixtures";
import { mp3Cbr } from "./media-fixtures";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR = 3_600_000;

const ALBUM = "zz-tier-early";
const TRACK = `${ALBUM}-1`;
/** A track of the same album naming no tier of its own, and one naming VIP's (null) on a circle album: the album's rules. */
const OWN_VIP = `${ALBUM}-2`;

type Who = "member" | "vip" | "innerCircle" | "admin" | "buyer" | "summit" | "summitBuyer";
const users = {} as Record<Who, TestUser>;

beforeAll(async () => {
  await addInnerCircle();
  await D1.batch([
    D1.prepare(
      "INSERT INTO albums (id, title, year, type, position, release_at, early_access_at, early_min_tier_id) VALUES (?1, 'Circle First', 2026, 'Album', 960, ?2, ?3, 'inner-circle')",
    ).bind(ALBUM, Date.now() + 2 * HOUR, Date.now() - HOUR),
    D1.prepare(
      `INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key) VALUES
       (?1, ?3, 'Inner Light', 1, 120, 'audio/zz-tier-early.mp3'), (?2, ?3, 'Side Door', 2, 120, 'audio/zz-tier-early.mp3')`,
    ).bind(TRACK, OWN_VIP, ALBUM),
  ]);
  await media.put("audio/zz-tier-early.mp3", mp3Cbr({ seconds: 120, kbps: 32 }));
  forget("music:");
  users.member = await createUser("user");
  users.vip = await createUser("vip");
  users.innerCircle = await createUser("vip", { tierId: "inner-circle" });
  users.admin = await createUser("admin");
  users.buyer = await createUser("user");
  await grant(await seedOrder({ userId: users.buyer.id, email: users.buyer.email }), { trackId: TRACK }, users.buyer.id);
});

const stream = (trackId: string, who: Who) => call(`/api/music/tracks/${trackId}/stream`, { method: "POST", cookie: users[who].cookie });

describe("the lyrics of a track in early access for Inner Circle ask what its stream asks", () => {
  const EXPECTED: Record<Exclude<Who, "summit" | "summitBuyer">, [number, string | null]> = {
    member: [403, "vip_required"],
    vip: [403, "tier_required"],
    innerCircle: [200, null],
    admin: [200, null],
    buyer: [200, null],
  };
  it.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])("%s", async (who) => {
    const res = await call(`/api/music/tracks/${TRACK}/lyrics`, { cookie: users[who].cookie });
    expect([res.status, res.status === 200 ? null : (await errorOf(res)).code]).toEqual(EXPECTED[who]);
  });
});

describe("streaming a release in early access for Inner Circle", () => {
  const EXPECTED: Record<Exclude<Who, "summit" | "summitBuyer">, [number, string | null]> = {
    member: [403, "vip_required"],
    vip: [403, "tier_required"],
    innerCircle: [200, null],
    admin: [200, null],
    buyer: [200, null],
  };
  it.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])("%s", async (who) => {
    const res = await stream(TRACK, who);
    const [status, code] = EXPECTED[who];
    expect(res.status).toBe(status);
    if (code) expect((await errorOf(res)).code).toBe(code);
    else expect((await res.json<{ url: string }>()).url).toMatch(new RegExp(`^/media/tracks/${TRACK}\\?token=`));
  });

  it("a visitor is asked to sign in (401)", async () => {
    expect((await call(`/api/music/tracks/${TRACK}/stream`, { method: "POST" })).status).toBe(401);
  });

  it("a track's own tier, else its album's", async () => {
    await D1.prepare("UPDATE tracks SET early_min_tier_id = NULL WHERE id = ?1").bind(OWN_VIP).run();
    expect((await stream(OWN_VIP, "vip")).status).toBe(403);
    await D1.prepare("UPDATE albums SET early_min_tier_id = NULL WHERE id = ?1").bind(ALBUM).run();
    expect((await stream(OWN_VIP, "vip")).status).toBe(200);
    await D1.prepare("UPDATE tracks SET early_min_tier_id = 'inner-circle' WHERE id = ?1").bind(OWN_VIP).run();
    const refused = await stream(OWN_VIP, "vip");
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("tier_required");
    await D1.batch([
      D1.prepare("UPDATE albums SET early_min_tier_id = 'inner-circle' WHERE id = ?1").bind(ALBUM),
      D1.prepare("UPDATE tracks SET early_min_tier_id = NULL WHERE id = ?1").bind(OWN_VIP),
    ]);
  });

  it("once released, the tier asks nothing", async () => {
    await D1.prepare("UPDATE albums SET release_at = ?2 WHERE id = ?1")
      .bind(ALBUM, Date.now() - 1)
      .run();
    forget("music:");
    expect((await stream(TRACK, "vip")).status).toBe(200);
    await D1.prepare("UPDATE albums SET release_at = ?2 WHERE id = ?1")
      .bind(ALBUM, Date.now() + 2 * HOUR)
      .run();
    forget("music:");
  });
});

describe("the master and the play count follow the same gate during early access (decision 116)", () => {
  // Summit (rank 5) asks more than Inner Circle, whose lossless listening opens masters: an Inner
  // Circle member below the release's tier gets the stream's refusal from the lossless route too.
  const MASTER_KEY = "masters/zz-tier-early.flac";
  beforeAll(async () => {
    await D1.batch([
      D1.prepare(
        "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('zz-summit', 5, 'Summit', 'Cume', '#111111', 4999)",
      ),
      D1.prepare("UPDATE membership_tiers SET lossless = 1 WHERE id = 'inner-circle'"),
      D1.prepare("UPDATE tracks SET master_key = ?2, master_format = 'flac' WHERE id = ?1").bind(TRACK, MASTER_KEY),
      D1.prepare("UPDATE albums SET early_min_tier_id = 'zz-summit' WHERE id = ?1").bind(ALBUM),
    ]);
    await media.put(MASTER_KEY, new TextEncoder().encode("fLaC early master"));
    forgetTiers();
    users.summit = await createUser("vip", { tierId: "zz-summit" });
    users.summitBuyer = await createUser("vip", { tierId: "inner-circle" });
    await grant(await seedOrder({ userId: users.summitBuyer.id, email: users.summitBuyer.email }), { trackId: TRACK }, users.summitBuyer.id);
  });
  afterAll(async () => {
    await D1.batch([
      D1.prepare("UPDATE albums SET early_min_tier_id = 'inner-circle' WHERE id = ?1").bind(ALBUM),
      D1.prepare("UPDATE tracks SET master_key = NULL, master_format = NULL WHERE id = ?1").bind(TRACK),
    ]);
    forgetTiers();
  });

  const post = (path: "lossless" | "plays", who: keyof typeof users) =>
    call(`/api/music/tracks/${TRACK}/${path}`, { method: "POST", json: {}, cookie: users[who].cookie });
  const plays = async () => (await D1.prepare("SELECT plays FROM tracks WHERE id = ?1").bind(TRACK).first<{ plays: number }>())!.plays;

  it("lossless: Inner Circle below the release's tier is refused as the stream refuses; Summit, a buyer with lossless and an admin pass", async () => {
    for (const [who, status, code] of [
      ["member", 403, "tier_required"],
      ["vip", 403, "tier_required"],
      ["innerCircle", 403, "tier_required"],
      ["summit", 200, null],
      ["summitBuyer", 200, null],
      ["admin", 200, null],
    ] as const) {
      const res = await post("lossless", who);
      expect(res.status, who).toBe(status);
      if (code) expect((await errorOf(res)).code, who).toBe(code);
      else expect((await res.json<{ url: string }>()).url, who).toMatch(new RegExp(`^/media/masters/${TRACK}\\?token=`));
      if (who === "innerCircle") expect((await stream(TRACK, who)).status).toBe(403);
    }
  });

  it("plays: a member below the release's tier is refused and nothing is counted; who may hear it is counted once", async () => {
    const before = await plays();
    for (const [who, code] of [
      ["member", "vip_required"],
      ["vip", "tier_required"],
      ["innerCircle", "tier_required"],
    ] as const) {
      const res = await post("plays", who);
      expect([res.status, (await errorOf(res)).code], who).toEqual([403, code]);
    }
    expect(await plays()).toBe(before);
    for (const who of ["summit", "summitBuyer", "admin"] as const) {
      const res = await post("plays", who);
      expect(res.status, who).toBe(200);
      expect((await res.json<{ counted: boolean }>()).counted, who).toBe(true);
    }
    expect(await plays()).toBe(before + 3);
  });

  it("once released, neither asks the release's tier", async () => {
    await D1.prepare("UPDATE albums SET release_at = ?2 WHERE id = ?1")
      .bind(ALBUM, Date.now() - 1)
      .run();
    try {
      expect((await post("lossless", "innerCircle")).status).toBe(200);
      expect((await post("plays", "vip")).status).toBe(200);
    } finally {
      await D1.prepare("UPDATE albums SET release_at = ?2 WHERE id = ?1")
        .bind(ALBUM, Date.now() + 2 * HOUR)
        .run();
    }
  });
});

describe("the back office's early-access tier", () => {
  const patch = (path: string, json: unknown, who: Who = "admin") => call(`/api/admin/catalog/${path}`, { method: "PATCH", json, cookie: users[who].cookie });
  const stored = async (table: "albums" | "tracks", id: string) =>
    (await D1.prepare(`SELECT early_min_tier_id AS t FROM ${table} WHERE id = ?1`).bind(id).first<{ t: string | null }>())!.t;

  it("stores it on an album and a track, and answers it", async () => {
    const res = await patch(`tracks/${OWN_VIP}`, { earlyMinTierId: "inner-circle" });
    expect(res.status).toBe(200);
    expect((await res.json<{ track: { earlyMinTierId: string | null } }>()).track.earlyMinTierId).toBe("inner-circle");
    expect(await stored("tracks", OWN_VIP)).toBe("inner-circle");
    expect((await patch(`tracks/${OWN_VIP}`, { earlyMinTierId: "vip" })).status).toBe(200);
    expect(await stored("tracks", OWN_VIP)).toBeNull();
    expect((await patch(`albums/${ALBUM}`, { earlyMinTierId: null })).status).toBe(200);
    expect(await stored("albums", ALBUM)).toBeNull();
    expect((await patch(`albums/${ALBUM}`, { earlyMinTierId: "inner-circle" })).status).toBe(200);
    expect(await stored("albums", ALBUM)).toBe("inner-circle");
  });

  it("refuses an unknown, a newly archived, the free tier, a member and a VIP; nothing is stored", async () => {
    await D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, archived_at) VALUES ('old-gold', 3, 'Old Gold', 'Ouro Antigo', '#aa8800', 1)",
    ).run();
    forgetTiers();
    for (const [earlyMinTierId, status, code] of [
      ["ghost", 400, "tier_gate_unknown"],
      ["old-gold", 400, "tier_gate_archived"],
      ["member", 400, "invalid_input"],
    ] as const) {
      const res = await patch(`albums/${ALBUM}`, { earlyMinTierId });
      expect(res.status, earlyMinTierId).toBe(status);
      expect(await errorOf(res), earlyMinTierId).toMatchObject({ code, field: "earlyMinTierId" });
    }
    for (const who of ["member", "vip"] as const) expect((await patch(`albums/${ALBUM}`, { earlyMinTierId: "ghost" }, who)).status, who).toBe(403);
    expect((await patch("albums/no-such-album", { earlyMinTierId: "inner-circle" })).status).toBe(404);
    expect(await stored("albums", ALBUM)).toBe("inner-circle");
  });
});

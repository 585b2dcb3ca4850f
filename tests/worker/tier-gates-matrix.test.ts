// The gated routes that mean "VIP and above" (decisions 096, 099), then the gates set to a tier above
// VIP (decisions 104, 108, 116: early access on the stream, the master and the play count, a meet's
// join link, the door pass, a presale's tickets, a gift's redemption), walked for every kind of
// reader: a visitor, a free member, a VIP, an Inner Circle member, a lapsed member (their
// subscription canceled), a trialing one (a 'trialing' subscription, which pays as active does), an
// admin and a banned member. Each cell is the exact status and error code; a route's passing cells
// answer past the gate (an unknown station or channel is its own 404), so the table shows where
// each gate stands and nothing else. One shared set-up for the file.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { runBatch } from "../../worker/db/d1";
import { syncUserMembership } from "../../worker/db/payments";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import type { PostResponse } from "../../worker/contracts/feed";
import type { SearchResponse } from "../../worker/contracts/search";
import type { VirtualMeetsResponse } from "../../worker/contracts/events";
import type { CheckInResponse, VipPassResponse } from "../../worker/contracts/tickets/vip-pass";
import { forget } from "../../worker/lib/memo";
import { addEvent, checkInRows, createDoorStaff, NOW as NOW_FIXTURE, postCheckIn } from "./check-in-fixtures";
import { postCheckout } from "./checkout-fixtures";
import { guestEmail, remainingOf, ticketCart } from "./tickets-checkout-fixtures";
import { seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { insertGiftCode } from "./paid-order-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const TRACK = "radio-heartline-1";
const WORD = "zephyrquokka";

const READERS = ["visitor", "free", "vip", "inner", "lapsed", "trialing", "admin", "banned"] as const;
type Reader = (typeof READERS)[number];
const users = {} as Record<Exclude<Reader, "visitor">, TestUser>;
const posts = { vip: "", inner: "" };

async function withSubscription(status: "active" | "canceled" | "trialing", tierId = "vip"): Promise<TestUser> {
  const user = await createUser("user");
  await D1.prepare(
    "INSERT INTO subscriptions (id, user_id, customer_id, status, tier_id, last_event_at, created_at, updated_at) VALUES (?1, ?2, 'cus_matrix', ?3, ?4, 1, 1, 1)",
  )
    .bind(`sub_${crypto.randomUUID().slice(0, 8)}`, user.id, status, tierId)
    .run();
  // The flags as fulfilment leaves them: a trial pays, a canceled subscription does not.
  await runBatch(db(), syncUserMembership(db(), user.id, Date.now()) as Parameters<typeof runBatch>[1]);
  return user;
}

async function post(author: string, minTierId: string): Promise<string> {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO posts (id, user_id, content, visibility, min_tier_id) VALUES (?1, ?2, ?3, 'vip', ?4)")
    .bind(id, author, `A ${minTierId} note ${WORD}`, minTierId)
    .run();
  return id;
}

beforeAll(async () => {
  await D1.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#4c1d95', 2499)",
  ).run();
  forgetTiers();
  users.free = await createUser("user");
  users.vip = await createUser("vip");
  // Paying for Inner Circle, so that every source-reading gate (a gift's redemption) sees the tier too.
  users.inner = await withSubscription("active", "inner-circle");
  users.lapsed = await withSubscription("canceled");
  users.trialing = await withSubscription("trialing");
  users.admin = await createUser("admin");
  users.banned = await createUser("banned");
  posts.vip = await post(users.admin.id, "vip");
  posts.inner = await post(users.admin.id, "inner-circle");
});

const as = (reader: Reader) => (reader === "visitor" ? undefined : users[reader].cookie);

/** A cell: the status, and the error code for a refusal. */
type Cell = [number, string?];
const DENY_VISITOR: Cell = [401, "unauthorized"];
const DENY_VIP: Cell = [403, "vip_required"];

/** Each route's passing cell and who passes: VIP and above (the trial included) and admins. */
const VIP_AND_ABOVE = new Set<Reader>(["vip", "inner", "trialing", "admin"]);
const column = (pass: Cell): Record<Reader, Cell> =>
  Object.fromEntries(READERS.map((r) => [r, r === "visitor" || r === "banned" ? DENY_VISITOR : VIP_AND_ABOVE.has(r) ? pass : DENY_VIP])) as Record<
    Reader,
    Cell
  >;

const ROUTES: { name: string; request: (cookie?: string) => Promise<Response>; cells: Record<Reader, Cell> }[] = [
  {
    name: "full streaming (POST /api/music/tracks/:id/stream)",
    request: (cookie) => call(`/api/music/tracks/${TRACK}/stream`, { method: "POST", json: {}, cookie }),
    cells: column([200]),
  },
  {
    name: "favorites (PUT /api/favorites/:trackId)",
    request: (cookie) => call(`/api/favorites/${TRACK}`, { method: "PUT", cookie }),
    cells: column([204]),
  },
  {
    name: "playlists (POST /api/playlists)",
    request: (cookie) => call("/api/playlists", { method: "POST", json: { name: `Mix ${crypto.randomUUID().slice(0, 6)}` }, cookie }),
    cells: column([201]),
  },
  {
    name: "radio (POST /api/radio/stations/:id/tune)",
    request: (cookie) => call("/api/radio/stations/no-such-station/tune", { method: "POST", json: {}, cookie }),
    cells: column([404, "station_not_found"]),
  },
  {
    name: "TV (POST /api/tv/channels/:id/stream)",
    request: (cookie) => call("/api/tv/channels/no-such-channel/stream", { method: "POST", json: {}, cookie }),
    cells: column([404, "channel_not_found"]),
  },
  {
    // Past the gate the route asks for a WebSocket upgrade, which a plain request is not.
    name: "the AI chat (GET /api/chat/live)",
    request: (cookie) => call("/api/chat/live", { cookie }),
    cells: column([400, "upgrade_required"]),
  },
];

describe.each(ROUTES)("$name", ({ request, cells }) => {
  it.each(READERS)("as %s", async (reader) => {
    const res = await request(as(reader));
    const [status, code] = cells[reader];
    expect(res.status, await res.clone().text()).toBe(status);
    if (code) expect((await errorOf(res)).code).toBe(code);
    else await res.arrayBuffer();
  });
});

describe("posts by tier (GET /api/posts/:id): who reads the text, who gets the locked teaser", () => {
  // true: the text; false: the locked teaser.
  const reads: Record<Exclude<Reader, "visitor" | "banned">, { vip: boolean; inner: boolean }> = {
    free: { vip: false, inner: false },
    lapsed: { vip: false, inner: false },
    vip: { vip: true, inner: false },
    trialing: { vip: true, inner: false },
    inner: { vip: true, inner: true },
    admin: { vip: true, inner: true },
  };
  it.each(["visitor", "banned"] as const)("as %s: 401 unauthorized", async (reader) => {
    const res = await call(`/api/posts/${posts.vip}`, { cookie: as(reader) });
    expect([res.status, (await errorOf(res)).code]).toEqual([401, "unauthorized"]);
  });
  it.each(Object.keys(reads) as (keyof typeof reads)[])("as %s", async (reader) => {
    for (const gate of ["vip", "inner"] as const) {
      const res = await call(`/api/posts/${posts[gate]}`, { cookie: as(reader) });
      expect(res.status).toBe(200);
      const { post: view } = await res.json<PostResponse>();
      expect([gate, view.locked, view.content.includes(WORD)]).toEqual([gate, !reads[reader][gate], reads[reader][gate]]);
    }
  });
});

describe("search (GET /api/search?kind=posts): a post the reader may not read is not found", () => {
  const finds: Record<Reader, string[]> = {
    visitor: [],
    banned: [],
    free: [],
    lapsed: [],
    vip: ["vip"],
    trialing: ["vip"],
    inner: ["inner", "vip"],
    admin: ["inner", "vip"],
  };
  it.each(READERS)("as %s", async (reader) => {
    const res = await call(`/api/search?q=${WORD}&kind=posts`, { cookie: as(reader) });
    expect(res.status).toBe(200);
    const body = await res.json<SearchResponse>();
    const ids = body.groups.flatMap((g) => g.items.map((item) => (item as { id: string }).id));
    const found = (["inner", "vip"] as const).filter((gate) => ids.includes(posts[gate]));
    expect(found).toEqual(finds[reader]);
  });
});

// The gates that name a tier above VIP (decisions 104, 108, 116), each set to Inner Circle and walked
// for every reader: a VIP (and a trialing VIP) is below it, a lapsed member is below VIP.
describe("gates set to Inner Circle", () => {
  const HOUR = 3_600_000;
  const CIRCLE_ONLY = new Set<Reader>(["inner", "admin"]);
  const ALBUM = "zz-matrix-early";
  const EARLY = `${ALBUM}-1`;

  beforeAll(async () => {
    const now = Date.now();
    await D1.batch([
      // VIP and above listen losslessly here, so the lossless route's own gate lets VIP through to the early-access one.
      D1.prepare("UPDATE membership_tiers SET lossless = 1 WHERE id = 'vip'"),
      D1.prepare(
        "INSERT INTO albums (id, title, year, type, position, release_at, early_access_at, early_min_tier_id) VALUES (?1, 'Matrix Early', 2026, 'Album', 970, ?2, ?3, 'inner-circle')",
      ).bind(ALBUM, now + 48 * HOUR, now - HOUR),
      D1.prepare(
        "INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key, master_key, master_format) VALUES (?1, ?2, 'Early Light', 1, 120, 'audio/matrix.mp3', 'masters/matrix.flac', 'flac')",
      ).bind(EARLY, ALBUM),
    ]);
    forgetTiers();
  });

  /** Who passes a gate set to Inner Circle, and what the others get. */
  const circleColumn = (pass: Cell, belowVip: Cell, belowCircle: Cell = [403, "tier_required"]): Record<Reader, Cell> =>
    Object.fromEntries(
      READERS.map((r) => [r, r === "visitor" || r === "banned" ? DENY_VISITOR : CIRCLE_ONLY.has(r) ? pass : VIP_AND_ABOVE.has(r) ? belowCircle : belowVip]),
    ) as Record<Reader, Cell>;

  const GATED: { name: string; request: (cookie?: string) => Promise<Response>; cells: Record<Reader, Cell> }[] = [
    {
      name: "early access: the lossless master (POST /api/music/tracks/:id/lossless)",
      request: (cookie) => call(`/api/music/tracks/${EARLY}/lossless`, { method: "POST", json: {}, cookie }),
      cells: circleColumn([200], [403, "tier_required"]),
    },
    {
      name: "early access: the play count (POST /api/music/tracks/:id/plays)",
      request: (cookie) => call(`/api/music/tracks/${EARLY}/plays`, { method: "POST", json: {}, cookie }),
      cells: circleColumn([200], DENY_VIP),
    },
    {
      name: "early access: the full stream (POST /api/music/tracks/:id/stream)",
      request: (cookie) => call(`/api/music/tracks/${EARLY}/stream`, { method: "POST", json: {}, cookie }),
      cells: circleColumn([200], DENY_VIP),
    },
  ];

  describe.each(GATED)("$name", ({ request, cells }) => {
    it.each(READERS)("as %s", async (reader) => {
      const res = await request(as(reader));
      const [status, code] = cells[reader];
      expect(res.status, await res.clone().text()).toBe(status);
      if (code) expect((await errorOf(res)).code).toBe(code);
      else await res.arrayBuffer();
    });
  });

  it.each(READERS)("a virtual meet's join link (GET /api/events/virtual) as %s", async (reader) => {
    const id = crypto.randomUUID();
    await D1.prepare(
      `INSERT INTO events (id, title, event_date, time_zone, status, is_online, join_url, vip_min_tier_id, created_at, updated_at)
       VALUES (?1, 'Matrix meet', ?2, 'America/New_York', 'published', 1, ?3, 'inner-circle', ?4, ?4)`,
    )
      .bind(id, Date.now() + 5 * 60_000, `https://meet.example.com/${id}`, Date.now())
      .run();
    forget("events:");
    const res = await call("/api/events/virtual", { cookie: as(reader) });
    expect(res.status).toBe(200);
    const meet = (await res.json<VirtualMeetsResponse>()).meets.find((m) => m.id === id)!;
    expect([meet.joinUrl !== null, meet.joinMinTier?.id]).toEqual([CIRCLE_ONLY.has(reader), "inner-circle"]);
    // A banned cookie reads as a visitor's: no session, so nothing to be below.
    expect(meet.belowJoinTier).toBe(!CIRCLE_ONLY.has(reader) && reader !== "visitor" && reader !== "banned");
  });

  it.each(READERS)("the VIP pass at an Inner Circle door (POST /api/check-in) as %s", async (reader) => {
    const pass = await call("/api/vip-pass", { cookie: as(reader) });
    if (!VIP_AND_ABOVE.has(reader)) {
      // No pass to show: the door never sees one.
      expect([pass.status, (await errorOf(pass)).code]).toEqual(reader === "visitor" || reader === "banned" ? DENY_VISITOR : DENY_VIP);
      return;
    }
    const { token } = await pass.json<VipPassResponse>();
    const eventId = await addEvent({ at: Date.now() - NOW_FIXTURE + 60 * 60_000 });
    await D1.prepare("UPDATE events SET vip_min_tier_id = 'inner-circle' WHERE id = ?1").bind(eventId).run();
    const res = await postCheckIn((await createDoorStaff()).cookie, { eventId, token });
    expect(res.status).toBe(200);
    const expected = CIRCLE_ONLY.has(reader) ? "valid" : "below_tier";
    expect((await res.json<CheckInResponse>()).result).toBe(expected);
    expect((await checkInRows(eventId)).length).toBe(expected === "valid" ? 1 : 0);
  });

  it.each(READERS)("buying tickets in a presale for Inner Circle (POST /api/store/checkout) as %s", async (reader) => {
    const now = Date.now();
    const eventId = await seedTicketEvent({ presale: { startsAt: now - HOUR, endsAt: now + 24 * HOUR, generalSaleAt: now + 48 * HOUR } });
    await D1.prepare("UPDATE events SET presale_min_tier_id = 'inner-circle' WHERE id = ?1").bind(eventId).run();
    const typeId = await seedTicketType(eventId, { name: "General", priceCents: 4000, quantity: 50 });
    const body = ticketCart([{ ticketTypeId: typeId, quantity: 1 }]);
    const signedIn = reader !== "visitor" && reader !== "banned";
    const res = await postCheckout(signedIn ? body : { ...body, email: guestEmail() }, as(reader));
    // Tickets go to guests too: a visitor (and a banned cookie) is below VIP, not asked to sign in.
    const [status, code]: Cell = CIRCLE_ONLY.has(reader) ? [200] : VIP_AND_ABOVE.has(reader) ? [403, "tier_required"] : [403, "tickets_vip_only"];
    expect(res.status, await res.clone().text()).toBe(status);
    if (code) expect((await errorOf(res)).code).toBe(code);
    expect(await remainingOf(typeId)).toBe(status === 200 ? 49 : 50);
  });

  it.each(READERS)("redeeming a VIP gift (POST /api/store/gifts/redeem) as %s: refused above VIP, nothing taken", async (reader) => {
    const code = await insertGiftCode(D1, { months: 1 });
    // A reader of each kind of their own: a redemption changes who they are.
    const fresh = await freshReader(reader);
    const res = await call("/api/store/gifts/redeem", { json: { code }, cookie: fresh?.cookie });
    const [status, errorCode]: Cell = reader === "visitor" || reader === "banned" ? DENY_VISITOR : reader === "inner" ? [409, "gift_tier_below_held"] : [200];
    expect(res.status, await res.clone().text()).toBe(status);
    if (errorCode) expect((await errorOf(res)).code).toBe(errorCode);
    else await res.arrayBuffer();
    const taken = await D1.prepare("SELECT redeemed_by FROM gift_codes WHERE code = ?1").bind(code).first<{ redeemed_by: string | null }>();
    expect(taken!.redeemed_by).toBe(status === 200 ? fresh!.id : null);
  });
});

/** A new reader built as the shared set-up builds that kind (null: a visitor). */
async function freshReader(reader: Reader): Promise<TestUser | null> {
  if (reader === "visitor") return null;
  if (reader === "free") return createUser("user");
  if (reader === "vip") return createUser("vip");
  if (reader === "inner") return withSubscription("active", "inner-circle");
  if (reader === "lapsed") return withSubscription("canceled");
  if (reader === "trialing") return withSubscription("trialing");
  return createUser(reader);
}

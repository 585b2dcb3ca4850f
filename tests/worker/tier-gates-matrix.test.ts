// The gated routes that still mean "VIP and above" (decisions 096, 099), walked for every kind of
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
import { forgetTiers } from "../../worker/db/tiers";
import type { PostResponse } from "../../worker/contracts/feed";
import type { SearchResponse } from "../../worker/contracts/search";

const D1 = (env as unknown as { DB: D1Database }).DB;
const TRACK = "radio-heartline-1";
const WORD = "zephyrquokka";

const READERS = ["visitor", "free", "vip", "inner", "lapsed", "trialing", "admin", "banned"] as const;
type Reader = (typeof READERS)[number];
const users = {} as Record<Exclude<Reader, "visitor">, TestUser>;
const posts = { vip: "", inner: "" };

async function withSubscription(status: "canceled" | "trialing"): Promise<TestUser> {
  const user = await createUser("user");
  await D1.prepare(
    "INSERT INTO subscriptions (id, user_id, customer_id, status, tier_id, last_event_at, created_at, updated_at) VALUES (?1, ?2, 'cus_matrix', ?3, 'vip', 1, 1, 1)",
  )
    .bind(`sub_${crypto.randomUUID().slice(0, 8)}`, user.id, status)
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
  users.inner = await createUser("vip", { tierId: "inner-circle" });
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

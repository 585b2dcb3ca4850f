// Search (decision 056) finds a track by its own release times, not only its album's: a track
// scheduled after its already-released album is found by nobody before its early access, by
// everyone (marked early) in its early access, and by everyone once out; as the catalog lists it.
// Through GET /api/search, for every role (a banned member searches as a visitor); the track's
// release moves on the Worker's clock.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, type Role, type TestUser } from "./helpers";
import type { SearchResponse } from "../../worker/contracts/search";

const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR = 3600_000;

const ROLES: Role[] = ["visitor", "user", "vip", "admin", "banned"];
const users = {} as Record<Exclude<Role, "visitor">, TestUser>;

// Words no other test file writes, so these searches see only this file's rows.
const ALBUM = "zz-gap-search-album";
const OUT = `${ALBUM}-1`;
const LATER = `${ALBUM}-2`;
let earlyAt: number;
let releaseAt: number;

async function tracksFound(role: Role) {
  const res = await call(`/api/search?q=${encodeURIComponent("vorticella")}&kind=tracks`, { cookie: role === "visitor" ? undefined : users[role].cookie });
  expect(res.status).toBe(200);
  const body = await res.json<SearchResponse>();
  return (body.groups.find((g) => g.kind === "tracks")?.items ?? []).map((item) => ({ id: item.id, earlyAccess: item.earlyAccess }));
}

beforeAll(async () => {
  for (const role of ["user", "vip", "admin", "banned"] as const) users[role] = await createUser(role);
  const now = Date.now();
  earlyAt = now + 2 * HOUR;
  releaseAt = now + 4 * HOUR;
  await D1.batch([
    // The album is out; its second track comes later, with an early access of its own.
    D1.prepare("INSERT INTO albums (id, title, year, type, position, release_at) VALUES (?1, 'Gap Album', 2026, 'Album', 970, ?2)").bind(ALBUM, now - HOUR),
    D1.prepare(
      `INSERT INTO tracks (id, album_id, title, number, release_at, early_access_at) VALUES
       (?1, ?3, 'Vorticella Out', 1, NULL, NULL), (?2, ?3, 'Vorticella Later', 2, ?4, ?5)`,
    ).bind(OUT, LATER, ALBUM, releaseAt, earlyAt),
  ]);
});

afterEach(() => vi.useRealTimers());

describe("a track scheduled after its released album", () => {
  it("is found by nobody before its early access", async () => {
    for (const role of ROLES) expect(await tracksFound(role), role).toEqual([{ id: OUT, earlyAccess: false }]);
  });

  it("is found by everyone, marked early, from the instant its early access opens", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(earlyAt - 1);
    for (const role of ROLES)
      expect(
        (await tracksFound(role)).map((t) => t.id),
        role,
      ).toEqual([OUT]);
    vi.setSystemTime(earlyAt);
    for (const role of ROLES)
      expect(
        (await tracksFound(role)).find((t) => t.id === LATER),
        role,
      ).toEqual({ id: LATER, earlyAccess: true });
  });

  it("is found by everyone, no longer early, once released", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(releaseAt);
    for (const role of ROLES)
      expect(
        (await tracksFound(role)).find((t) => t.id === LATER),
        role,
      ).toEqual({ id: LATER, earlyAccess: false });
  });
});

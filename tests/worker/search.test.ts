// Search everywhere (decision 056): GET /api/search through the Worker, for every role. Matching
// folds case and accents in both languages and matches word starts; what each reader finds is what
// the site's lists show them (no VIP-only post text, draft, unreleased track, hidden post or banned
// member's post for those who may not see it); paging; bad queries answer 400 or nothing, never a
// 500. The index's own rows are checked after writes in ./search-index.test.ts.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, EDGE_LIMIT_TEST_TIMEOUT_MS, errorOf, inOneEdgeLimitWindow, ruleError, useFreshClientIp, type Role, type TestUser } from "./helpers";
import { EDGE_RATE_LIMITS } from "../../worker/contracts/limits";
import { page, rootOf } from "./pages-fixtures";
import { SEARCH_MESSAGES, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, type SearchItem, type SearchKind, type SearchResponse } from "../../worker/contracts/search";

const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR = 3600_000;

const ROLES: Role[] = ["visitor", "user", "vip", "admin", "banned"];
const users = {} as Record<Exclude<Role, "visitor">, TestUser>;
const cookieOf = (role: Role) => (role === "visitor" ? undefined : users[role].cookie);

const search = (query: string, role: Role = "visitor", headers: Record<string, string> = {}) =>
  call(`/api/search?${query}`, { cookie: cookieOf(role), headers });
async function searchOk(query: string, role: Role = "visitor", headers: Record<string, string> = {}) {
  const res = await search(query, role, headers);
  expect(res.status, query).toBe(200);
  return res.json<SearchResponse>();
}
const groupOf = (body: SearchResponse, kind: SearchKind) => body.groups.find((g) => g.kind === kind);
const itemsOf = (body: SearchResponse, kind: SearchKind): SearchItem[] => body.groups.find((g) => g.kind === kind)?.items ?? [];
const idsOf = (body: SearchResponse, kind: SearchKind) => itemsOf(body, kind).map((item) => item.id);
const q = (text: string, extra = "") => `q=${encodeURIComponent(text)}${extra}`;

// Words no other test file writes, so these searches see only this file's rows.
const POSTS = {
  public: { id: crypto.randomUUID(), content: "Zephyrine public: o coração da pista", visibility: "public" },
  members: { id: crypto.randomUUID(), content: "Zephyrine members: ensaio amanhã", visibility: "members" },
  vip: { id: crypto.randomUUID(), content: "Zephyrine vip secret: backstage code QUOKKA-4471", visibility: "vip" },
  hidden: { id: crypto.randomUUID(), content: "Zephyrine hidden by a moderator", visibility: "public" },
} as const;
const BANNED_POST = { id: crypto.randomUUID(), content: "Zephyrine from a banned author" };
const VIP_TEXT = "QUOKKA";

const ALBUM_HIDDEN = "zz-search-hidden";
const ALBUM_EARLY = "zz-search-early";
const EVENT_SP = crypto.randomUUID();
const EVENT_DRAFT = crypto.randomUUID();
const PRODUCT_LIVE = crypto.randomUUID();
const PRODUCT_DRAFT = crypto.randomUUID();

beforeAll(async () => {
  for (const role of ["user", "vip", "admin", "banned"] as const)
    users[role] = await createUser(role, { username: `xylo_${role}_${crypto.randomUUID().slice(0, 4)}` });
  const now = Date.now();
  await D1.batch([
    ...Object.values(POSTS).map((p) =>
      D1.prepare("INSERT INTO posts (id, user_id, content, visibility, created_at) VALUES (?1, ?2, ?3, ?4, ?5)").bind(
        p.id,
        users.user.id,
        p.content,
        p.visibility,
        now,
      ),
    ),
    D1.prepare("UPDATE posts SET hidden_at = ?2 WHERE id = ?1").bind(POSTS.hidden.id, now),
    D1.prepare("INSERT INTO posts (id, user_id, content, visibility, created_at) VALUES (?1, ?2, ?3, 'public', ?4)").bind(
      BANNED_POST.id,
      users.banned.id,
      BANNED_POST.content,
      now,
    ),
    D1.prepare("UPDATE profiles SET location = 'Recife' WHERE user_id = ?1").bind(users.user.id),
    // An album not in early access yet (nobody finds it) and one in early access (listed to all).
    D1.prepare(
      "INSERT INTO albums (id, title, year, type, position, release_at, early_access_at) VALUES (?1, 'Quetzal Hidden', 2027, 'Album', 960, ?3, ?4), (?2, 'Quetzal Early', 2027, 'Album', 961, ?3, ?5)",
    ).bind(ALBUM_HIDDEN, ALBUM_EARLY, now + 2 * HOUR, now + HOUR, now - HOUR),
    D1.prepare("INSERT INTO tracks (id, album_id, title, number) VALUES (?1, ?2, 'Quetzal Dawn', 1), (?3, ?4, 'Quetzal Dusk', 1)").bind(
      `${ALBUM_HIDDEN}-1`,
      ALBUM_HIDDEN,
      `${ALBUM_EARLY}-1`,
      ALBUM_EARLY,
    ),
    D1.prepare(
      `INSERT INTO events (id, title, title_pt_br, event_date, status, venue_city, venue_country, time_zone) VALUES
       (?1, 'Freestyle Night — São Paulo', 'Noite Freestyle — São Paulo', ?3, 'published', 'São Paulo', 'BR', 'America/Sao_Paulo'),
       (?2, 'Secret draft show — São Paulo', NULL, ?3, 'draft', 'São Paulo', 'BR', 'America/Sao_Paulo')`,
    ).bind(EVENT_SP, EVENT_DRAFT, now + 30 * 24 * HOUR),
    D1.prepare(
      `INSERT INTO products (id, slug, kind, state, title, title_pt_br, description, price_usd_cents) VALUES
       (?1, 'zz-search-tee', 'merch', 'live', 'Yarrow tour tee', 'Camiseta da turnê Yarrow', 'Cotton', 2500),
       (?2, 'zz-search-draft', 'merch', 'draft', 'Yarrow unreleased hoodie', NULL, '', 4500)`,
    ).bind(PRODUCT_LIVE, PRODUCT_DRAFT),
  ]);
});

describe("matching", () => {
  it("finds both Corazón tracks from 'coracao' typed without accents, as close matches", async () => {
    for (const role of ROLES) {
      const body = await searchOk(q("coracao"), role);
      expect(groupOf(body, "tracks")?.relaxed).toBe(true);
      // A post that has the word itself ("coração") is an exact match, not a relaxed one.
      expect(groupOf(body, "posts")).toMatchObject({ relaxed: false, items: [expect.objectContaining({ id: POSTS.public.id })] });
      expect(idsOf(body, "tracks")).toEqual(expect.arrayContaining(["rhythm-of-the-promise-7", "latin-heat-sessions-7"]));
    }
  });

  it("folds case and accents and matches word starts, in both directions", async () => {
    for (const typed of ["Corazón", "corazon", "CORAZON", "cora", "Coraz"]) {
      const body = await searchOk(q(typed, "&kind=tracks"));
      expect(groupOf(body, "tracks")?.relaxed, typed).toBe(false);
      expect(idsOf(body, "tracks"), typed).toEqual(expect.arrayContaining(["rhythm-of-the-promise-7", "latin-heat-sessions-7"]));
      expect(itemsOf(body, "tracks").every((t) => /coraz[oó]n/i.test(t.title))).toBe(true);
    }
    // A Portuguese word with its accents found from plain letters, and the other way round.
    expect(idsOf(await searchOk(q("zephyrine coracao")), "posts")).toEqual([POSTS.public.id]);
    expect(idsOf(await searchOk(q("ZEPHYRINE CORAÇÃO")), "posts")).toEqual([POSTS.public.id]);
  });

  it("finds 'sao paulo' as São Paulo and answers the event's title in the reader's language", async () => {
    const en = await searchOk(q("sao paulo"), "visitor", { "Accept-Language": "en" });
    expect(idsOf(en, "events")).toContain(EVENT_SP);
    const item = itemsOf(en, "events").find((e) => e.id === EVENT_SP)!;
    expect(item).toMatchObject({ title: "Freestyle Night — São Paulo", subtitle: "São Paulo, BR", href: `/events#event-${EVENT_SP}` });
    // Its venue's zone with its start, so the row dates it as its card does (not in UTC).
    expect(item.timeZone).toBe("America/Sao_Paulo");
    const pt = await searchOk(q("sÃo PAUL", "&lang=pt-BR"));
    expect(itemsOf(pt, "events").find((e) => e.id === EVENT_SP)?.title).toBe("Noite Freestyle — São Paulo");
    expect(groupOf(pt, "events")?.relaxed).toBe(false);
    // The product in Portuguese, found by its Portuguese word without the accent's help.
    const tee = await searchOk(q("camiseta turne", "&lang=pt-BR"));
    expect(itemsOf(tee, "products")).toEqual([expect.objectContaining({ id: PRODUCT_LIVE, title: "Camiseta da turnê Yarrow", href: "/store/zz-search-tee" })]);
  });

  it("ranks a title match above a match in other texts", async () => {
    // Every track of an album has the album's title in its texts; the track named so comes first.
    const body = await searchOk(q("corazon electric", "&kind=tracks"));
    expect(idsOf(body, "tracks")[0]).toBe("rhythm-of-the-promise-7");
  });
});

describe("who finds what", () => {
  const postsFor = async (role: Role) => idsOf(await searchOk(q("zephyrine", "&kind=posts"), role), "posts").sort();

  it("a visitor finds public posts only; a member also members' posts; VIPs and admins also VIP-only ones", async () => {
    const expected: Record<Role, string[]> = {
      visitor: [POSTS.public.id],
      banned: [POSTS.public.id],
      user: [POSTS.public.id, POSTS.members.id],
      vip: [POSTS.public.id, POSTS.members.id, POSTS.vip.id],
      admin: [POSTS.public.id, POSTS.members.id, POSTS.vip.id, BANNED_POST.id],
    };
    for (const role of ROLES) expect(await postsFor(role), role).toEqual(expected[role].sort());
  });

  it("never hands a VIP-only post's text to a visitor or member, however it is asked for", async () => {
    for (const role of ["visitor", "user", "banned"] as const) {
      for (const query of [q(VIP_TEXT), q("zephyrine vip secret"), q("backstage", "&kind=posts"), q("quokk", "&kind=posts")]) {
        const res = await search(query, role);
        expect(res.status).toBe(200);
        const raw = JSON.stringify((await res.json<SearchResponse>()).groups);
        expect(raw, `${role} ${query}`).not.toContain(VIP_TEXT);
        expect(raw).not.toContain(POSTS.vip.id);
      }
    }
    expect(JSON.stringify(await searchOk(q(VIP_TEXT), "vip"))).toContain(VIP_TEXT);
  });

  it("finds no hidden post, draft event, draft product or release before its early access, for anyone", async () => {
    for (const role of ROLES) {
      const posts = await searchOk(q("moderator zephyrine"), role);
      expect(idsOf(posts, "posts"), role).toEqual([]);
      const shows = await searchOk(q("secret draft show"), role);
      expect(idsOf(shows, "events"), role).not.toContain(EVENT_DRAFT);
      const merch = await searchOk(q("yarrow"), role);
      expect(idsOf(merch, "products"), role).toEqual([PRODUCT_LIVE]);
      const music = await searchOk(q("quetzal"), role);
      expect(idsOf(music, "tracks"), role).toEqual([`${ALBUM_EARLY}-1`]);
      expect(idsOf(music, "albums"), role).toEqual([ALBUM_EARLY]);
      expect(itemsOf(music, "tracks")[0]?.earlyAccess).toBe(true);
    }
  });

  it("finds members for signed-in readers only, banned ones for admins only", async () => {
    expect(idsOf(await searchOk(q("xylo"), "visitor"), "members")).toEqual([]);
    expect(idsOf(await searchOk(q("xylo"), "banned"), "members")).toEqual([]);
    const member = await searchOk(q("xylo", "&kind=members"), "user");
    expect(idsOf(member, "members").sort()).toEqual([users.user.id, users.vip.id, users.admin.id].sort());
    expect(JSON.stringify(member)).not.toContain("@example.com");
    expect(idsOf(await searchOk(q("xylo", "&kind=members"), "admin"), "members")).toContain(users.banned.id);
    // By the profile's location as well.
    const recife = itemsOf(await searchOk(q("recife xylo"), "vip"), "members");
    expect(recife).toEqual([expect.objectContaining({ id: users.user.id, subtitle: "Recife", href: `/social/profile/${users.user.id}` })]);
  });

  it("is never kept in a shared cache", async () => {
    const res = await search(q("cora"));
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("paging", () => {
  it("gives one kind 20 at a time, each match once, then no next page", async () => {
    const author = await createUser("user");
    const base = Date.now();
    await D1.batch(
      Array.from({ length: SEARCH_PAGE_SIZE + 5 }, (_, i) =>
        D1.prepare("INSERT INTO posts (id, user_id, content, visibility, created_at) VALUES (?1, ?2, ?3, 'public', ?4)").bind(
          crypto.randomUUID(),
          author.id,
          `Vortigern number ${i}`,
          base + i,
        ),
      ),
    );
    const first = await searchOk(q("vortigern", "&kind=posts"));
    expect(first.groups).toHaveLength(1);
    expect(first.groups[0]).toMatchObject({ kind: "posts", nextOffset: SEARCH_PAGE_SIZE });
    expect(first.groups[0]!.items).toHaveLength(SEARCH_PAGE_SIZE);
    const second = await searchOk(q("vortigern", `&kind=posts&offset=${SEARCH_PAGE_SIZE}`));
    expect(second.groups[0]).toMatchObject({ kind: "posts", nextOffset: null });
    expect(second.groups[0]!.items).toHaveLength(5);
    const all = [...idsOf(first, "posts"), ...idsOf(second, "posts")];
    expect(new Set(all).size).toBe(SEARCH_PAGE_SIZE + 5);
    // The grouped answer: the best few of the kind, and a sign there are more.
    const grouped = await searchOk(q("vortigern"));
    expect(grouped.groups.map((g) => g.kind)).toEqual(["posts"]);
    expect(grouped.groups[0]!.items).toHaveLength(5);
    expect(grouped.groups[0]!.nextOffset).toBe(5);
    // Past the end: an empty page, not a relaxed search.
    const past = await searchOk(q("vortigern", "&kind=posts&offset=100"));
    expect(past).toEqual({ query: "vortigern", groups: [{ kind: "posts", items: [], nextOffset: null, relaxed: false }] });
  });
});

describe("bad queries", () => {
  it("answers a missing, blank or too long query with its 400", async () => {
    for (const query of ["", "q=", `q=${encodeURIComponent("   ")}`, "kind=tracks"]) {
      const res = await search(query);
      expect(res.status, query).toBe(400);
      expect(await errorOf(res)).toEqual(ruleError(SEARCH_MESSAGES.queryRequired, "q"));
    }
    const long = await search(q("a".repeat(1000)));
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toEqual(ruleError(SEARCH_MESSAGES.queryTooLong, "q"));
    expect((await search(q("b".repeat(SEARCH_QUERY_MAX)))).status).toBe(200);
  });

  it("answers an unknown kind or a bad offset with invalid_input", async () => {
    for (const query of [
      q("cora", "&kind=tickets"),
      q("cora", "&kind=tracks&offset=-1"),
      q("cora", "&kind=tracks&offset=x"),
      q("cora", "&kind=tracks&offset=5000"),
    ]) {
      const res = await search(query);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
  });

  it("reads FTS syntax as plain text: never an error, never a 500", async () => {
    const typed = [
      '"',
      "*",
      "NEAR(",
      "-",
      ":",
      "^",
      "cora*",
      '"cora',
      "cora -electric",
      "title:cora",
      "^cora",
      "NEAR(cora electric, 2)",
      "cora AND OR NOT",
      ")(",
      "{cora}",
      "+",
      "'; DROP TABLE posts; --",
      "\\",
      "%_",
      "😀",
    ];
    for (const text of typed) {
      for (const role of ["visitor", "admin"] as const) {
        const res = await search(q(text), role);
        expect(res.status, `${role} ${text}`).toBe(200);
        const body = await res.json<SearchResponse>();
        expect(body.query).toBe(text);
      }
    }
    // Only symbols: nothing to match, so nothing found.
    for (const text of ['"', "*", "-", ":", "^", ")(", "😀"]) expect((await searchOk(q(text))).groups, text).toEqual([]);
    // The words among the symbols are still searched.
    expect(idsOf(await searchOk(q('"cora*', "&kind=tracks")), "tracks")).toContain("latin-heat-sessions-7");
    const posts = await D1.prepare("SELECT count(*) AS n FROM posts").first<{ n: number }>();
    expect(posts!.n).toBeGreaterThan(0);
  });
});

describe("the per-address limit", () => {
  it(
    "answers 429 rate_limited past its searches a minute from one address, bad queries counted too; another address is served",
    async () => {
      await inOneEdgeLimitWindow();
      const ip = useFreshClientIp();
      const { max } = EDGE_RATE_LIMITS.searchesPerIp;
      for (let i = 0; i < max - 1; i++) expect((await call("/api/search?q=river", { headers: { "cf-connecting-ip": ip } })).status).toBe(200);
      expect((await call("/api/search?q=", { headers: { "cf-connecting-ip": ip } })).status).toBe(400);
      const over = await call("/api/search?q=river", { headers: { "cf-connecting-ip": ip } });
      expect(over.status).toBe(429);
      expect((await errorOf(over)).code).toBe("rate_limited");
      expect((await call("/api/search?q=river", { headers: { "cf-connecting-ip": useFreshClientIp() } })).status).toBe(200);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );
});

describe("the /search page", () => {
  it("is rendered by the Worker for a visitor, in the page's language, with what a visitor may find", async () => {
    const res = await page(`/search?q=${encodeURIComponent("zephyrine coracao")}`, { headers: { "accept-language": "pt-BR" } });
    expect(res.status).toBe(200);
    // Results pages are for people: crawlers index the things found, not lists of them.
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const root = rootOf(await res.text());
    expect(root).toContain("Posts");
    expect(root).toContain("Zephyrine public: o coração da pista");
    expect(root).toContain(`href="/social/post/${POSTS.public.id}"`);
    expect(root).not.toContain("ensaio");
    const tracks = rootOf(await (await page("/search?q=coracao", { headers: { "accept-language": "pt-BR" } })).text());
    expect(tracks).toContain("Corazón Electric");
    expect(tracks).toContain("Resultados aproximados");
    expect(tracks).toContain('href="/music/track/rhythm-of-the-promise-7"');
  });
});

// Text that renders blank is empty text, through the routes too (userText, worker/contracts/text.ts):
// a post and an admin album title of invisible characters only get the field's "required" error,
// line/paragraph separators and noncharacters are refused, and nothing is stored.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf, ruleError, type TestUser } from "./helpers";
import { FEED_MESSAGES } from "../../worker/contracts/feed";
import { CATALOG_MESSAGES } from "../../worker/contracts/music/admin-catalog";
import { TEXT_MESSAGES } from "../../worker/contracts/text";

const D1 = (env as unknown as { DB: D1Database }).DB;

const BLANK = [
  ["tag characters", "\u{E0001}\u{E0074}\u{E0061}\u{E0067}\u{E007F}"],
  ["zero-width spaces and joiners", "\u200B\u200D\u2060\uFEFF"],
  ["a Hangul filler between spaces", " \u3164 "],
] as const;
const REFUSED = [
  ["a line separator", "Freestyle\u2028Forever"],
  ["a paragraph separator", "Freestyle\u2029Forever"],
  ["a noncharacter", "Freestyle\uFFFF"],
] as const;

let member: TestUser;
let admin: TestUser;
beforeAll(async () => {
  member = await createUser("user");
  admin = await createUser("admin");
});

const countOf = async (sql: string, ...binds: string[]) =>
  (await D1.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("POST /api/posts", () => {
  it.each([
    ...BLANK.map(([label, content]) => [label, content, FEED_MESSAGES.postRequired] as const),
    ...REFUSED.map(([label, content]) => [label, content, TEXT_MESSAGES.invalidCharacters] as const),
  ])("refuses content of %s with a 400 and stores nothing", async (_, content, message) => {
    const res = await call("/api/posts", { json: { content }, cookie: member.cookie });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject(ruleError(message, "content"));
    expect(await countOf("SELECT count(*) AS n FROM posts WHERE user_id = ?1", member.id)).toBe(0);
  });

  it("keeps an emoji made with a zero-width joiner", async () => {
    const res = await call("/api/posts", { json: { content: "👨\u200D👩\u200D👧" }, cookie: member.cookie });
    expect(res.status).toBe(201);
  });
});

describe("POST /api/admin/catalog/albums", () => {
  it.each([
    ...BLANK.map(([label, title]) => [label, title, CATALOG_MESSAGES.titleRequired] as const),
    ...REFUSED.map(([label, title]) => [label, title, TEXT_MESSAGES.invalidCharacters] as const),
  ])("refuses a title of %s with a 400 and stores nothing", async (_, title, message) => {
    const before = await countOf("SELECT count(*) AS n FROM albums");
    const res = await call("/api/admin/catalog/albums", { json: { title, year: 1988, type: "Single" }, cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject(ruleError(message, "title"));
    expect(await countOf("SELECT count(*) AS n FROM albums")).toBe(before);
  });
});

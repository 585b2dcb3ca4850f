// GET /api/profiles/mentions?q= (the composer's @username autocomplete) and GET
// /api/profiles/by-username/:username (where an @username link leads). Storage is shared by the
// tests of this file, so each test's usernames start with a prefix of its own.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../worker/contracts/auth";
import { MENTION_SUGGESTIONS_MAX, type MentionSuggestionsResponse, type ProfileResponse } from "../../worker/contracts/profiles";
import { users } from "../../worker/db/schema/accounts";
import { call, createUser, db, errorOf, ruleError, type TestUser } from "./helpers";

const mentions = (q: string, viewer: TestUser | null) => call(`/api/profiles/mentions?q=${encodeURIComponent(q)}`, { cookie: viewer?.cookie });

let prefixCounter = 0;
/** A username prefix no other test uses: letters only, so the tests below can add `_` and digits. */
const freshPrefix = () =>
  `m${crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6)}${"abcdefghij"[prefixCounter++ % 10]}`;

async function namesFor(q: string, viewer: TestUser): Promise<string[]> {
  const res = await mentions(q, viewer);
  expect(res.status).toBe(200);
  return (await res.json<MentionSuggestionsResponse>()).members.map((m) => m.username);
}

describe("GET /api/profiles/mentions", () => {
  it("refuses a visitor with 401 and answers a member with 200", async () => {
    const p = freshPrefix();
    const member = await createUser("user", { username: `${p}_member` });
    const res = await mentions(p, null);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
    const ok = await mentions(p, member);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ members: [{ username: `${p}_member`, avatarUrl: null }] });
  });

  it("matches the start of the username case-insensitively, the exact match first, then by username", async () => {
    const p = freshPrefix();
    const viewer = await createUser("user");
    await createUser("user", { username: `${p}Zed` });
    await createUser("user", { username: `${p}alpha` });
    await createUser("vip", { username: p.toUpperCase() });
    await createUser("user", { username: `x${p}` }); // contains the prefix, does not start with it
    await db()
      .update(users)
      .set({ avatarUrl: "/uploads/avatars/a.png" })
      .where(eq(users.username, `${p}alpha`));
    const res = await mentions(p.toUpperCase(), viewer);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      members: [
        { username: p.toUpperCase(), avatarUrl: null },
        { username: `${p}alpha`, avatarUrl: "/uploads/avatars/a.png" },
        { username: `${p}Zed`, avatarUrl: null },
      ],
    });
  });

  it(`answers at most ${MENTION_SUGGESTIONS_MAX} members`, async () => {
    const p = freshPrefix();
    const viewer = await createUser("user");
    for (let i = 0; i < MENTION_SUGGESTIONS_MAX + 2; i++) await createUser("user", { username: `${p}${String(i).padStart(2, "0")}` });
    const names = await namesFor(p, viewer);
    expect(names).toEqual(Array.from({ length: MENTION_SUGGESTIONS_MAX }, (_, i) => `${p}${String(i).padStart(2, "0")}`));
  });

  it("leaves out members under a ban in force, and lists one whose timed ban has ended", async () => {
    const p = freshPrefix();
    const viewer = await createUser("user");
    await createUser("user", { username: `${p}_active` });
    await createUser("banned", { username: `${p}_banned` });
    const ended = await createUser("user", { username: `${p}_ended` });
    const timed = await createUser("user", { username: `${p}_timed` });
    await db()
      .update(users)
      .set({ status: "banned", bannedAt: new Date(Date.now() - 7_200_000), bannedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, ended.id));
    await db()
      .update(users)
      .set({ status: "banned", bannedAt: new Date(), bannedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(users.id, timed.id));
    expect(await namesFor(p, viewer)).toEqual([`${p}_active`, `${p}_ended`]);
  });

  it("takes `_` literally (no LIKE wildcard) and refuses `%` as a character no username has", async () => {
    const p = freshPrefix();
    const viewer = await createUser("user");
    await createUser("user", { username: `${p}_x` });
    await createUser("user", { username: `${p}ax` });
    expect(await namesFor(`${p}_`, viewer)).toEqual([`${p}_x`]);
    const res = await mentions(`${p}%`, viewer);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual(ruleError(AUTH_MESSAGES.usernamePattern, "q"));
  });

  it("refuses a missing, empty, too long or badly formed q with 400 and the username rule's code", async () => {
    const viewer = await createUser("user");
    const cases: [string, ReturnType<typeof ruleError>][] = [
      ["/api/profiles/mentions", { code: "invalid_input", message: expect.any(String) as unknown as string, field: "q" }],
      ["/api/profiles/mentions?q=", ruleError(AUTH_MESSAGES.usernameRequired, "q")],
      [`/api/profiles/mentions?q=${"a".repeat(31)}`, ruleError(AUTH_MESSAGES.usernameTooLong, "q")],
      ["/api/profiles/mentions?q=ma%20x", ruleError(AUTH_MESSAGES.usernamePattern, "q")],
      ["/api/profiles/mentions?q=%40ma", ruleError(AUTH_MESSAGES.usernamePattern, "q")],
    ];
    for (const [path, error] of cases) {
      const res = await call(path, { cookie: viewer.cookie });
      expect(res.status, path).toBe(400);
      expect(await errorOf(res), path).toEqual(error);
    }
  });
});

describe("GET /api/profiles/by-username/:username", () => {
  it("answers the named member's profile (any case), 404 for a banned or unknown one, 401 for a visitor", async () => {
    const p = freshPrefix();
    const viewer = await createUser("user");
    const member = await createUser("user", { username: `${p}_rita` });
    await createUser("banned", { username: `${p}_gone` });
    const res = await call(`/api/profiles/by-username/${p.toUpperCase()}_RITA`, { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<ProfileResponse>()).profile).toMatchObject({ id: member.id, username: `${p}_rita` });
    expect((await call(`/api/profiles/by-username/${p}_gone`, { cookie: viewer.cookie })).status).toBe(404);
    expect((await call(`/api/profiles/by-username/${p}_nobody`, { cookie: viewer.cookie })).status).toBe(404);
    expect((await call(`/api/profiles/by-username/${p}_rita`)).status).toBe(401);
    const bad = await call("/api/profiles/by-username/bad%25name", { cookie: viewer.cookie });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("username_pattern");
  });
});

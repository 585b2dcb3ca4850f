import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createUser, db, errorOf, ruleError, type TestUser } from "./helpers";
import { posts } from "../../worker/db/schema/feed";
import { profiles, users } from "../../worker/db/schema/accounts";
import type { ProfilePostsResponse, ProfileResponse, ProfileView } from "../../worker/contracts/profiles";
import { TEXT_MESSAGES } from "../../worker/contracts/text";
import { updateOwnProfile } from "../../worker/db/profiles";
import { isUniqueViolation } from "../../worker/db/d1";

const PROFILE_KEYS = ["avatarUrl", "bio", "createdAt", "id", "isAdmin", "isVIP", "location", "monthsSupported", "tier", "username", "website"];

const getProfile = (id: string, viewer: TestUser | null) => call(`/api/profiles/${id}`, { cookie: viewer?.cookie });
const getPosts = (id: string, viewer: TestUser | null) => call(`/api/profiles/${id}/posts`, { cookie: viewer?.cookie });
const patchMe = (viewer: TestUser | null, json: unknown) => call("/api/profiles/me", { method: "PATCH", json, cookie: viewer?.cookie });

async function profileOf(id: string, viewer: TestUser): Promise<ProfileView> {
  const res = await getProfile(id, viewer);
  expect(res.status).toBe(200);
  return (await res.json<ProfileResponse>()).profile;
}

const userRow = (id: string) => db().select().from(users).where(eq(users.id, id)).get();
const profileRow = (id: string) => db().select().from(profiles).where(eq(profiles.userId, id)).get();

describe("GET /api/profiles/:id", () => {
  it("refuses a visitor with 401", async () => {
    const owner = await createUser("user");
    const res = await getProfile(owner.id, null);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
  });

  it("refuses a banned user (the session resolves to nobody) with 401", async () => {
    const owner = await createUser("user");
    const banned = await createUser("banned");
    expect((await getProfile(owner.id, banned)).status).toBe(401);
  });

  it("shows a signed-in user someone else's profile, without e-mail or password hash", async () => {
    const owner = await createUser("user");
    const viewer = await createUser("user");
    await db().update(profiles).set({ bio: "Freestyle forever", website: "https://owner.example.com", location: "Miami" }).where(eq(profiles.userId, owner.id));
    const res = await getProfile(owner.id, viewer);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain("pbkdf2");
    const { profile } = JSON.parse(text) as ProfileResponse;
    expect(Object.keys(profile).sort()).toEqual(PROFILE_KEYS);
    expect(profile).toMatchObject({
      id: owner.id,
      username: owner.username,
      avatarUrl: null,
      bio: "Freestyle forever",
      website: "https://owner.example.com",
      location: "Miami",
      isVIP: false,
      isAdmin: false,
    });
    const stored = await userRow(owner.id);
    expect(profile.createdAt).toBe(stored!.createdAt.toISOString());
  });

  it("flags a VIP as VIP and not admin", async () => {
    const vip = await createUser("vip");
    const viewer = await createUser("user");
    expect(await profileOf(vip.id, viewer)).toMatchObject({ isVIP: true, isAdmin: false, tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } } });
  });

  it("does not show others that an account is an admin; the admin sees it on their own page", async () => {
    const admin = await createUser("admin");
    for (const role of ["user", "vip"] as const) {
      const viewer = await createUser(role);
      expect(await profileOf(admin.id, viewer)).toMatchObject({ isAdmin: false, isVIP: false });
    }
    expect((await profileOf(admin.id, await createUser("admin"))).isAdmin).toBe(false);
    expect((await profileOf(admin.id, admin)).isAdmin).toBe(true);
    const own = await patchMe(admin, { bio: "Running the site" });
    expect((await own.json<ProfileResponse>()).profile.isAdmin).toBe(true);
  });

  it("treats an admin marked only by users.is_admin alike", async () => {
    const flagged = await createUser("user");
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, flagged.id));
    expect((await profileOf(flagged.id, await createUser("user"))).isAdmin).toBe(false);
    expect((await profileOf(flagged.id, flagged)).isAdmin).toBe(true);
  });

  it("hides a banned member's profile and posts from members and VIPs (404), not from admins", async () => {
    const banned = await createUser("banned");
    await db().insert(posts).values({ id: crypto.randomUUID(), userId: banned.id, content: "spam" });
    for (const role of ["user", "vip"] as const) {
      const viewer = await createUser(role);
      const res = await getProfile(banned.id, viewer);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: "not_found", message: "Profile not found" });
      expect((await getPosts(banned.id, viewer)).status).toBe(404);
    }
    const admin = await createUser("admin");
    expect((await profileOf(banned.id, admin)).id).toBe(banned.id);
    const posts_ = await getPosts(banned.id, admin);
    expect(posts_.status).toBe(200);
    expect((await posts_.json<ProfilePostsResponse>()).posts.map((p) => p.content)).toEqual(["spam"]);
  });

  it("falls back to the e-mail's local part when no username is stored", async () => {
    const owner = await createUser("user", { email: "dj.lisa@example.com", username: "placeholder_name" });
    await db().update(users).set({ username: "" }).where(eq(users.id, owner.id));
    expect((await profileOf(owner.id, owner)).username).toBe("dj.lisa");
  });

  it("shows a profile whose profiles row is missing, with empty fields", async () => {
    const owner = await createUser("user");
    await db().delete(profiles).where(eq(profiles.userId, owner.id));
    expect(await profileOf(owner.id, owner)).toMatchObject({ id: owner.id, bio: null, website: null, location: null });
  });

  it("answers 404 'Profile not found' for an unknown id", async () => {
    const viewer = await createUser("admin");
    const res = await getProfile(crypto.randomUUID(), viewer);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "not_found", message: "Profile not found" });
  });

  it.each(["not-a-uuid", "1", "me", "%27%20OR%201%3D1", `${crypto.randomUUID()}x`])("answers 400 for the malformed id %s", async (id) => {
    const viewer = await createUser("user");
    const res = await getProfile(id, viewer);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });
});

describe("GET /api/profiles/:id/posts", () => {
  it("lists nothing for a user without posts", async () => {
    const owner = await createUser("user");
    const res = await getPosts(owner.id, owner);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ posts: [] });
  });

  it("lists only that user's posts, newest first, in the documented shape", async () => {
    const owner = await createUser("user");
    const other = await createUser("user");
    const viewer = await createUser("vip");
    const at = (iso: string) => new Date(iso);
    await db()
      .insert(posts)
      .values([
        { id: "p-old", userId: owner.id, content: "first", createdAt: at("2025-01-01T10:00:00.000Z") },
        {
          id: "p-new",
          userId: owner.id,
          content: "latest",
          imageUrl: "/uploads/posts/x.png",
          imageWidth: 640,
          imageHeight: 480,
          createdAt: at("2025-03-01T10:00:00.000Z"),
        },
        { id: "p-mid", userId: owner.id, content: "middle", createdAt: at("2025-02-01T10:00:00.000Z") },
        { id: "p-other", userId: other.id, content: "not theirs", createdAt: at("2025-04-01T10:00:00.000Z") },
      ]);
    const res = await getPosts(owner.id, viewer);
    expect(res.status).toBe(200);
    const body = await res.json<ProfilePostsResponse>();
    expect(body.posts).toEqual([
      { id: "p-new", content: "latest", imageUrl: "/uploads/posts/x.png", imageWidth: 640, imageHeight: 480, createdAt: "2025-03-01T10:00:00.000Z" },
      { id: "p-mid", content: "middle", imageUrl: null, imageWidth: null, imageHeight: null, createdAt: "2025-02-01T10:00:00.000Z" },
      { id: "p-old", content: "first", imageUrl: null, imageWidth: null, imageHeight: null, createdAt: "2025-01-01T10:00:00.000Z" },
    ]);
  });

  it("refuses a visitor with 401 and a banned user with 401", async () => {
    const owner = await createUser("user");
    const banned = await createUser("banned");
    expect((await getPosts(owner.id, null)).status).toBe(401);
    expect((await getPosts(owner.id, banned)).status).toBe(401);
  });

  it("answers 404 for an unknown user and 400 for a malformed id", async () => {
    const viewer = await createUser("user");
    const missing = await getPosts(crypto.randomUUID(), viewer);
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ code: "not_found", message: "Profile not found" });
    expect((await getPosts("abc", viewer)).status).toBe(400);
  });
});

describe("PATCH /api/profiles/me", () => {
  it("updates every field for the owner and returns the new profile", async () => {
    const owner = await createUser("user");
    const before = await userRow(owner.id);
    const res = await patchMe(owner, { username: "New_Name_1", bio: "  I love freestyle  ", website: "https://my.site.example/page", location: "São Paulo" });
    expect(res.status).toBe(200);
    const { profile } = await res.json<ProfileResponse>();
    expect(profile).toMatchObject({
      id: owner.id,
      username: "New_Name_1",
      bio: "I love freestyle",
      website: "https://my.site.example/page",
      location: "São Paulo",
    });
    expect(await profileOf(owner.id, owner)).toEqual(profile);
    const after = await userRow(owner.id);
    expect(after!.username).toBe("New_Name_1");
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
    expect(after!.email).toBe(owner.email);
  });

  it.each(["vip", "admin"] as const)("lets a %s edit their own profile and keeps their roles", async (role) => {
    const owner = await createUser(role);
    const res = await patchMe(owner, { bio: `hello from a ${role}` });
    expect(res.status).toBe(200);
    const { profile } = await res.json<ProfileResponse>();
    expect(profile.bio).toBe(`hello from a ${role}`);
    expect(role === "vip" ? profile.isVIP : profile.isAdmin).toBe(true);
  });

  it("changes only the fields sent", async () => {
    const owner = await createUser("user");
    await patchMe(owner, { bio: "bio", website: "https://a.example.com", location: "Rio" });
    const res = await patchMe(owner, { location: "Recife" });
    expect((await res.json<ProfileResponse>()).profile).toMatchObject({
      username: owner.username,
      bio: "bio",
      website: "https://a.example.com",
      location: "Recife",
    });
  });

  it("clears bio, website and location with empty strings", async () => {
    const owner = await createUser("user");
    await patchMe(owner, { bio: "bio", website: "https://a.example.com", location: "Rio" });
    const res = await patchMe(owner, { bio: "   ", website: "", location: "" });
    expect(res.status).toBe(200);
    expect((await res.json<ProfileResponse>()).profile).toMatchObject({ bio: null, website: null, location: null });
    expect(await profileRow(owner.id)).toMatchObject({ bio: null, website: null, location: null });
  });

  it("creates the profiles row when it is missing", async () => {
    const owner = await createUser("user");
    await db().delete(profiles).where(eq(profiles.userId, owner.id));
    const res = await patchMe(owner, { bio: "fresh" });
    expect(res.status).toBe(200);
    expect((await profileRow(owner.id))?.bio).toBe("fresh");
  });

  it("accepts the owner's own username in another case", async () => {
    const owner = await createUser("user", { username: "Mixmaster" });
    const res = await patchMe(owner, { username: "MIXMASTER" });
    expect(res.status).toBe(200);
    expect((await res.json<ProfileResponse>()).profile.username).toBe("MIXMASTER");
  });

  it("answers 409 username_taken when another account has the name in any case", async () => {
    await createUser("user", { username: "TakenName" });
    const owner = await createUser("user");
    await patchMe(owner, { bio: "keep me" });
    const res = await patchMe(owner, { username: "takenname", bio: "changed" });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "username_taken", message: "This username is already taken" });
    expect((await userRow(owner.id))!.username).toBe(owner.username);
    expect((await profileRow(owner.id))!.bio).toBe("keep me");
  });

  it("recognises the unique index's refusal of a rename that raced past the pre-check", async () => {
    // The route answers this error with the same 409 username_taken.
    await createUser("user", { username: "RacedName" });
    const owner = await createUser("user");
    const err = await updateOwnProfile(db(), owner.id, { username: "racedname" }).catch((e: unknown) => e);
    expect(isUniqueViolation(err, "users_username_unique")).toBe(true);
    expect(isUniqueViolation(err, "tickets.order_id")).toBe(false);
    expect((await userRow(owner.id))!.username).toBe(owner.username);
  });

  it.each([
    [{ username: "bad name!" }, "username", "Username can only contain letters, numbers, and underscores"],
    [{ username: "" }, "username", "Username is required"],
    [{ website: "not a url" }, "website", "Please enter a valid URL"],
    [{ website: "javascript:alert(1)" }, "website", "Please enter a valid URL"],
    [{ website: "ftp://files.example.com" }, "website", "Please enter a valid URL"],
    [{ bio: "x".repeat(501) }, "bio", "Bio must be at most 500 characters"],
    [{ location: "y".repeat(101) }, "location", "Location must be at most 100 characters"],
  ])("refuses %j with 400 and the field's message", async (body, field, message) => {
    const owner = await createUser("user");
    const res = await patchMe(owner, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: ruleError(message, field) });
  });

  it("answers a bio one character too long with bio_too_long, the field and the limit", async () => {
    const owner = await createUser("user");
    const res = await patchMe(owner, { bio: "b".repeat(501) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "bio_too_long", message: "Bio must be at most 500 characters", field: "bio", params: { max: 500 } } });
  });

  it.each([
    [{ isVIP: true }],
    [{ isAdmin: true }],
    [{ email: "new@example.com" }],
    [{ avatarUrl: "https://evil.example/x.png" }],
    [{ bio: "ok", id: "00000000-0000-0000-0000-000000000000" }],
  ])("refuses the unknown field in %j and changes nothing", async (body) => {
    const owner = await createUser("user");
    const res = await patchMe(owner, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
    const row = await userRow(owner.id);
    expect(row).toMatchObject({ isVip: false, isAdmin: false, email: owner.email, avatarUrl: null });
    expect((await profileRow(owner.id))!.bio).toBeNull();
  });

  it.each([[{ bio: 123 }], [{ username: null }], [{ website: ["https://a.example.com"] }], [{ location: { city: "Rio" } }], [["bio"]], ["bio"]])(
    "refuses the wrongly typed body %j with 400",
    async (body) => {
      const owner = await createUser("user");
      const res = await patchMe(owner, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    },
  );

  it.each([
    ["a lone high surrogate", "bio", "fan \ud800 forever"],
    ["a lone low surrogate", "location", "\udc00Miami"],
    ["a NUL character", "bio", "hello\u0000world"],
    ["an escape character", "location", "\u001b[31mred"],
    ["a right-to-left override", "bio", "innocent \u202Egnp.exe"],
    ["a left-to-right isolate", "location", "\u2066Miami\u2069"],
    ["a newline in a single-line field", "location", "Miami\nBeach"],
    ["a C1 control character", "bio", "next\u0085line"],
  ])("refuses %s (400) and keeps what was stored", async (_label, field, value) => {
    const owner = await createUser("user");
    expect((await patchMe(owner, { bio: "Kept bio", location: "Kept place" })).status).toBe(200);
    const res = await patchMe(owner, { [field]: value });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: "invalid_characters", message: TEXT_MESSAGES.invalidCharacters, field });
    expect(await profileRow(owner.id)).toMatchObject({ bio: "Kept bio", location: "Kept place" });
  });

  it("keeps newlines and tabs in the bio (CRLF becomes LF), emoji and accents intact, NFC-normalised", async () => {
    const owner = await createUser("user");
    const decomposed = "Jose\u0301 \u{1F3B6}\r\nline two\twith a tab";
    const res = await patchMe(owner, { bio: decomposed, location: "Sa\u0303o Paulo" });
    expect(res.status).toBe(200);
    const stored = await profileRow(owner.id);
    expect(stored?.bio).toBe("Jos\u00e9 \u{1F3B6}\nline two\twith a tab");
    expect(stored?.location).toBe("S\u00e3o Paulo");
  });

  it("counts length after normalising: 500 composed characters fit the bio", async () => {
    const owner = await createUser("user");
    expect((await patchMe(owner, { bio: "e\u0301".repeat(500) })).status).toBe(200);
    expect((await profileRow(owner.id))?.bio).toBe("\u00e9".repeat(500));
  });

  it("refuses malformed JSON with 400", async () => {
    const owner = await createUser("user");
    const res = await call("/api/profiles/me", { method: "PATCH", body: "{bio:", cookie: owner.cookie, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });

  it("refuses a visitor and a banned user with 401", async () => {
    const banned = await createUser("banned");
    expect((await patchMe(null, { bio: "x" })).status).toBe(401);
    expect((await patchMe(banned, { bio: "x" })).status).toBe(401);
    expect((await profileRow(banned.id))!.bio).toBeNull();
  });

  it("refuses a cross-site edit (CSRF)", async () => {
    const owner = await createUser("user");
    const res = await call("/api/profiles/me", { method: "PATCH", json: { bio: "pwned" }, cookie: owner.cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await profileRow(owner.id))!.bio).toBeNull();
  });
});

describe("only the owner edits a profile", () => {
  it.each(["PATCH", "PUT", "POST", "DELETE"])("has no %s route that takes another user's id", async (method) => {
    const victim = await createUser("user");
    const attacker = await createUser("admin");
    const res = await call(`/api/profiles/${victim.id}`, { method, json: { bio: "defaced", username: "defaced" }, cookie: attacker.cookie });
    expect(res.status).toBe(404);
    expect((await userRow(victim.id))!.username).toBe(victim.username);
    expect((await profileRow(victim.id))!.bio).toBeNull();
  });

  it("edits the caller's own profile through /me, never the one named elsewhere", async () => {
    const victim = await createUser("user");
    const caller = await createUser("user");
    const res = await call(`/api/profiles/me?id=${victim.id}`, { method: "PATCH", json: { bio: "mine" }, cookie: caller.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<ProfileResponse>()).profile.id).toBe(caller.id);
    expect((await profileRow(victim.id))!.bio).toBeNull();
  });
});

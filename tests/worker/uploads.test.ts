import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ORIGIN, call, createUser, db, errorOf, type TestUser } from "./helpers";
import { users } from "../../worker/db/schema/accounts";
import { AVATAR_FILENAME_PATTERN, AVATAR_MAX_BYTES, PROFILE_MESSAGES, type AvatarUploadResponse } from "../../worker/contracts/profiles";
import { claimingSize, GIF_1X1, JPEG_1X1, PNG_1X1, pngSized, WEBP_1X1 } from "./image-fixtures";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;

function avatarForm(bytes: Uint8Array, name = "avatar.png", type = "image/png", field = "avatar") {
  const form = new FormData();
  form.append(field, new File([bytes], name, { type }));
  return form;
}

const upload = (user: TestUser | null, form: FormData) => call("/api/uploads/avatar", { body: form, cookie: user?.cookie });

async function uploadOk(user: TestUser, bytes: Uint8Array, name?: string, type?: string) {
  const res = await upload(user, avatarForm(bytes, name, type));
  expect(res.status).toBe(200);
  return res.json<AvatarUploadResponse>();
}

const avatarKeysOf = async (userId: string) => (await media.list({ prefix: `avatars/${userId}-` })).objects.map((o) => o.key);
const storedAvatarUrl = async (userId: string) => (await db().select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId)).get())?.avatarUrl;

describe("POST /api/uploads/avatar: roles", () => {
  it("refuses a visitor with 401", async () => {
    const res = await upload(null, avatarForm(PNG_1X1));
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
  });

  it("refuses a banned user (the session resolves to nobody) with 401 and stores nothing", async () => {
    const banned = await createUser("banned");
    const res = await upload(banned, avatarForm(PNG_1X1));
    expect(res.status).toBe(401);
    expect(await avatarKeysOf(banned.id)).toEqual([]);
  });

  it.each(["user", "vip", "admin"] as const)("lets a %s upload their own avatar", async (role) => {
    const someone = await createUser(role);
    const body = await uploadOk(someone, PNG_1X1);
    expect(body.avatarUrl).toBe(`/uploads/avatars/${body.filename}`);
    expect(await storedAvatarUrl(someone.id)).toBe(body.avatarUrl);
  });

  it("refuses a cross-site upload (CSRF)", async () => {
    const user = await createUser("user");
    const res = await call("/api/uploads/avatar", { body: avatarForm(PNG_1X1), cookie: user.cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await avatarKeysOf(user.id)).toEqual([]);
  });
});

describe("POST /api/uploads/avatar: accepted images", () => {
  it("stores a PNG under a server-chosen key, records it, and serves it back byte-identical", async () => {
    const user = await createUser("user");
    const body = await uploadOk(user, PNG_1X1, "../../etc/passwd.png");
    expect(body.filename).toMatch(AVATAR_FILENAME_PATTERN);
    expect(body.filename.startsWith(`${user.id}-`)).toBe(true);
    expect(body.filename.endsWith(".png")).toBe(true);

    const object = await media.get(`avatars/${body.filename}`);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    // Read to the end: an R2 body left open would still be streaming when the next file's reset()
    // stops R2 (workerd logs a trace).
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG_1X1);
    expect(await storedAvatarUrl(user.id)).toBe(`/uploads/avatars/${body.filename}`);

    const profile = await call(`/api/profiles/${user.id}`, { cookie: user.cookie }).then((r) => r.json<{ profile: { avatarUrl: string } }>());
    expect(profile.profile.avatarUrl).toBe(body.avatarUrl);

    const served = await call(body.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("etag")).toBeTruthy();
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1X1);
  });

  it.each([
    ["JPEG", JPEG_1X1, "jpg", "image/jpeg"],
    ["GIF", GIF_1X1, "gif", "image/gif"],
    ["WebP", WEBP_1X1, "webp", "image/webp"],
  ] as const)("detects a %s by its bytes even when named and declared as a PNG", async (_label, bytes, ext, mime) => {
    const user = await createUser("user");
    const body = await uploadOk(user, bytes, "avatar.png", "image/png");
    expect(body.filename.endsWith(`.${ext}`)).toBe(true);
    const served = await call(body.avatarUrl);
    expect(served.headers.get("content-type")).toBe(mime);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it("accepts a file of exactly 2 MB", async () => {
    const user = await createUser("user");
    const body = await uploadOk(user, pngSized(AVATAR_MAX_BYTES));
    const object = await media.head(`avatars/${body.filename}`);
    expect(object?.size).toBe(AVATAR_MAX_BYTES);
  });

  it("deletes the previous avatar object after a second upload", async () => {
    const user = await createUser("user");
    const first = await uploadOk(user, PNG_1X1);
    const second = await uploadOk(user, GIF_1X1);
    expect(second.filename).not.toBe(first.filename);
    expect(await media.head(`avatars/${first.filename}`)).toBeNull();
    expect(await avatarKeysOf(user.id)).toEqual([`avatars/${second.filename}`]);
    expect(await storedAvatarUrl(user.id)).toBe(second.avatarUrl);
    expect((await call(first.avatarUrl)).status).toBe(404);
    const served = await call(second.avatarUrl);
    expect(served.status).toBe(200);
    // Read to the end: an R2 body left open is cut off by the next file's reset() (workerd logs a trace).
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(GIF_1X1);
  });

  it("never deletes an object that is not the uploader's own avatar", async () => {
    const alice = await createUser("user");
    const mallory = await createUser("user");
    const alices = await uploadOk(alice, PNG_1X1);
    // Pretend mallory's avatar_url points at alice's file (e.g. data from an old import).
    await db().update(users).set({ avatarUrl: alices.avatarUrl }).where(eq(users.id, mallory.id));
    await uploadOk(mallory, PNG_1X1);
    expect(await media.head(`avatars/${alices.filename}`)).not.toBeNull();
  });

  it("keeps working when the previous avatar was an outside URL", async () => {
    const user = await createUser("user");
    await db().update(users).set({ avatarUrl: "https://images.example.com/me.png" }).where(eq(users.id, user.id));
    const body = await uploadOk(user, PNG_1X1);
    expect(await storedAvatarUrl(user.id)).toBe(body.avatarUrl);
  });
});

describe("POST /api/uploads/avatar: refused input", () => {
  async function expectRefused(res: Response, status: number, code: string, message: string, user: TestUser) {
    expect(res.status).toBe(status);
    expect(await errorOf(res)).toMatchObject({ code, message });
    expect(await avatarKeysOf(user.id)).toEqual([]);
    expect(await storedAvatarUrl(user.id)).toBeNull();
  }

  it("refuses a text file renamed photo.png and declared image/png", async () => {
    const user = await createUser("user");
    const text = new TextEncoder().encode("just some text, not a picture\n");
    await expectRefused(await upload(user, avatarForm(text, "photo.png", "image/png")), 400, "not_image", "Please select an image file", user);
  });

  it("refuses an SVG, even a well-formed one", async () => {
    const user = await createUser("user");
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectRefused(await upload(user, avatarForm(svg, "a.svg", "image/svg+xml")), 400, "not_image", "Please select an image file", user);
  });

  it("refuses HTML that only borrows the start of a signature", async () => {
    const user = await createUser("user");
    const html = new TextEncoder().encode("RIFF<html><script>alert(1)</script>");
    await expectRefused(await upload(user, avatarForm(html, "a.webp", "image/webp")), 400, "not_image", "Please select an image file", user);
  });

  it.each(["png", "gif", "jpeg", "webp"] as const)("refuses a %s whose header claims more than 8,000 px a side, and stores nothing", async (kind) => {
    const user = await createUser("user");
    for (const [w, h] of [
      [8001, 10],
      [10, 8001],
    ]) {
      const res = await upload(user, avatarForm(claimingSize(kind, w!, h!)));
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "image_dimensions", message: PROFILE_MESSAGES.imageDimensions, params: { max: 8000 } });
    }
    expect(await avatarKeysOf(user.id)).toEqual([]);
    expect(await storedAvatarUrl(user.id)).toBeNull();
    // Exactly 8,000 px a side is allowed.
    expect((await upload(user, avatarForm(claimingSize(kind, 8000, 8000)))).status).toBe(200);
  });

  it("refuses an image whose header claims a zero size", async () => {
    const user = await createUser("user");
    const res = await upload(user, avatarForm(claimingSize("png", 0, 1)));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("not_image");
  });

  it("refuses an empty file", async () => {
    const user = await createUser("user");
    await expectRefused(await upload(user, avatarForm(new Uint8Array(0))), 400, "not_image", "Please select an image file", user);
  });

  it("refuses a file of 2 MB + 1 byte with 413", async () => {
    const user = await createUser("user");
    await expectRefused(await upload(user, avatarForm(pngSized(AVATAR_MAX_BYTES + 1))), 413, "too_large", "Image must be less than 2MB", user);
  });

  it("refuses a much larger body by its Content-Length before reading it", async () => {
    const user = await createUser("user");
    await expectRefused(await upload(user, avatarForm(pngSized(3 * 1024 * 1024))), 413, "too_large", "Image must be less than 2MB", user);
  });

  it("refuses an oversized body sent without a Content-Length (streamed)", async () => {
    const user = await createUser("user");
    const multipart = new Request("http://x/", { method: "POST", body: avatarForm(pngSized(3 * 1024 * 1024)) });
    const contentType = multipart.headers.get("content-type")!;
    // What the Worker gets from a client that streams its upload: a chunked body, no Content-Length,
    // so it has to count what arrives. Sent from a buffer: workerd logs a stack for a JavaScript
    // stream it is still pumping when the answer comes (see held-body.ts), which this one would be.
    const res = await call("/api/uploads/avatar", {
      body: await multipart.arrayBuffer(),
      cookie: user.cookie,
      headers: { "content-type": contentType, "transfer-encoding": "chunked" },
    });
    await expectRefused(res, 413, "too_large", "Image must be less than 2MB", user);
  });

  it("refuses an oversized body whose Content-Length understates it", async () => {
    const user = await createUser("user");
    const multipart = new Request("http://x/", { method: "POST", body: avatarForm(pngSized(3 * 1024 * 1024)) });
    const headers = new Headers({ origin: ORIGIN, cookie: user.cookie, "content-type": multipart.headers.get("content-type")!, "content-length": "1024" });
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/uploads/avatar`, { method: "POST", headers, body: await multipart.arrayBuffer() }));
    await expectRefused(res, 413, "too_large", "Image must be less than 2MB", user);
  });

  it("refuses multipart without the avatar field", async () => {
    const user = await createUser("user");
    await expectRefused(await upload(user, avatarForm(PNG_1X1, "avatar.png", "image/png", "file")), 400, "not_image", "Please select an image file", user);
  });

  it("refuses the avatar field sent as plain text instead of a file", async () => {
    const user = await createUser("user");
    const form = new FormData();
    form.append("avatar", "\x89PNG\r\n\x1a\n");
    await expectRefused(await upload(user, form), 400, "not_image", "Please select an image file", user);
  });

  it("refuses a JSON body", async () => {
    const user = await createUser("user");
    const res = await call("/api/uploads/avatar", { json: { avatar: "iVBORw0KGgo=" }, cookie: user.cookie });
    await expectRefused(res, 400, "not_image", "Please select an image file", user);
  });

  it("answers malformed multipart with a 400, not a 500", async () => {
    const user = await createUser("user");
    const res = await call("/api/uploads/avatar", {
      body: "--nope\r\ngarbage without headers",
      cookie: user.cookie,
      headers: { "content-type": "multipart/form-data; boundary=expected" },
    });
    expect(res.status).toBe(400);
    expect(await avatarKeysOf(user.id)).toEqual([]);
  });

  it("leaves the current avatar in place when a later upload is refused", async () => {
    const user = await createUser("user");
    const good = await uploadOk(user, PNG_1X1);
    const res = await upload(user, avatarForm(new TextEncoder().encode("nope"), "x.png"));
    expect(res.status).toBe(400);
    expect(await storedAvatarUrl(user.id)).toBe(good.avatarUrl);
    expect(await media.head(`avatars/${good.filename}`)).not.toBeNull();
  });
});

describe("GET /uploads/avatars/:filename", () => {
  it("answers If-None-Match with the current ETag with 304 and no body", async () => {
    const user = await createUser("user");
    const { avatarUrl } = await uploadOk(user, PNG_1X1);
    const first = await call(avatarUrl);
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const again = await call(avatarUrl, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const stale = await call(avatarUrl, { headers: { "if-none-match": '"something-else"' } });
    expect(stale.status).toBe(200);
    expect(new Uint8Array(await stale.arrayBuffer())).toEqual(PNG_1X1);
  });

  it("is public: a visitor can load an avatar", async () => {
    const user = await createUser("user");
    const { avatarUrl } = await uploadOk(user, GIF_1X1);
    const res = await call(avatarUrl);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(GIF_1X1);
  });

  it("answers 404 with the error shape for a well-formed name that is not stored", async () => {
    const res = await call(`/uploads/avatars/${crypto.randomUUID()}-${"0".repeat(32)}.png`);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });

  it.each([
    ["..%2Fsecret.png", "avatars/../secret.png"],
    ["%2e%2e%2fsecret.png", "avatars/../secret.png"],
    ["..%5Csecret.png", "avatars/..\\secret.png"],
    ["x%2F..%2F..%2Fsessions.png", "avatars/x/../../sessions.png"],
  ])("never serves the planted object a crafted name %s decodes to", async (name, plantedKey) => {
    await media.put(plantedKey, PNG_1X1, { httpMetadata: { contentType: "image/png" } });
    // The name reaches the route as one segment and decodes to exactly the planted key's tail,
    // so only the filename guard stands between this request and the object.
    expect(`avatars/${decodeURIComponent(name)}`).toBe(plantedKey);
    const res = await call(`/uploads/avatars/${name}`);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });

  it.each([
    "%2e%2e%2f%2e%2e%2fsecret.png",
    "..%2Fsessions",
    "avatar.svg",
    `${"0".repeat(8)}-0000-0000-0000-${"0".repeat(12)}-${"0".repeat(32)}.html`,
    `${"A".repeat(8)}-0000-0000-0000-${"0".repeat(12)}-${"0".repeat(32)}.png`,
  ])("refuses the name %s with 404 without touching R2 keys outside avatars/", async (name) => {
    await media.put(`avatars/../secret.png`, PNG_1X1);
    const res = await call(`/uploads/avatars/${name}`);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });

  it("serves a stored object as an image even if its metadata claims text/html", async () => {
    const name = `${crypto.randomUUID()}-${"a".repeat(32)}.png`;
    await media.put(`avatars/${name}`, PNG_1X1, { httpMetadata: { contentType: "text/html" } });
    const res = await call(`/uploads/avatars/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    await res.arrayBuffer();
  });
});

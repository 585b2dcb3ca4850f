// Images for posts: POST /api/uploads/post-image (type by magic bytes, 5 MB cap, server-chosen
// names), GET /uploads/posts/:filename, a post taking its uploaded image, deleting the post
// deleting the image, and the hourly cron removing images no post took within an hour.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { app } from "../../worker/app";
import { call, createUser, db, errorOf, ORIGIN, type Role, type TestUser } from "./helpers";
import { proxyD1 } from "./d1-count";
import { postImages, posts } from "../../worker/db/schema/feed";
import {
  FEED_MESSAGES,
  POST_IMAGE_FILENAME_PATTERN,
  POST_IMAGE_MAX_BYTES,
  type FeedResponse,
  type PostImageUploadResponse,
  type PostResponse,
} from "../../worker/contracts/feed";
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from "../../worker/contracts/limits";
import { PROFILE_MESSAGES } from "../../worker/contracts/profiles";
import { claimingSize, GIF_1X1, JPEG_1X1, PNG_1X1, pngSized, WEBP_1X1 } from "./image-fixtures";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const HOUR = 60 * 60 * 1000;

function imageForm(bytes: Uint8Array, name = "photo.png", type = "image/png", field = "image") {
  const form = new FormData();
  form.append(field, new File([bytes], name, { type }));
  return form;
}

const upload = (user: TestUser | null, form: FormData, headers: Record<string, string> = {}) =>
  call("/api/uploads/post-image", { body: form, cookie: user?.cookie, headers });

async function uploadOk(user: TestUser, bytes: Uint8Array = PNG_1X1, name?: string, type?: string) {
  const res = await upload(user, imageForm(bytes, name, type));
  expect(res.status).toBe(201);
  return res.json<PostImageUploadResponse>();
}

const createPost = (user: TestUser, body: unknown) => call("/api/posts", { json: body, cookie: user.cookie });
const imageRow = (filename: string) =>
  db()
    .select()
    .from(postImages)
    .where(eq(postImages.key, `posts/${filename}`))
    .get();
const imageRowsOf = (userId: string) => db().select().from(postImages).where(eq(postImages.userId, userId));
const postsOf = (userId: string) => db().select().from(posts).where(eq(posts.userId, userId));
const storedKeys = async () => (await media.list({ prefix: "posts/" })).objects.map((o) => o.key).sort();
const countImages = async () => (await db().select({ n: count() }).from(postImages).get())!.n;

async function expectError(res: Response, status: number, error: { code: string; message?: string }) {
  expect(res.status).toBe(status);
  expect(await errorOf(res)).toMatchObject(error);
}

/** Snapshot of what uploads store, to prove a refused one stored nothing. */
const stored = async () => ({ keys: await storedKeys(), rows: await countImages() });

// --- roles ------------------------------------------------------------------------------------

describe("POST /api/uploads/post-image: who may upload", () => {
  it.each(["visitor", "banned"] as const)("refuses a %s with 401 and stores nothing", async (role: Role) => {
    const someone = role === "visitor" ? null : await createUser("banned");
    const before = await stored();
    await expectError(await upload(someone, imageForm(PNG_1X1)), 401, { code: "unauthorized", message: "Sign in required" });
    expect(await stored()).toEqual(before);
  });

  it.each(["user", "vip", "admin"] as const)("lets a %s upload: 201, a row and an object", async (role) => {
    const member = await createUser(role);
    const body = await uploadOk(member);
    expect(body).toEqual({
      image: expect.stringMatching(POST_IMAGE_FILENAME_PATTERN) as unknown as string,
      url: `/uploads/posts/${body.image}`,
      width: 1,
      height: 1,
    });
    expect(await imageRowsOf(member.id)).toEqual([
      expect.objectContaining({ key: `posts/${body.image}`, userId: member.id, width: 1, height: 1, postId: null }),
    ]);
    expect(await media.head(`posts/${body.image}`)).not.toBeNull();
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ])("refuses an upload with %s: 403 csrf, nothing stored", async (_label, headers) => {
    const member = await createUser("user");
    const before = await stored();
    await expectError(await upload(member, imageForm(PNG_1X1), headers), 403, { code: "csrf" });
    expect(await stored()).toEqual(before);
  });
});

// --- accepted ---------------------------------------------------------------------------------

describe("POST /api/uploads/post-image: accepted images", () => {
  it.each([
    ["PNG", "png", 640, 480, "png", "image/png"],
    ["JPEG", "jpeg", 300, 200, "jpg", "image/jpeg"],
    ["GIF", "gif", 17, 9, "gif", "image/gif"],
    ["WebP", "webp", 123, 45, "webp", "image/webp"],
  ] as const)("stores a %s with the width and height from its header and serves it back", async (_label, kind, width, height, ext, mime) => {
    const member = await createUser("user");
    const bytes = claimingSize(kind, width, height);
    const before = Date.now();
    // Named and declared as something else: only the bytes decide.
    const body = await uploadOk(member, bytes, "holiday.bmp", "application/octet-stream");
    expect(body.image).toMatch(POST_IMAGE_FILENAME_PATTERN);
    expect(body.image.endsWith(`.${ext}`)).toBe(true);
    expect(body).toEqual({ image: body.image, url: `/uploads/posts/${body.image}`, width, height });

    const row = await imageRow(body.image);
    expect(row).toMatchObject({ userId: member.id, width, height, postId: null });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const object = await media.get(`posts/${body.image}`);
    expect(object?.httpMetadata?.contentType).toBe(mime);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);

    const served = await call(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe(mime);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it("gives every upload its own name, never the client's", async () => {
    const member = await createUser("user");
    const a = await uploadOk(member, PNG_1X1, "../../etc/passwd.png");
    const b = await uploadOk(member, PNG_1X1, "../../etc/passwd.png");
    expect(a.image).not.toBe(b.image);
    expect(a.image).not.toContain("passwd");
  });

  it("accepts a file of exactly 5 MB", async () => {
    const member = await createUser("user");
    const body = await uploadOk(member, pngSized(POST_IMAGE_MAX_BYTES));
    expect((await media.head(`posts/${body.image}`))?.size).toBe(POST_IMAGE_MAX_BYTES);
  });
});

// --- refused ----------------------------------------------------------------------------------

describe("POST /api/uploads/post-image: refused files store nothing", () => {
  const notImage = { code: "not_image", message: FEED_MESSAGES.notImage };
  const tooLarge = { code: "too_large", message: FEED_MESSAGES.imageTooLarge };

  it.each([
    ["a text file renamed photo.png", imageForm(new TextEncoder().encode("just some text, not a picture\n"), "photo.png", "image/png"), 400, notImage],
    [
      "an SVG",
      imageForm(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "a.svg", "image/svg+xml"),
      400,
      notImage,
    ],
    [
      "HTML borrowing the start of a signature",
      imageForm(new TextEncoder().encode("RIFF<html><script>alert(1)</script>"), "a.webp", "image/webp"),
      400,
      notImage,
    ],
    ["an empty file", imageForm(new Uint8Array(0)), 400, notImage],
    ["5 MB + 1 byte", imageForm(pngSized(POST_IMAGE_MAX_BYTES + 1)), 413, tooLarge],
    ["8 MB", imageForm(pngSized(8 * 1024 * 1024)), 413, tooLarge],
    ["the file under another field name", imageForm(PNG_1X1, "a.png", "image/png", "avatar"), 400, notImage],
    ["an image claiming 8,001 px", imageForm(claimingSize("png", 8001, 10)), 400, { code: "image_dimensions", message: PROFILE_MESSAGES.imageDimensions }],
    ["an image claiming a zero width", imageForm(claimingSize("gif", 0, 10)), 400, notImage],
  ] as const)("refuses %s", async (_label, form, status, error) => {
    const member = await createUser("user");
    const before = await stored();
    await expectError(await upload(member, form), status, error);
    expect(await imageRowsOf(member.id)).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it("refuses a JSON body with 400 not_image", async () => {
    const member = await createUser("user");
    const before = await stored();
    await expectError(await call("/api/uploads/post-image", { json: { image: "iVBORw0KGgo=" }, cookie: member.cookie }), 400, notImage);
    expect(await stored()).toEqual(before);
  });

  it("refuses the upload after RATE_LIMITS.postImagesPerUser with 429", async () => {
    const [max, windowSeconds] = RATE_LIMITS.postImagesPerUser;
    const member = await createUser("user");
    const windowMs = windowSeconds * 1000;
    const left = windowMs - (Date.now() % windowMs);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    for (let i = 0; i < max; i++) expect((await upload(member, imageForm(PNG_1X1))).status).toBe(201);
    const before = await stored();
    await expectError(await upload(member, imageForm(PNG_1X1)), 429, { code: "rate_limited", message: RATE_LIMIT_MESSAGE });
    expect(await stored()).toEqual(before);
    expect(await imageRowsOf(member.id)).toHaveLength(max);
  });
});

// --- serving ----------------------------------------------------------------------------------

describe("GET /uploads/posts/:filename", () => {
  it("is public (no cookie needed) and answers a well-formed unknown name with 404", async () => {
    const member = await createUser("user");
    const { url } = await uploadOk(member, GIF_1X1);
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(GIF_1X1);
    await expectError(await call(`/uploads/posts/${"0".repeat(32)}.png`), 404, { code: "not_found" });
  });

  it.each([
    ["..%2Fsecret.png", "posts/../secret.png"],
    ["%2e%2e%2fsecret.png", "posts/../secret.png"],
    ["..%5Csecret.png", "posts/..\\secret.png"],
    ["x%2F..%2F..%2Fsessions.png", "posts/x/../../sessions.png"],
    [`${"A".repeat(32)}.png`, `posts/${"A".repeat(32)}.png`],
    [`${"0".repeat(32)}.svg`, `posts/${"0".repeat(32)}.svg`],
    [`${"0".repeat(32)}.html`, `posts/${"0".repeat(32)}.html`],
    [`${"0".repeat(31)}.png`, `posts/${"0".repeat(31)}.png`],
    [`${"0".repeat(32)}.png.html`, `posts/${"0".repeat(32)}.png.html`],
  ])("never serves the planted object a crafted name %s points at", async (name, plantedKey) => {
    await media.put(plantedKey, PNG_1X1, { httpMetadata: { contentType: "text/html" } });
    expect(`posts/${decodeURIComponent(name)}`).toBe(plantedKey);
    await expectError(await call(`/uploads/posts/${name}`), 404, { code: "not_found" });
  });

  it("serves a stored object as its image type even if its metadata claims text/html", async () => {
    const name = `${"ab".repeat(16)}.gif`;
    await media.put(`posts/${name}`, GIF_1X1, { httpMetadata: { contentType: "text/html" } });
    const res = await call(`/uploads/posts/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    await res.arrayBuffer();
  });
});

// --- a post takes its image --------------------------------------------------------------------

describe("a post with an uploaded image", () => {
  it("takes the image: the post has its URL and size, and the upload row its post id", async () => {
    const member = await createUser("vip");
    const uploaded = await uploadOk(member, claimingSize("jpeg", 320, 240));
    const res = await createPost(member, { content: "with a picture", image: uploaded.image });
    expect(res.status).toBe(201);
    const { post } = await res.json<PostResponse>();
    expect(post.image).toEqual({ url: `/uploads/posts/${uploaded.image}`, width: 320, height: 240 });
    expect(await db().select().from(posts).where(eq(posts.id, post.id)).get()).toMatchObject({
      imageUrl: `/uploads/posts/${uploaded.image}`,
      imageWidth: 320,
      imageHeight: 240,
    });
    expect((await imageRow(uploaded.image))!.postId).toBe(post.id);
    const feed = await call("/api/posts", { cookie: member.cookie }).then((r) => r.json<FeedResponse>());
    expect(feed.posts.find((p) => p.id === post.id)?.image).toEqual(post.image);
  });

  it("refuses someone else's upload with 400 image_not_found: no post, the upload stays free", async () => {
    const owner = await createUser("user");
    const thief = await createUser("user");
    const uploaded = await uploadOk(owner);
    await expectError(await createPost(thief, { content: "mine now", image: uploaded.image }), 400, {
      code: "image_not_found",
      message: FEED_MESSAGES.imageNotFound,
    });
    expect(await postsOf(thief.id)).toEqual([]);
    expect((await imageRow(uploaded.image))!.postId).toBeNull();
    // The owner can still use it.
    expect((await createPost(owner, { content: "mine", image: uploaded.image })).status).toBe(201);
  });

  it("refuses an unknown (well-formed) filename and a malformed one with 400 image_not_found, and one that is no text with 400 invalid_input", async () => {
    const member = await createUser("user");
    await expectError(await createPost(member, { content: "ghost", image: `${"f".repeat(32)}.png` }), 400, {
      code: "image_not_found",
      message: FEED_MESSAGES.imageNotFound,
    });
    for (const image of ["../secret.png", `posts/${"f".repeat(32)}.png`, `${"F".repeat(32)}.png`, `${"f".repeat(32)}.svg`, "", 12]) {
      await expectError(await createPost(member, { content: "ghost", image }), 400, { code: typeof image === "string" ? "image_not_found" : "invalid_input" });
    }
    expect(await postsOf(member.id)).toEqual([]);
  });

  it("refuses an image another post already took with 400 image_not_found", async () => {
    const member = await createUser("user");
    const uploaded = await uploadOk(member);
    const first = await createPost(member, { content: "first", image: uploaded.image });
    expect(first.status).toBe(201);
    const { post } = await first.json<PostResponse>();
    await expectError(await createPost(member, { content: "second", image: uploaded.image }), 400, { code: "image_not_found" });
    expect((await postsOf(member.id)).map((p) => p.content)).toEqual(["first"]);
    expect((await imageRow(uploaded.image))!.postId).toBe(post.id);
  });

  it("lets only one of two simultaneous posts take the same image", async () => {
    const member = await createUser("user");
    const uploaded = await uploadOk(member);
    const responses = await Promise.all([
      createPost(member, { content: "racer one", image: uploaded.image }),
      createPost(member, { content: "racer two", image: uploaded.image }),
    ]);
    const statuses = responses.map((r) => r.status).sort();
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    const withImage = (await postsOf(member.id)).filter((p) => p.imageUrl === uploaded.url);
    // Two posts sharing one image would lose it together: deleting either deletes the object.
    expect(withImage).toHaveLength(1);
    expect(statuses).toEqual([201, 400]);
    expect((await imageRow(uploaded.image))!.postId).toBe(withImage[0]!.id);
  });

  /**
   * POST /api/posts run with a D1 binding that, just before the request's first batch (the one
   * that writes the post), runs `meanwhile`: what a concurrent request or the cron could do
   * between the route's check of the image and its write. Deterministic, unlike a real race.
   */
  async function postWithInterleavedWrite(user: TestUser, body: unknown, meanwhile: () => Promise<unknown>) {
    let fired = false;
    const d1 = env.DB;
    const interleaved = proxyD1(d1, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === "batch")
          return async (list: D1PreparedStatement[]) => {
            if (!fired) {
              fired = true;
              await meanwhile();
            }
            return target.batch(list);
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const ctx = createExecutionContext();
    const headers = { origin: ORIGIN, cookie: user.cookie, "content-type": "application/json", "cf-connecting-ip": "198.51.100.77" };
    const res = await app.fetch(new Request(`${ORIGIN}/api/posts`, { method: "POST", headers, body: JSON.stringify(body) }), { ...env, DB: interleaved }, ctx);
    await waitOnExecutionContext(ctx);
    expect(fired).toBe(true);
    return res;
  }

  it("does not create a post with an image another post took between the check and the write", async () => {
    const member = await createUser("user");
    const uploaded = await uploadOk(member);
    const winner = crypto.randomUUID();
    const res = await postWithInterleavedWrite(member, { content: "loser", image: uploaded.image }, async () => {
      // The concurrent request that won: its post and its claim on the image.
      await db()
        .insert(posts)
        .values({ id: winner, userId: member.id, content: "winner", imageUrl: uploaded.url, imageWidth: 1, imageHeight: 1, createdAt: new Date() });
      await db()
        .update(postImages)
        .set({ postId: winner })
        .where(eq(postImages.key, `posts/${uploaded.image}`));
    });
    const status = res.status;
    const body = await res.text();
    // Two posts sharing one image would lose it together: deleting either deletes the object.
    expect((await postsOf(member.id)).filter((p) => p.imageUrl === uploaded.url).map((p) => p.content)).toEqual(["winner"]);
    expect(status, body).toBe(400);
    expect((JSON.parse(body) as { error: { code: string } }).error.code).toBe("image_not_found");
    expect((await imageRow(uploaded.image))!.postId).toBe(winner);
  });

  it("does not create a post with an image the cron removed between the check and the write", async () => {
    const member = await createUser("user");
    const uploaded = await uploadOk(member);
    const res = await postWithInterleavedWrite(member, { content: "too slow", image: uploaded.image }, async () => {
      await db()
        .delete(postImages)
        .where(eq(postImages.key, `posts/${uploaded.image}`));
      await media.delete(`posts/${uploaded.image}`);
    });
    const status = res.status;
    const body = await res.text();
    // A post must never point at an object that no longer exists.
    expect((await postsOf(member.id)).map((p) => p.imageUrl)).toEqual([]);
    expect(status, body).toBe(400);
  });

  it("leaves the image free when the post itself is refused", async () => {
    const member = await createUser("user");
    const uploaded = await uploadOk(member);
    await expectError(await createPost(member, { content: "x".repeat(2001), image: uploaded.image }), 400, { code: "post_too_long" });
    expect((await imageRow(uploaded.image))!.postId).toBeNull();
    expect((await createPost(member, { content: "ok now", image: uploaded.image })).status).toBe(201);
  });

  it.each(["author", "admin"] as const)("deleting the post (by its %s) deletes the R2 object and the upload row", async (who) => {
    const author = await createUser("user");
    const uploaded = await uploadOk(author, claimingSize("webp", 50, 60));
    const { post } = await (await createPost(author, { content: "short-lived", image: uploaded.image })).json<PostResponse>();
    expect(await media.head(`posts/${uploaded.image}`)).not.toBeNull();
    const deleter = who === "author" ? author : await createUser("admin");
    const res = await call(`/api/posts/${post.id}`, { method: "DELETE", cookie: deleter.cookie });
    expect(res.status).toBe(204);
    expect(await media.head(`posts/${uploaded.image}`)).toBeNull();
    expect(await imageRow(uploaded.image)).toBeUndefined();
    expect(await db().select().from(posts).where(eq(posts.id, post.id)).get()).toBeUndefined();
    await expectError(await call(uploaded.url), 404, { code: "not_found" });
  });

  it("a refused delete (another member) keeps the image", async () => {
    const author = await createUser("user");
    const other = await createUser("user");
    const uploaded = await uploadOk(author);
    const { post } = await (await createPost(author, { content: "keep it", image: uploaded.image })).json<PostResponse>();
    await expectError(await call(`/api/posts/${post.id}`, { method: "DELETE", cookie: other.cookie }), 404, { code: "post_not_found" });
    expect(await media.head(`posts/${uploaded.image}`)).not.toBeNull();
    expect((await imageRow(uploaded.image))!.postId).toBe(post.id);
  });
});

// --- the hourly cleanup -----------------------------------------------------------------------

describe("hourly cleanup of images no post took (scheduled handler)", () => {
  const age = (filename: string, ms: number) =>
    db()
      .update(postImages)
      .set({ createdAt: new Date(ms) })
      .where(eq(postImages.key, `posts/${filename}`));

  it("deletes an unused upload older than an hour (row and object), keeps a taken one and fresh ones", async () => {
    const member = await createUser("user");
    const now = Date.now();
    const abandoned = await uploadOk(member, PNG_1X1);
    const taken = await uploadOk(member, GIF_1X1);
    const fresh = await uploadOk(member, WEBP_1X1);
    const almost = await uploadOk(member, JPEG_1X1);
    const { post } = await (await createPost(member, { content: "took mine", image: taken.image })).json<PostResponse>();
    await age(abandoned.image, now - 2 * HOUR);
    await age(taken.image, now - 2 * HOUR);
    await age(almost.image, now - HOUR + 60_000);

    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "0 * * * *" }), env, createExecutionContext());

    expect(await imageRow(abandoned.image)).toBeUndefined();
    expect(await media.head(`posts/${abandoned.image}`)).toBeNull();
    await expectError(await call(abandoned.url), 404, { code: "not_found" });
    for (const kept of [taken, fresh, almost]) {
      expect(await imageRow(kept.image)).toBeDefined();
      expect(await media.head(`posts/${kept.image}`)).not.toBeNull();
    }
    expect((await imageRow(taken.image))!.postId).toBe(post.id);
    const served = await call(taken.url);
    expect(served.status).toBe(200);
    await served.arrayBuffer();
    // A post can no longer take the removed upload.
    await expectError(await createPost(member, { content: "too late", image: abandoned.image }), 400, { code: "image_not_found" });
  });

  it("a second run finds nothing more to delete", async () => {
    const member = await createUser("user");
    const now = Date.now();
    const old = await uploadOk(member);
    await age(old.image, now - 3 * HOUR);
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "0 * * * *" }), env, createExecutionContext());
    const keysAfterFirst = await storedKeys();
    const rowsAfterFirst = await countImages();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "0 * * * *" }), env, createExecutionContext());
    expect(await storedKeys()).toEqual(keysAfterFirst);
    expect(await countImages()).toBe(rowsAfterFirst);
    expect(await imageRow(old.image)).toBeUndefined();
  });
});

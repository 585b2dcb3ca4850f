// Avatar and post-image uploads to R2 and serving them back. The type comes from the file's magic bytes, the
// key is chosen by the server, and files are served with nosniff, so an upload can never turn
// into a script or a page on our origin.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { requireVerifiedEmail } from "../middleware/email-verified";
import { uploadBody } from "../lib/upload-body";
import { errorBody, routeError, unauthorized } from "../lib/errors";
import { imageKindForExt, isAllowedImageMime } from "../lib/images";
import { MULTIPART_OVERHEAD_BYTES, randomHex, readUploadedImage } from "../lib/image-upload";
import {
  AVATAR_FIELD,
  AVATAR_FILENAME_PATTERN,
  AVATAR_MAX_BYTES,
  AVATAR_URL_PREFIX,
  PROFILE_MESSAGES,
  type AvatarUploadResponse,
} from "#contracts/profiles.ts";
import { getAvatarUrl, replaceAvatarUrl } from "../db/profiles";
import { insertPostImage } from "../db/feed";
import { hitRateLimit } from "../services/rate-limit";
import { RATE_LIMITS } from "#contracts/limits.ts";
import {
  FEED_MESSAGES,
  POST_IMAGE_FIELD,
  POST_IMAGE_FILENAME_PATTERN,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_URL_PREFIX,
  type PostImageUploadResponse,
} from "#contracts/feed.ts";

const AVATAR_BODY_MAX_BYTES = AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
const AVATAR_KEY_PREFIX = "avatars/";
/** A concurrent upload by the same user can move avatar_url under us; retry the swap this often. */
const AVATAR_SWAP_ATTEMPTS = 3;

const avatarTooLarge = () => routeError("too_large", { message: PROFILE_MESSAGES.avatarTooLarge });

/** The R2 key behind an avatar URL, only if it is one of ours and belongs to `userId`. */
function ownedAvatarKey(avatarUrl: string | null, userId: string): string | null {
  if (!avatarUrl?.startsWith(AVATAR_URL_PREFIX)) return null;
  const filename = avatarUrl.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_FILENAME_PATTERN.test(filename) || !filename.startsWith(`${userId}-`)) return null;
  return AVATAR_KEY_PREFIX + filename;
}

const POST_IMAGE_BODY_MAX_BYTES = POST_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
const postImageTooLarge = () => routeError("too_large", { message: FEED_MESSAGES.imageTooLarge });

export const uploadRoutes = new Hono<HonoEnv>()
  // An image for a post still to be written: stored now, taken by the post that names it, and
  // removed by the hourly cron if no post takes it within an hour. Here and on /avatar, uploadBody
  // refuses a body over the cap (by its Content-Length, or counted as it streams) before parsing.
  .post("/post-image", requireUser, requireVerifiedEmail, uploadBody(POST_IMAGE_BODY_MAX_BYTES, postImageTooLarge), async (c) => {
    const user = c.var.user;
    await hitRateLimit(c.var.db, `post-image:user:${user.id}`, RATE_LIMITS.postImagesPerUser);
    const { bytes, kind, size } = await readUploadedImage(c.req.raw, POST_IMAGE_FIELD, POST_IMAGE_MAX_BYTES, postImageTooLarge);
    const filename = `${randomHex(16)}.${kind.ext}`;
    const key = `posts/${filename}`;
    await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: kind.mime } });
    await insertPostImage(c.var.db, { key, userId: user.id, width: size.width, height: size.height });
    return c.json<PostImageUploadResponse>({ image: filename, url: POST_IMAGE_URL_PREFIX + filename, width: size.width, height: size.height }, 201);
  })
  .post("/avatar", requireUser, uploadBody(AVATAR_BODY_MAX_BYTES, avatarTooLarge), async (c) => {
    const user = c.var.user;
    const { bytes, kind } = await readUploadedImage(c.req.raw, AVATAR_FIELD, AVATAR_MAX_BYTES, avatarTooLarge);

    const filename = `${user.id}-${randomHex(16)}.${kind.ext}`;
    if (!AVATAR_FILENAME_PATTERN.test(filename)) throw routeError("invalid_account");
    const key = AVATAR_KEY_PREFIX + filename;
    const avatarUrl = AVATAR_URL_PREFIX + filename;
    await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: kind.mime } });

    let previous: string | null | undefined;
    let swapped = false;
    for (let attempt = 0; attempt < AVATAR_SWAP_ATTEMPTS && !swapped; attempt++) {
      previous = await getAvatarUrl(c.var.db, user.id);
      if (previous === undefined) break; // the account was deleted mid-request
      swapped = await replaceAvatarUrl(c.var.db, user.id, previous, avatarUrl);
    }
    if (!swapped) {
      await c.env.MEDIA.delete(key); // nothing points at it: do not leave an orphan behind
      if (previous === undefined) throw unauthorized();
      throw routeError("upload_conflict");
    }

    const oldKey = ownedAvatarKey(previous ?? null, user.id);
    if (oldKey && oldKey !== key) await c.env.MEDIA.delete(oldKey);
    return c.json<AvatarUploadResponse>({ avatarUrl, filename });
  });

/** Serves a stored image by a filename that already matched its strict pattern. */
async function serveStoredImage(c: Context<HonoEnv>, key: string, filename: string) {
  // Only If-None-Match is honoured: other preconditions would need a 412, not a 304.
  const ifNoneMatch = c.req.header("if-none-match");
  const onlyIf = new Headers(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {});
  const object = await c.env.MEDIA.get(key, { onlyIf });
  if (!object) return c.json(errorBody("not_found", "Not found"), 404);

  const stored = object.httpMetadata?.contentType;
  const contentType = isAllowedImageMime(stored) ? stored : imageKindForExt(filename.slice(filename.lastIndexOf(".") + 1))?.mime;
  const headers = new Headers({
    "Content-Type": contentType ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    // Keys are never reused (a new upload gets a new random name), so the bytes never change.
    "Cache-Control": "public, max-age=31536000, immutable",
    "Content-Disposition": "inline",
    ETag: object.httpEtag,
  });
  // R2 answers a matching If-None-Match with the object's metadata but no body.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}

/** Mounted at /uploads: public, read-only access to stored avatars and post images. Strict
 * filename patterns: no dots, slashes or encodings can reach an R2 key. */
export const uploadFileRoutes = new Hono<HonoEnv>()
  .get("/avatars/:filename", async (c) => {
    const filename = c.req.param("filename");
    if (!AVATAR_FILENAME_PATTERN.test(filename)) return c.json(errorBody("not_found", "Not found"), 404);
    return serveStoredImage(c, AVATAR_KEY_PREFIX + filename, filename);
  })
  .get("/posts/:filename", async (c) => {
    const filename = c.req.param("filename");
    if (!POST_IMAGE_FILENAME_PATTERN.test(filename)) return c.json(errorBody("not_found", "Not found"), 404);
    return serveStoredImage(c, `posts/${filename}`, filename);
  });

// The member's collection as /collection shows it (decision 054), and claiming guest purchases by
// e-mail: what the collection routes share with nothing else but keep out of the route module.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { releaseFormats } from "../../db/music/release-formats";
import { insertClaimLink, listBoughtGiftCodes, listMemberOrders, listOwnedReleases, type OwnedRelease } from "../../db/store/collection";
import { optInTokenHash } from "../../lib/opt-in-token";
import { randomToken } from "../../lib/crypto";
import { routeError } from "../../lib/errors";
import { isLocale, type Locale } from "#contracts/locale.ts";
import { STORE_LIMITS, type DownloadFormat } from "#contracts/store/model.ts";
import {
  CLAIM_LINK_TTL_MS,
  CLAIM_RATE_LIMITS,
  CLAIM_TOKEN_PARAM,
  type CollectionRelease,
  type CollectionResponse,
  type DownloadLink,
} from "#contracts/store/collection.ts";
import { createMailService } from "../mail";
import { storeClaimMail } from "../mail/store-claim";
import { hitRateLimit } from "../rate-limit";
import { downloadLink, releaseZipBytes } from "./downloads";

/** `userId`: the member, whose zip holds the release's VIP lyrics while they may read them. */
type Release = { albumId: string | null; trackId: string | null; orderNumber: number; locale: string; userId: string };

const localeOf = (value: string): Locale => (isLocale(value) ? value : "en");
const releaseOf = (r: Release) => (r.trackId ? { trackId: r.trackId } : { albumId: r.albumId! });

/** A fresh link to one release in one format, with the zip's length. */
export async function linkFor(env: AppEnv, db: DB, entitlementId: string, release: Release, format: DownloadFormat, now = Date.now()): Promise<DownloadLink> {
  const [link, bytes] = await Promise.all([
    downloadLink(env, entitlementId, format, STORE_LIMITS.downloadLinkTtlMs, now),
    releaseZipBytes(env, db, { ...release, locale: localeOf(release.locale) }, format),
  ]);
  return { ...link, bytes };
}

/** The formats a release is sold in, each with a fresh link. */
async function linksOf(env: AppEnv, db: DB, userId: string, owned: OwnedRelease, now: number): Promise<DownloadLink[]> {
  const release = { albumId: owned.trackId ? null : owned.albumId, trackId: owned.trackId, orderNumber: owned.orderNumber, locale: owned.locale, userId };
  const formats = await releaseFormats(db, releaseOf(release));
  return Promise.all(formats.map((format) => linkFor(env, db, owned.entitlementId, release, format, now)));
}

export async function readCollection(env: AppEnv, db: DB, userId: string, now = Date.now()): Promise<CollectionResponse> {
  const [owned, orders, giftCodes] = await Promise.all([listOwnedReleases(db, userId, now), listMemberOrders(db, userId), listBoughtGiftCodes(db, userId)]);
  const releases = await Promise.all(
    owned.map(async (r): Promise<CollectionRelease> => ({
      entitlementId: r.entitlementId,
      kind: r.trackId ? "track" : "album",
      albumId: r.albumId,
      trackId: r.trackId,
      title: r.title,
      albumTitle: r.albumTitle,
      year: r.year,
      coverUrl: r.coverUrl,
      purchasedAt: r.purchasedAt.toISOString(),
      orderNumber: r.orderNumber,
      links: await linksOf(env, db, userId, r, now),
      tracks: r.tracks,
      preorder: r.preorder,
    })),
  );
  return { releases, orders, giftCodes };
}

/** The page a claim mail's link opens: the collection, which posts the token back. */
export const claimPagePath = "/collection";

/**
 * Mails `email` a one-time link that adds its guest purchases to the member's collection. Counted
 * per member and per address (the address is not proven theirs yet); the same answer whether the
 * address bought anything or not. A mail that cannot be sent is 502 mail_failed.
 */
export async function sendClaimLink(
  c: { env: AppEnv; var: { db: DB }; req: { url: string } },
  member: { id: string; username: string; locale: Locale },
  email: string,
  now = Date.now(),
) {
  const db = c.var.db;
  await hitRateLimit(db, `store-claim:member:${member.id}`, CLAIM_RATE_LIMITS.perMember, now);
  await hitRateLimit(db, `store-claim:address:${email}`, CLAIM_RATE_LIMITS.perAddress, now);
  // As an opt-in link (decision 045): a random token mailed, only its SHA-256 stored.
  const token = randomToken(32);
  const url = new URL(claimPagePath, new URL(c.req.url).origin);
  url.searchParams.set(CLAIM_TOKEN_PARAM, token);
  const hash = await optInTokenHash(token);
  const expiresAt = new Date(now + CLAIM_LINK_TTL_MS);
  await insertClaimLink(db, { tokenHash: hash, userId: member.id, email, expiresAt });
  const mail = storeClaimMail(member.locale, {
    to: email,
    link: url.toString(),
    brandName: readConfig(c.env).BRAND_NAME,
    username: member.username,
    expiresAt,
  });
  try {
    await createMailService(c.env, db).send(mail);
  } catch (err) {
    console.error("claim mail failed", err);
    throw routeError("mail_failed");
  }
}

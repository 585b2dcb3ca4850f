// Rows of the store's tables as fulfilment writes them (a checkout, its paid order, the order's
// lines, entitlements and gift codes), inserted straight into D1 for the downloads' and the
// collection's tests; and a release's files put into R2 (the catalog's seed names the keys, the
// tests' R2 starts empty). Every file is bytes whose value tells where it is from.
import { env } from "cloudflare:workers";
import { signDownloadToken } from "../../worker/lib/download-token";
import { downloadPath } from "../../worker/lib/download-token";
import type { DownloadFormat } from "../../worker/contracts/store/model";

export const D1 = (env as unknown as { DB: D1Database }).DB;
export const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

let serial = 0;
const next = () => ++serial;

/** A digital product of an album, for the order lines to point at. */
export async function seedProduct(albumId: string, kind: "digital" | "merch" | "gift_vip" = "digital"): Promise<string> {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO products (id, slug, kind, state, title, price_usd_cents, album_id) VALUES (?1, ?2, ?3, 'live', ?4, 700, ?5)")
    .bind(id, `product-${id.slice(0, 8)}`, kind, `Product ${next()}`, kind === "digital" ? albumId : null)
    .run();
  return id;
}

export type SeededOrder = { id: string; number: number; email: string };

type OrderSeed = {
  userId?: string | null;
  email: string;
  locale?: "en" | "pt-BR";
  status?: "paid" | "shipped" | "partially_refunded" | "refunded" | "cancelled";
  totalCents?: number;
  paidAt?: number;
  tracking?: { carrier: string; number: string; url: string };
  lines?: { productId: string; title: string; kind?: "digital" | "merch" | "gift_vip"; variantLabel?: string; quantity?: number; totalCents?: number }[];
};

/** A paid order (with the checkout it came from) and its lines. */
export async function seedOrder(seed: OrderSeed): Promise<SeededOrder> {
  const checkoutId = crypto.randomUUID();
  const id = crypto.randomUUID();
  const number = 1000 + next() + Math.floor(Math.random() * 1_000_000) * 100;
  const total = seed.totalCents ?? 700;
  const paidAt = seed.paidAt ?? Date.now();
  const statements = [
    D1.prepare(
      "INSERT INTO store_checkouts (id, mode, user_id, email, currency, subtotal_cents, total_cents, status, expires_at) VALUES (?1, 'local', ?2, ?3, 'usd', ?4, ?4, 'paid', ?5)",
    ).bind(checkoutId, seed.userId ?? null, seed.email, total, paidAt + 1_800_000),
    D1.prepare(
      `INSERT INTO orders (id, number, checkout_id, user_id, email, locale, currency, subtotal_cents, total_cents, status, carrier, tracking_number, tracking_url, shipped_at, paid_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'usd', ?7, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
    ).bind(
      id,
      number,
      checkoutId,
      seed.userId ?? null,
      seed.email,
      seed.locale ?? "en",
      total,
      seed.status ?? "paid",
      seed.tracking?.carrier ?? null,
      seed.tracking?.number ?? null,
      seed.tracking?.url ?? null,
      seed.tracking ? paidAt + 86_400_000 : null,
      paidAt,
    ),
    ...(seed.lines ?? []).map((line, i) =>
      D1.prepare(
        "INSERT INTO order_lines (order_id, line_no, product_id, kind, title, variant_label, quantity, unit_cents, total_cents) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
      ).bind(id, i + 1, line.productId, line.kind ?? "digital", line.title, line.variantLabel ?? null, line.quantity ?? 1, line.totalCents ?? total),
    ),
  ];
  await D1.batch(statements);
  return { id, number, email: seed.email };
}

/** An entitlement of the order's buyer to an album or a track. */
export async function grant(
  order: SeededOrder,
  release: { albumId: string } | { trackId: string },
  userId: string | null = null,
  createdAt = Date.now(),
): Promise<string> {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO entitlements (id, order_id, user_id, email, album_id, track_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
    .bind(id, order.id, userId, order.email, "albumId" in release ? release.albumId : null, "trackId" in release ? release.trackId : null, createdAt)
    .run();
  return id;
}

export const revoke = (entitlementId: string) => D1.prepare("UPDATE entitlements SET revoked_at = ?2 WHERE id = ?1").bind(entitlementId, Date.now()).run();

export async function seedGiftCode(
  order: SeededOrder,
  seed: { code: string; months?: number; buyerUserId?: string | null; redeemedBy?: string; voided?: boolean },
) {
  await D1.prepare(
    "INSERT INTO gift_codes (code, order_id, months, buyer_email, buyer_user_id, redeemed_by, redeemed_at, voided_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
  )
    .bind(
      seed.code,
      order.id,
      seed.months ?? 3,
      order.email,
      seed.buyerUserId ?? null,
      seed.redeemedBy ?? null,
      seed.redeemedBy ? Date.now() : null,
      seed.voided ? Date.now() : null,
    )
    .run();
}

/** A file's bytes: `size` of them, each telling its offset and the file it is in. */
export function fileBytes(size: number, salt: number): Uint8Array {
  return Uint8Array.from({ length: size }, (_, i) => (i * 7 + salt * 31) % 251);
}

/** A WAV master as the upload stores it (RIFF/WAVE, 8-bit mono): a fmt chunk, then `samples` as its data chunk. */
export function wavMaster(samples: Uint8Array): Uint8Array {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples.length + (samples.length & 1), true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8_000, true);
  view.setUint32(28, 8_000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, "data");
  view.setUint32(40, samples.length, true);
  const out = new Uint8Array(44 + samples.length + (samples.length & 1));
  out.set(header);
  out.set(samples, 44);
  return out;
}

export type ReleaseMedia = {
  tracks: { id: string; title: string; number: number; key: string; bytes: Uint8Array }[];
  coverKey: string | null;
  cover: Uint8Array | null;
};

/**
 * Puts the album's files into R2 under the keys its rows name: every track's MP3, its cover, and
 * with `masters` a WAV master per track (the rows then name it too; the zip hands it out tagged).
 */
export async function putReleaseMedia(
  albumId: string,
  { masters = false, size = 3_000 }: { masters?: boolean; size?: number } = {},
): Promise<{ mp3: ReleaseMedia; wav: ReleaseMedia | null }> {
  const album = await D1.prepare("SELECT cover_key FROM albums WHERE id = ?1").bind(albumId).first<{ cover_key: string | null }>();
  const rows = (
    await D1.prepare("SELECT id, title, number, audio_key FROM tracks WHERE album_id = ?1 ORDER BY number")
      .bind(albumId)
      .all<{ id: string; title: string; number: number; audio_key: string }>()
  ).results;
  const cover = album?.cover_key ? fileBytes(1_234, 99) : null;
  if (album?.cover_key && cover) await MEDIA.put(album.cover_key, cover);
  const mp3: ReleaseMedia = { tracks: [], coverKey: album?.cover_key ?? null, cover };
  const wav: ReleaseMedia = { tracks: [], coverKey: album?.cover_key ?? null, cover };
  for (const [i, row] of rows.entries()) {
    const bytes = fileBytes(size + i * 101, i + 1);
    await MEDIA.put(row.audio_key, bytes);
    mp3.tracks.push({ id: row.id, title: row.title, number: row.number, key: row.audio_key, bytes });
    if (masters) {
      const key = `masters/${row.id}.wav`;
      const master = wavMaster(fileBytes(size * 2 + i, i + 50));
      await MEDIA.put(key, master);
      await D1.prepare("UPDATE tracks SET master_key = ?2, master_format = 'wav' WHERE id = ?1").bind(row.id, key).run();
      wav.tracks.push({ id: row.id, title: row.title, number: row.number, key, bytes: master });
    }
  }
  return { mp3, wav: masters ? wav : null };
}

/** A download link as the collection signs it (expiring in a day unless told). */
export async function linkFor(entitlementId: string, format: DownloadFormat, expiresAt = new Date(Date.now() + 86_400_000)): Promise<string> {
  return downloadPath(await signDownloadToken(SESSION_SECRET, { entitlementId, format }, expiresAt));
}

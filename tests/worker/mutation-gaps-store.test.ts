// The store's bounds that a deliberately broken version once got past (decision 054):
// - a promotion code's window is [start, end): it works from its first instant, not at its last;
// - a limited code's use is taken in the reservation batch's own conditional UPDATE: buyers whose
//   pricing all saw a free use still take at most max_uses of them, the rest a clean 409;
// - a download link is a token of the download audience: the same secret's other tokens open nothing;
// - a link for a format the release is not sold in is refused even when the release's visible tracks
//   alone would have that format (a hidden track without a master).
import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { unzipSync } from "fflate";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { cart, postQuote, seedProduct, seedPromo, storeState, usesOf } from "./checkout-fixtures";
import { D1, fileBytes, grant, linkFor, MEDIA, putReleaseMedia, seedOrder, type SeededOrder } from "./download-fixtures";
import { createDb } from "../../worker/db/client";
import { openStoreCheckout } from "../../worker/services/store/checkout";
import type { PaymentsService } from "../../worker/services/payments";
import { downloadPath } from "../../worker/lib/download-token";

const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const HOUR = 3600_000;

afterEach(() => vi.useRealTimers());

async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

describe("a promotion code's window, [start, end)", () => {
  it("applies from the instant it starts to the last millisecond before it ends, and not at its end", async () => {
    const album = await seedProduct({ usd: 1000 });
    const startsAt = Date.now() + HOUR;
    const endsAt = startsAt + HOUR;
    const code = await seedPromo({ percentOff: 20, startsAt, endsAt });
    const quoteAt = async (at: number) => {
      vi.setSystemTime(at);
      return postQuote(cart([{ productId: album }], { promoCode: code }));
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = await storeState();
    await expectRefused(await quoteAt(startsAt - 1), 400, "promo_code_not_started");
    for (const at of [startsAt, endsAt - 1]) {
      const res = await quoteAt(at);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ discountCents: 200, totalCents: 800, promoCode: code });
    }
    await expectRefused(await quoteAt(endsAt), 400, "promo_code_expired");
    expect(await storeState()).toEqual(before);
  });
});

describe("a limited code's use, taken in the reservation itself", () => {
  /**
   * D1 whose batches that take a promotion use wait for each other until `n` are in: every racing
   * checkout has priced its cart (and seen a use left) before any of them reserves, so only the
   * batch's own conditional take can refuse.
   */
  function takesMeetingAt(n: number): D1Database {
    const real = env.DB as D1Database;
    const takes = new WeakSet<D1PreparedStatement>();
    const waiting: (() => void)[] = [];
    const meet = () => {
      const turn = new Promise<void>((resolve) => waiting.push(resolve));
      if (waiting.length === n) for (const go of waiting) go();
      return turn;
    };
    return new Proxy(real, {
      get(target, prop) {
        if (prop === "prepare")
          return (query: string) => {
            const statement = target.prepare(query);
            if (!/UPDATE promo_codes SET uses = uses \+ 1/.test(query)) return statement;
            const bind = statement.bind.bind(statement);
            statement.bind = (...values: unknown[]) => {
              const bound = bind(...values);
              takes.add(bound);
              return bound;
            };
            return statement;
          };
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            if (statements.some((s) => takes.has(s))) await meet();
            return target.batch(statements);
          };
        const value: unknown = Reflect.get(target, prop);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  const provider: PaymentsService = {
    mode: "live",
    createCheckout: () => Promise.reject(new Error("unused")),
    createOrderCheckout: async (input) => ({ id: `cs_test_${input.checkoutId}`, url: `https://pay.test/${input.checkoutId}` }),
    createPortal: () => Promise.reject(new Error("unused")),
    cancelSubscription: () => Promise.reject(new Error("unused")),
    refund: () => Promise.reject(new Error("unused")),
    invoicePaymentIntent: () => Promise.reject(new Error("unused")),
    submitDisputeEvidence: () => Promise.reject(new Error("unused")),
    verifyEvent: () => Promise.reject(new Error("unused")),
  };

  it("5 buyers who all passed the pricing's check for a code with 2 uses: 2 checkouts, 3 clean 409 promo_code_used_up", async () => {
    const album = await seedProduct({ usd: 1000 });
    const code = await seedPromo({ maxUses: 2 });
    const racing = createDb(takesMeetingAt(5));
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        openStoreCheckout(racing, provider, {
          body: { ...cart([{ productId: album }], { promoCode: code }), email: `racer${i}@example.com` } as never,
          buyer: { userId: null, isVip: false, email: `racer${i}@example.com`, buyerKeyHash: `racer-${i}-${code}` },
          locale: "en",
          origin: "https://fans.test",
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(2);
    const refusals = attempts.flatMap((a) => (a.status === "rejected" ? [a.reason as unknown] : []));
    expect(refusals).toHaveLength(3);
    for (const reason of refusals) expect(reason).toMatchObject({ code: "promo_code_used_up", status: 409 });
    expect(await usesOf(code)).toBe(2);
    const held = await db()
      .$client.prepare("SELECT count(*) AS n FROM store_checkouts WHERE promo_code = ?1 AND promo_use_taken = 1")
      .bind(code)
      .first<{ n: number }>();
    expect(held!.n).toBe(2);
  });
});

describe("download links", () => {
  let buyer: TestUser;
  let order: SeededOrder;

  beforeAll(async () => {
    buyer = await createUser("user");
    order = await seedOrder({ userId: buyer.id, email: buyer.email, lines: [] });
  });

  const tokenFor = (entitlementId: string, audience: string) =>
    new SignJWT({ fmt: "mp3" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(entitlementId)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor((Date.now() + HOUR) / 1000))
      .sign(new TextEncoder().encode(SESSION_SECRET));

  it("open for a token of the download audience only, though another audience's is signed with the same secret", async () => {
    const albumId = "radio-heartline";
    await putReleaseMedia(albumId, { size: 500 });
    const entitlementId = await grant(order, { albumId }, buyer.id);
    for (const audience of ["data-export", "event-ticket", "vip-pass", "media:audio"]) {
      await expectRefused(await call(downloadPath(await tokenFor(entitlementId, audience))), 404, "download_not_found");
    }
    const counted = await D1.prepare("SELECT count(*) AS n FROM download_counts WHERE entitlement_id = ?1").bind(entitlementId).first<{ n: number }>();
    expect(counted!.n).toBe(0);
    // The same token of the download audience is a download: only the audience told them apart.
    const res = await call(downloadPath(await tokenFor(entitlementId, "store-download")));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it("a WAV link is refused for an album whose hidden track has no WAV master, though every visible one has", async () => {
    const albumId = `zz-gap-hidden-${crypto.randomUUID().slice(0, 8)}`;
    const [out, later] = [`${albumId}-1`, `${albumId}-2`];
    const files = { outMp3: `audio/${out}.mp3`, outWav: `masters/${out}.wav`, laterMp3: `audio/${later}.mp3` };
    await D1.batch([
      D1.prepare("INSERT INTO albums (id, title, year, type, position) VALUES (?1, 'Gap Masters', 2026, 'Album', 971)").bind(albumId),
      D1.prepare(
        `INSERT INTO tracks (id, album_id, title, number, audio_key, master_key, master_format, release_at) VALUES
         (?1, ?3, 'Out Now', 1, ?4, ?5, 'wav', NULL), (?2, ?3, 'Not Yet', 2, ?6, NULL, NULL, ?7)`,
      ).bind(out, later, albumId, files.outMp3, files.outWav, files.laterMp3, Date.now() + 24 * HOUR),
    ]);
    await Promise.all(Object.values(files).map((key, i) => MEDIA.put(key, fileBytes(700, i + 20))));
    const entitlementId = await grant(order, { albumId }, buyer.id);

    await expectRefused(await call(await linkFor(entitlementId, "wav")), 404, "download_not_found");
    const counted = await D1.prepare("SELECT count(*) AS n FROM download_counts WHERE entitlement_id = ?1").bind(entitlementId).first<{ n: number }>();
    expect(counted!.n).toBe(0);
    // Sold in MP3: the zip holds the visible track only.
    const mp3 = await call(await linkFor(entitlementId, "mp3"));
    expect(mp3.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await mp3.arrayBuffer()))).sort()).toEqual(["01 - Out Now.mp3", "credits.txt"]);
  });
});

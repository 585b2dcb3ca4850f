// /api/store/collection: the signed-in member's releases (with fresh signed links per format, the
// zip's exact size and the tracks to play), orders (status, lines, amounts, tracking) and gift
// codes bought (unredeemed, redeemed by whom, void); renewing one link (another member's
// entitlement is a 404 like an unknown one); guest purchases attached to the member once the
// address is proven (verified account address, or a one-time link mailed to another address); and
// a buyer streaming the bought release in full without VIP, while a non-buyer keeps the preview.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, ORIGIN, type TestUser } from "./helpers";
import { createDoorStaff } from "./check-in-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { mp3Cbr } from "./media-fixtures";
import { D1, grant, MEDIA, putReleaseMedia, revoke, seedGiftCode, seedOrder, seedProduct } from "./download-fixtures";
import { extractLinks } from "../../worker/services/mail/outbox";
import { purgeStaleRows } from "../../worker/db/housekeeping";
import { createDb } from "../../worker/db/client";
import { sha256Hex } from "../../worker/lib/crypto";
import {
  CLAIM_LINK_TTL_MS,
  CLAIM_RATE_LIMITS,
  type ClaimConfirmResponse,
  type CollectionResponse,
  type RenewLinkResponse,
} from "../../worker/contracts/store/collection";
import { STORE_LIMITS } from "../../worker/contracts/store/model";

const ALBUM = "moonlight-boulevard";
const TRACK_ALBUM = "crystal-telephone";

let masterAlbumBytes: number;

beforeAll(async () => {
  await putReleaseMedia(ALBUM, { masters: true });
  await putReleaseMedia(TRACK_ALBUM);
});

const collection = (cookie?: string) => call("/api/store/collection", { cookie });
async function collectionOf(user: TestUser): Promise<CollectionResponse> {
  const res = await collection(user.cookie);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  return res.json<CollectionResponse>();
}
const renew = (json: unknown, cookie?: string) => call("/api/store/collection/links", { json, cookie });
const claim = (json: unknown, cookie?: string) => call("/api/store/collection/claim", { json, cookie });
const confirmClaim = (json: unknown, cookie?: string) => call("/api/store/collection/claim/confirm", { json, cookie });
const orderOwner = async (orderId: string) =>
  (await D1.prepare("SELECT user_id FROM orders WHERE id = ?1").bind(orderId).first<{ user_id: string | null }>())!.user_id;

async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

describe("who may open a collection", () => {
  it("a visitor and a banned member: 401 on every route", async () => {
    const banned = await createUser("banned");
    for (const cookie of [undefined, banned.cookie]) {
      await expectRefused(await collection(cookie), 401, "unauthorized");
      await expectRefused(await renew({ entitlementId: "x", format: "mp3" }, cookie), 401, "unauthorized");
      await expectRefused(await claim({ email: "a@example.com" }, cookie), 401, "unauthorized");
      await expectRefused(await confirmClaim({ token: "x" }, cookie), 401, "unauthorized");
    }
  });

  it("a member, a VIP, an admin and door staff with nothing bought: an empty collection", async () => {
    const people = await Promise.all([createUser("user"), createUser("vip"), createUser("admin"), createDoorStaff()]);
    for (const person of people) expect(await collectionOf(person)).toEqual({ releases: [], orders: [], giftCodes: [] });
  });
});

describe("a buyer's collection", () => {
  let buyer: TestUser;
  let albumEntitlement: string;
  let trackEntitlement: string;
  let body: CollectionResponse;
  let shirtOrder: { id: string; number: number };

  beforeAll(async () => {
    buyer = await createUser("user");
    const product = await seedProduct(ALBUM);
    const shirt = await seedProduct(ALBUM, "merch");
    const gift = await seedProduct(ALBUM, "gift_vip");
    const digital = await seedOrder({
      userId: buyer.id,
      email: buyer.email,
      paidAt: Date.now() - 3 * 86_400_000,
      lines: [{ productId: product, title: "Moonlight Boulevard (digital album)" }],
    });
    albumEntitlement = await grant(digital, { albumId: ALBUM }, buyer.id, Date.now() - 3 * 86_400_000);
    trackEntitlement = await grant(digital, { trackId: `${TRACK_ALBUM}-1` }, buyer.id, Date.now() - 2 * 86_400_000);
    shirtOrder = await seedOrder({
      userId: buyer.id,
      email: buyer.email,
      status: "shipped",
      totalCents: 3500,
      tracking: { carrier: "USPS", number: "9400 1000", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000" },
      lines: [
        { productId: shirt, title: "Tour shirt", kind: "merch", variantLabel: "M / Black", quantity: 2, totalCents: 2500 },
        { productId: gift, title: "3 months of VIP", kind: "gift_vip", totalCents: 1000 },
      ],
    });
    const redeemer = await createUser("user");
    await seedGiftCode(shirtOrder as never, { code: "GIFT-AAAA-1111", buyerUserId: buyer.id });
    await seedGiftCode(shirtOrder as never, { code: "GIFT-BBBB-2222", buyerUserId: buyer.id, redeemedBy: redeemer.id });
    await seedGiftCode(shirtOrder as never, { code: "GIFT-CCCC-3333", buyerUserId: buyer.id, voided: true });
    (globalThis as { redeemerName?: string }).redeemerName = redeemer.username;
    body = await collectionOf(buyer);
  });

  it("lists each release once, newest first, with its cover, tracks and order", () => {
    expect(body.releases.map((r) => [r.kind, r.albumId, r.trackId])).toEqual([
      ["track", TRACK_ALBUM, `${TRACK_ALBUM}-1`],
      ["album", ALBUM, null],
    ]);
    const album = body.releases[1]!;
    expect(album).toMatchObject({
      entitlementId: albumEntitlement,
      title: "Moonlight Boulevard",
      albumTitle: "Moonlight Boulevard",
      year: 1988,
      coverUrl: `/media/covers/${ALBUM}.png`,
    });
    expect(album.tracks.map((t) => t.albumId)).toEqual(Array(album.tracks.length).fill(ALBUM));
    expect(album.tracks.map((t) => t.number)).toEqual([...album.tracks.keys()].map((i) => i + 1));
    expect(body.releases[0]!.tracks.map((t) => t.id)).toEqual([`${TRACK_ALBUM}-1`]);
  });

  it("offers the album in MP3 and WAV, a lone track in MP3; each link opens a zip of exactly the size shown", async () => {
    const album = body.releases[1]!;
    expect(album.links.map((l) => l.format)).toEqual(["mp3", "wav"]);
    expect(body.releases[0]!.links.map((l) => l.format)).toEqual(["mp3"]);
    for (const link of [...album.links, ...body.releases[0]!.links]) {
      expect(link.url).toMatch(/^\/api\/store\/downloads\/[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(STORE_LIMITS.downloadLinkTtlMs - 60_000);
      const head = await call(link.url, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(link.bytes).toBe(Number(head.headers.get("content-length")));
    }
    masterAlbumBytes = album.links[1]!.bytes!;
    expect(masterAlbumBytes).toBeGreaterThan(album.links[0]!.bytes!);
  });

  it("lists the orders, newest first, with status, lines, amounts and tracking", () => {
    expect(body.orders.map((o) => o.number)).toEqual([shirtOrder.number, expect.any(Number)]);
    expect(body.orders[0]).toMatchObject({
      status: "shipped",
      currency: "usd",
      totalCents: 3500,
      refundedCents: 0,
      carrier: "USPS",
      trackingNumber: "9400 1000",
      trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000",
      lines: [
        { title: "Tour shirt", variantLabel: "M / Black", kind: "merch", quantity: 2, totalCents: 2500 },
        { title: "3 months of VIP", variantLabel: null, kind: "gift_vip", quantity: 1, totalCents: 1000 },
      ],
    });
    expect(body.orders[0]!.shippedAt).not.toBeNull();
    expect(body.orders[1]).toMatchObject({ status: "paid", trackingUrl: null, shippedAt: null });
  });

  it("lists the gift codes bought with their state, naming a redeemer by username only", () => {
    const byCode = Object.fromEntries(body.giftCodes.map((g) => [g.code, g]));
    expect(byCode["GIFT-AAAA-1111"]).toEqual({
      code: "GIFT-AAAA-1111",
      months: 3,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      state: "unredeemed",
      redeemedBy: null,
      redeemedAt: null,
      orderNumber: shirtOrder.number,
    });
    expect(byCode["GIFT-BBBB-2222"]).toMatchObject({ state: "redeemed", redeemedBy: (globalThis as { redeemerName?: string }).redeemerName });
    expect(byCode["GIFT-CCCC-3333"]).toMatchObject({ state: "void", redeemedBy: null });
    expect(JSON.stringify(body.giftCodes)).not.toContain("@");
  });

  it("shows nothing of theirs to another member", async () => {
    const other = await createUser("user");
    expect(await collectionOf(other)).toEqual({ releases: [], orders: [], giftCodes: [] });
  });

  it("leaves out a revoked release", async () => {
    const member = await createUser("user");
    const order = await seedOrder({ userId: member.id, email: member.email });
    const entitlement = await grant(order, { albumId: ALBUM }, member.id);
    expect((await collectionOf(member)).releases).toHaveLength(1);
    await revoke(entitlement);
    expect((await collectionOf(member)).releases).toEqual([]);
  });

  describe("renewing a link", () => {
    it("gives the owner a fresh link that works", async () => {
      const res = await renew({ entitlementId: albumEntitlement, format: "wav" }, buyer.cookie);
      expect(res.status).toBe(200);
      const { link } = await res.json<RenewLinkResponse>();
      expect(link).toMatchObject({ format: "wav", bytes: masterAlbumBytes });
      const head = await call(link.url, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-disposition")).toContain("(WAV).zip");
    });

    it("is 404 for another member's entitlement, an unknown or revoked one, and a format not sold", async () => {
      const other = await createUser("vip");
      await expectRefused(await renew({ entitlementId: albumEntitlement, format: "mp3" }, other.cookie), 404, "download_not_found");
      await expectRefused(await renew({ entitlementId: crypto.randomUUID(), format: "mp3" }, buyer.cookie), 404, "download_not_found");
      await expectRefused(await renew({ entitlementId: trackEntitlement, format: "wav" }, buyer.cookie), 404, "download_not_found");
      const member = await createUser("user");
      const revoked = await grant(await seedOrder({ userId: member.id, email: member.email }), { albumId: ALBUM }, member.id);
      await revoke(revoked);
      await expectRefused(await renew({ entitlementId: revoked, format: "mp3" }, member.cookie), 404, "download_not_found");
    });

    it("refuses bad input with 400 and its code", async () => {
      await expectRefused(await renew({ entitlementId: albumEntitlement, format: "ogg" }, buyer.cookie), 400, "invalid_input");
      await expectRefused(await renew({ entitlementId: "", format: "mp3" }, buyer.cookie), 400, "invalid_input");
      await expectRefused(await renew({ entitlementId: albumEntitlement, format: "mp3", extra: 1 }, buyer.cookie), 400, "invalid_input");
    });
  });
});

describe("a ticket order in the collection", () => {
  it("lists the show (both titles), its start in the event's zone and each type with its quantity and amount; never to another member", async () => {
    const fan = await createUser("user");
    const startsAt = Date.UTC(2027, 2, 13, 0, 0);
    const eventId = await seedTicketEvent({ title: "Neon Night", eventDate: startsAt, timeZone: "America/Sao_Paulo" });
    await D1.prepare("UPDATE events SET title_pt_br = 'Noite Neon' WHERE id = ?1").bind(eventId).run();
    const general = await seedTicketType(eventId, { name: "General", namePtBr: "Pista", priceCents: 2500, position: 0 });
    const vipArea = await seedTicketType(eventId, { name: "VIP area", namePtBr: null, priceCents: 6000, position: 1 });
    const order = await insertIssuedTickets({
      userId: fan.id,
      email: fan.email,
      eventId,
      ticketTypeId: general,
      count: 2,
      priceCents: 2500,
      totalCents: 11000,
    });
    // The same order's VIP seat, as one checkout of two types leaves it.
    await D1.prepare(
      `INSERT INTO event_tickets (id, code, order_id, event_id, ticket_type_id, type_name, price_cents, currency, buyer_user_id, buyer_email, owner_user_id, owner_email)
       VALUES (?1, ?2, ?3, ?4, ?5, 'VIP area', 6000, 'usd', ?6, ?7, ?6, ?7)`,
    )
      .bind(crypto.randomUUID(), `TKT-VIPA-${order.number}`, order.orderId, eventId, vipArea, fan.id, fan.email)
      .run();

    const body = await collectionOf(fan);
    expect(body.orders).toHaveLength(1);
    expect(body.orders[0]).toMatchObject({ id: order.orderId, lines: [], totalCents: 11000 });
    expect(body.orders[0]!.tickets).toEqual([
      {
        eventId,
        eventTitle: "Neon Night",
        eventTitlePtBr: "Noite Neon",
        startsAt: new Date(startsAt).toISOString(),
        timeZone: "America/Sao_Paulo",
        typeName: "General",
        typeNamePtBr: "Pista",
        quantity: 2,
        totalCents: 5000,
      },
      {
        eventId,
        eventTitle: "Neon Night",
        eventTitlePtBr: "Noite Neon",
        startsAt: new Date(startsAt).toISOString(),
        timeZone: "America/Sao_Paulo",
        typeName: "VIP area",
        typeNamePtBr: null,
        quantity: 1,
        totalCents: 6000,
      },
    ]);
    // A store order has no tickets; another member sees none of these.
    const other = await createUser("user");
    expect(await collectionOf(other)).toEqual({ releases: [], orders: [], giftCodes: [] });
  });
});

describe("guest purchases", () => {
  it("are attached when the member whose verified address paid opens the collection; never to an unverified one", async () => {
    const unverified = await createUser("user", { unverified: true });
    const guestOrder = await seedOrder({ email: unverified.email });
    await grant(guestOrder, { albumId: ALBUM });
    await seedGiftCode(guestOrder, { code: `GIFT-G-${guestOrder.number}` });
    expect((await collectionOf(unverified)).releases).toEqual([]);
    expect(await orderOwner(guestOrder.id)).toBeNull();

    const member = await createUser("user");
    const order = await seedOrder({ email: member.email.toUpperCase() });
    const entitlement = await grant(order, { albumId: ALBUM });
    await seedGiftCode(order, { code: `GIFT-H-${order.number}` });
    const body = await collectionOf(member);
    expect(body.releases.map((r) => r.entitlementId)).toEqual([entitlement]);
    expect(body.orders.map((o) => o.id)).toEqual([order.id]);
    expect(body.giftCodes.map((g) => g.code)).toEqual([`GIFT-H-${order.number}`]);
    const rows = await D1.prepare(
      "SELECT (SELECT user_id FROM orders WHERE id = ?1) AS o, (SELECT user_id FROM entitlements WHERE id = ?2) AS e, (SELECT buyer_user_id FROM gift_codes WHERE order_id = ?1) AS g",
    )
      .bind(order.id, entitlement)
      .first<{ o: string; e: string; g: string }>();
    expect(rows).toEqual({ o: member.id, e: member.id, g: member.id });
  });

  it("never takes an order another member already has", async () => {
    const member = await createUser("user");
    const other = await createUser("user");
    const order = await seedOrder({ userId: other.id, email: member.email });
    await collectionOf(member);
    expect(await orderOwner(order.id)).toBe(other.id);
  });

  it("are attached when the member verifies the address they paid with", async () => {
    const member = await createUser("user", { unverified: true });
    const order = await seedOrder({ email: member.email });
    await grant(order, { albumId: ALBUM });
    const token = `verify-${crypto.randomUUID()}`;
    await D1.prepare("INSERT INTO email_verifications (token_hash, user_id, email, expires_at) VALUES (?1, ?2, ?3, ?4)")
      .bind(await sha256Hex(token), member.id, member.email, Date.now() + 3_600_000)
      .run();
    const res = await call("/api/auth/verify-email", { json: { token } });
    expect(res.status).toBe(200);
    expect(await orderOwner(order.id)).toBe(member.id);
  });

  describe("claimed by e-mail", () => {
    const mailTo = async (to: string) =>
      (
        await D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1 ORDER BY created_at DESC")
          .bind(to)
          .all<{ subject: string; text: string }>()
      ).results;
    const claimTokenIn = (text: string) => {
      const link = extractLinks(text).find((l) => new URL(l).pathname === "/collection");
      expect(link && new URL(link).origin).toBe(ORIGIN);
      return new URL(link!).searchParams.get("claim")!;
    };

    it("mails a one-time link that attaches that address's guest orders to the member who asked", async () => {
      const member = await createUser("user");
      const address = `guest-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const order = await seedOrder({ email: address });
      await grant(order, { albumId: ALBUM });
      const res = await claim({ email: address.toUpperCase() }, member.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, sentTo: address });
      const [mail] = await mailTo(address);
      expect(mail!.subject).toContain("collection");
      expect(mail!.text).toContain(member.username);
      const token = claimTokenIn(mail!.text);
      expect(await orderOwner(order.id)).toBeNull();

      const someoneElse = await createUser("user");
      await expectRefused(await confirmClaim({ token }, someoneElse.cookie), 404, "claim_link_invalid");
      const used = await confirmClaim({ token }, member.cookie);
      expect(used.status).toBe(200);
      expect(await used.json<ClaimConfirmResponse>()).toEqual({ claimed: { orders: 1 } });
      expect(await orderOwner(order.id)).toBe(member.id);
      expect((await collectionOf(member)).releases).toHaveLength(1);
      await expectRefused(await confirmClaim({ token }, member.cookie), 404, "claim_link_invalid");
    });

    it("answers the same for an address that bought nothing, in the member's language", async () => {
      const member = await createUser("user");
      await D1.prepare("UPDATE users SET locale = 'pt-BR' WHERE id = ?1").bind(member.id).run();
      const address = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const res = await claim({ email: address }, member.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, sentTo: address });
      const [mail] = await mailTo(address);
      expect(mail!.subject).toContain("coleção");
      const used = await confirmClaim({ token: claimTokenIn(mail!.text) }, member.cookie);
      expect(await used.json<ClaimConfirmResponse>()).toEqual({ claimed: { orders: 0 } });
    });

    it("refuses a link past its day (410) and an unknown one (404)", async () => {
      const member = await createUser("user");
      const address = `late-${crypto.randomUUID().slice(0, 8)}@example.com`;
      await claim({ email: address }, member.cookie);
      const token = claimTokenIn((await mailTo(address))[0]!.text);
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(Date.now() + CLAIM_LINK_TTL_MS + 1000);
        await expectRefused(await confirmClaim({ token }, member.cookie), 410, "claim_link_expired");
      } finally {
        vi.useRealTimers();
      }
      await expectRefused(await confirmClaim({ token: "not-a-token" }, member.cookie), 404, "claim_link_invalid");
    });

    it("refuses a malformed address (400) and too many requests (429)", async () => {
      const member = await createUser("user");
      await expectRefused(await claim({ email: "not an address" }, member.cookie), 400, "email_invalid");
      await expectRefused(await claim({}, member.cookie), 400, "invalid_input");
      const [max] = CLAIM_RATE_LIMITS.perMember;
      for (let i = 0; i < max; i++) expect((await claim({ email: `many-${i}-${member.id.slice(0, 6)}@example.com` }, member.cookie)).status).toBe(200);
      await expectRefused(await claim({ email: `one-more-${member.id.slice(0, 6)}@example.com` }, member.cookie), 429, "rate_limited");
    });

    it("go from the table a day after they expire (the hourly housekeeping)", async () => {
      const member = await createUser("user");
      const now = Date.now();
      const insert = (hash: string, expiresAt: number) =>
        D1.prepare("INSERT INTO store_claim_links (token_hash, user_id, email, expires_at) VALUES (?1, ?2, 'x@example.com', ?3)")
          .bind(hash, member.id, expiresAt)
          .run();
      await insert(`old-${member.id}`, now - 2 * 86_400_000);
      await insert(`recent-${member.id}`, now - 3_600_000);
      await purgeStaleRows(createDb(D1), now);
      const left = await D1.prepare("SELECT token_hash FROM store_claim_links WHERE user_id = ?1").bind(member.id).all<{ token_hash: string }>();
      expect(left.results.map((r) => r.token_hash)).toEqual([`recent-${member.id}`]);
    });

    it("limits the mails one address gets, whoever asks", async () => {
      const address = `target-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const [max] = CLAIM_RATE_LIMITS.perAddress;
      for (let i = 0; i < max; i++) expect((await claim({ email: address }, (await createUser("user")).cookie)).status).toBe(200);
      await expectRefused(await claim({ email: address }, (await createUser("user")).cookie), 429, "rate_limited");
      expect(await mailTo(address)).toHaveLength(max);
    });
  });
});

describe("streaming a bought release", () => {
  const stream = (trackId: string, cookie?: string) => call(`/api/music/tracks/${trackId}/stream`, { method: "POST", cookie });
  const play = (trackId: string, cookie?: string) => call(`/api/music/tracks/${trackId}/plays`, { method: "POST", cookie });

  it("plays the owned release's tracks in full without VIP, and counts the plays", async () => {
    const buyer = await createUser("user");
    await grant(await seedOrder({ userId: buyer.id, email: buyer.email }), { albumId: ALBUM }, buyer.id);
    const res = await stream(`${ALBUM}-2`, buyer.cookie);
    expect(res.status).toBe(200);
    const { url } = await res.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/media/tracks/${ALBUM}-2\\?token=`));
    expect((await call(url)).status).toBe(200);
    expect((await play(`${ALBUM}-2`, buyer.cookie)).status).toBe(200);
  });

  it("a bought track alone opens that track only", async () => {
    const buyer = await createUser("user");
    await grant(await seedOrder({ userId: buyer.id, email: buyer.email }), { trackId: `${TRACK_ALBUM}-1` }, buyer.id);
    expect((await stream(`${TRACK_ALBUM}-1`, buyer.cookie)).status).toBe(200);
    await expectRefused(await stream(`${TRACK_ALBUM}-2`, buyer.cookie), 403, "vip_required");
  });

  it("a non-buyer still gets the preview only: 403 for the full track, the preview for anyone", async () => {
    // A real MP3, so the preview can be cut from it.
    await MEDIA.put(`audio/${ALBUM}-4.mp3`, mp3Cbr({ seconds: 70 }));
    const member = await createUser("user");
    const door = await createDoorStaff();
    for (const person of [member, door]) {
      await expectRefused(await stream(`${ALBUM}-4`, person.cookie), 403, "vip_required");
      await expectRefused(await play(`${ALBUM}-4`, person.cookie), 403, "vip_required");
      expect((await call(`/api/music/tracks/${ALBUM}-4/preview`, { method: "POST", cookie: person.cookie })).status).toBe(200);
    }
    await expectRefused(await stream(`${ALBUM}-4`), 401, "unauthorized");
    expect((await call(`/api/music/tracks/${ALBUM}-4/preview`, { method: "POST" })).status).toBe(200);
  });

  it("another album, a revoked purchase or a guest's (unattached) purchase opens nothing", async () => {
    const buyer = await createUser("user", { unverified: true });
    const entitlement = await grant(await seedOrder({ userId: buyer.id, email: buyer.email }), { albumId: ALBUM }, buyer.id);
    await expectRefused(await stream(`${TRACK_ALBUM}-1`, buyer.cookie), 403, "vip_required");
    await revoke(entitlement);
    await expectRefused(await stream(`${ALBUM}-1`, buyer.cookie), 403, "vip_required");
    const guest = await createUser("user", { unverified: true });
    await grant(await seedOrder({ email: guest.email }), { albumId: ALBUM });
    await expectRefused(await stream(`${ALBUM}-1`, guest.cookie), 403, "vip_required");
  });

  it("VIPs and admins play every track, as before", async () => {
    for (const person of [await createUser("vip"), await createUser("admin")]) expect((await stream(`${ALBUM}-3`, person.cookie)).status).toBe(200);
  });
});

// /collection against a fake API: a member's releases (cover, downloads per format with the size,
// Play in full without VIP), orders (status, lines, total, tracking link), gift codes (state, who
// redeemed, print card); the empty state; a failed load with retry; claiming guest purchases by
// e-mail and through the mailed link; a dead download link's reason; an expiring link renewed;
// Portuguese; and a visitor sent to sign in.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CollectionRelease, CollectionResponse } from "../../worker/contracts/store/collection";
import type { TrackView } from "../../worker/contracts/music/music";
import { Route as CollectionRoute } from "../../app/routes/collection";
import { pageEngine } from "../../app/features/music/player/PlayerProvider";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const track = (id: string, number: number, title: string): TrackView => ({
  id,
  title,
  number,
  albumId: "moonlight-boulevard",
  albumTitle: "Moonlight Boulevard",
  albumYear: 1988,
  coverUrl: "/media/covers/moonlight-boulevard.png",
  durationSeconds: 83,
  plays: 0,
  playable: true,
  preview: true,
  earlyAccess: false,
  releaseAt: null,
  featuredPosition: null,
});

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

const ALBUM: CollectionRelease = {
  entitlementId: "ent-album",
  kind: "album",
  albumId: "moonlight-boulevard",
  trackId: null,
  title: "Moonlight Boulevard",
  albumTitle: "Moonlight Boulevard",
  year: 1988,
  coverUrl: "/media/covers/moonlight-boulevard.png",
  purchasedAt: "2026-11-20T10:00:00.000Z",
  orderNumber: 1042,
  links: [
    { format: "mp3", url: "/api/store/downloads/mp3-token", expiresAt: inADay(), bytes: 1_234_567 },
    { format: "wav", url: "/api/store/downloads/wav-token", expiresAt: inADay(), bytes: 52_900_000 },
  ],
  tracks: [track("moonlight-boulevard-1", 1, "Dreamin' of Love"), track("moonlight-boulevard-2", 2, "Neon Heartbeat")],
  preorder: null,
};

const FULL: CollectionResponse = {
  releases: [ALBUM],
  orders: [
    {
      id: "order-1",
      number: 1043,
      status: "shipped",
      paidAt: "2026-11-21T10:00:00.000Z",
      currency: "usd",
      subtotalCents: 3500,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 3500,
      refundedCents: 0,
      tax: { cents: 559, behavior: "inclusive", status: "collected", place: "DE", buyerTaxId: "DE123456789" },
      lines: [{ title: "Tour shirt", variantLabel: "M / Black", kind: "merch", quantity: 2, totalCents: 3500, shipsFrom: null }],
      carrier: "USPS",
      trackingNumber: "9400 1000",
      trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000",
      shippedAt: "2026-11-22T10:00:00.000Z",
      tickets: [],
    },
  ],
  giftCodes: [
    {
      code: "GIFT-AAAA",
      months: 3,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      state: "unredeemed",
      redeemedBy: null,
      redeemedAt: null,
      orderNumber: 1043,
    },
    {
      code: "GIFT-BBBB",
      months: 12,
      tier: { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
      state: "redeemed",
      redeemedBy: "friend_1",
      redeemedAt: "2026-11-23T10:00:00.000Z",
      orderNumber: 1043,
    },
    {
      code: "GIFT-CCCC",
      months: 1,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      state: "void",
      redeemedBy: null,
      redeemedAt: null,
      orderNumber: 1043,
    },
  ],
};

const showTickets = {
  eventId: "ev-1",
  eventTitle: "Neon Night",
  eventTitlePtBr: "Noite Neon",
  startsAt: "2027-03-13T01:00:00.000Z",
  timeZone: "America/New_York",
};
/** A ticket order: no store lines, two types for one show at 8 PM in New York. */
const TICKET_ORDER: CollectionResponse = {
  ...FULL,
  orders: [
    {
      ...FULL.orders[0]!,
      id: "order-t",
      number: 1004,
      status: "paid",
      totalCents: 11000,
      subtotalCents: 11000,
      lines: [],
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      shippedAt: null,
      tickets: [
        { ...showTickets, typeName: "General", typeNamePtBr: "Pista", quantity: 2, totalCents: 5000 },
        { ...showTickets, typeName: "VIP area", typeNamePtBr: null, quantity: 1, totalCents: 6000 },
      ],
    },
  ],
};

const EMPTY: CollectionResponse = { releases: [], orders: [], giftCodes: [] };

function api(collection: CollectionResponse | ApiRoutes[string], extra: ApiRoutes = {}, me: ReturnType<typeof sessionUser> | null = sessionUser()) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/store/collection": typeof collection === "function" || collection instanceof Response ? collection : json(200, collection),
    ...extra,
  });
}

function renderCollection(url = "/collection", locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(CollectionRoute, "/collection", root), stubRoute(root, "/social/login")]);
  return renderApp(tree, url, { locale });
}

afterEach(() => {
  pageEngine().reset();
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/collection", () => {
  it("shows a bought release with its downloads per format and size, and plays it in full without VIP", async () => {
    const { callsTo } = api(FULL, {
      "POST /api/music/tracks/moonlight-boulevard-1/stream": json(200, { url: "/media/tracks/moonlight-boulevard-1?token=t", expiresAt: inADay() }),
    });
    renderCollection();
    const card = await screen.findByRole("article", { name: "Moonlight Boulevard" });
    expect(within(card).getByText("1988")).toBeTruthy();
    // Each link's name begins with what it shows (axe's label-content-name-mismatch).
    const mp3 = within(card).getByRole("link", { name: "MP3 · 1.2 MB: download Moonlight Boulevard" });
    expect(mp3.getAttribute("href")).toBe("/api/store/downloads/mp3-token");
    expect(mp3.hasAttribute("download")).toBe(true);
    expect(mp3.textContent).toBe("MP3 · 1.2 MB");
    expect(within(card).getByRole("link", { name: "WAV · 52.9 MB: download Moonlight Boulevard" }).textContent).toBe("WAV · 52.9 MB");

    fireEvent.click(within(card).getByRole("button", { name: /Play Moonlight Boulevard/ }));
    await waitFor(() => expect(callsTo("POST /api/music/tracks/moonlight-boulevard-1/stream")).toHaveLength(1));
    expect(callsTo("POST /api/music/tracks/moonlight-boulevard-1/preview")).toHaveLength(0);
    expect(pageEngine().getState()).toMatchObject({ preview: false, queue: ALBUM.tracks });
  });

  it("lists orders with their status, lines, total and a tracking link", async () => {
    api(FULL);
    renderCollection();
    const order = await screen.findByRole("article", { name: "Order #1043" });
    expect(within(order).getByText("Shipped")).toBeTruthy();
    expect(within(order).getByText(/2 × Tour shirt/)).toBeTruthy();
    expect(within(order).getByText("· M / Black")).toBeTruthy();
    expect(within(order).getByText("Total $35.00")).toBeTruthy();
    // The tax in it (decision 093) and the buyer's tax id.
    expect(order.querySelector(".collection-order-tax")!.textContent).toBe("Includes tax (Germany): $5.59 · Your tax ID: DE123456789");
    expect(within(order).getByText(/Shipped with USPS: 9400 1000/)).toBeTruthy();
    const tracking = within(order).getByRole("link", { name: /Track the parcel/ });
    expect(tracking.getAttribute("href")).toBe("https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000");
    expect(tracking.getAttribute("target")).toBe("_blank");
    expect(tracking.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("lists a ticket order's show, its date in the event's zone and the tickets of each type", async () => {
    api(TICKET_ORDER);
    renderCollection();
    const order = await screen.findByRole("article", { name: "Order #1004" });
    expect(within(order).getByText("Neon Night")).toBeTruthy();
    expect(within(order).getByText("Fri, Mar 12, 2027, 8:00 PM EST")).toBeTruthy();
    const lines = [...order.querySelectorAll(".collection-order-show li")].map((li) => li.textContent);
    expect(lines).toEqual(["2 × General$50.00", "1 × VIP area$60.00"]);
    expect(within(order).getByText("Total $110.00")).toBeTruthy();
  });

  it("names a ticket order's show and types in Portuguese, falling back to the English name", async () => {
    api(TICKET_ORDER);
    renderCollection("/collection", "pt-BR");
    const order = await screen.findByRole("article", { name: "Pedido nº 1004" });
    expect(within(order).getByText("Noite Neon")).toBeTruthy();
    expect(within(order).queryByText("Neon Night")).toBeNull();
    const date = within(order).getByText(/12 de mar\. de 2027/);
    expect(date.textContent).toMatch(/20:00/);
    const lines = [...order.querySelectorAll(".collection-order-show li")].map((li) => li.textContent?.replace(/\s/g, " "));
    expect(lines).toEqual(["2 × PistaUS$ 50,00", "1 × VIP areaUS$ 60,00"]);
  });

  it("lists gift codes with their state, who redeemed one, and a printable card for an unredeemed one", async () => {
    api(FULL);
    renderCollection();
    await screen.findByText("GIFT-AAAA");
    const items = screen.getByRole("heading", { name: "Gift codes" }).parentElement!.querySelectorAll("li");
    expect([...items].map((li) => li.querySelector(".badge")!.textContent)).toEqual(["Not redeemed yet", "Redeemed", "Void"]);
    expect(screen.getByText("3 months of VIP")).toBeTruthy();
    // Each names its tier (decision 116).
    expect(screen.getByText("12 months of Inner Circle")).toBeTruthy();
    expect(screen.getByText("Redeemed by @friend_1")).toBeTruthy();
    const cards = screen.getAllByRole("link", { name: /^Print the card of / });
    expect(cards.map((a) => a.getAttribute("href"))).toEqual(["/redeem/card/GIFT-AAAA"]);
  });

  it("shows the empty state with a way to the store", async () => {
    api(EMPTY);
    renderCollection();
    expect(await screen.findByText("Nothing here yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Visit the store" }).getAttribute("href")).toBe("/store");
  });

  it("shows a failed load with a retry that loads again", async () => {
    let failing = true;
    api(() => (failing ? apiError(500, "internal", "Internal error") : json(200, FULL)));
    renderCollection();
    expect((await screen.findByRole("alert")).textContent).toContain("Your collection could not be loaded");
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Moonlight Boulevard" })).toBeTruthy();
  });

  it("asks for a claim link by e-mail and says where it went", async () => {
    const { callsTo } = api(EMPTY, { "POST /api/store/collection/claim": json(200, { ok: true, sentTo: "old@example.com" }) });
    renderCollection();
    await screen.findByText("Nothing here yet");
    fireEvent.change(screen.getByLabelText("The address you paid with"), { target: { value: " old@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByText(/We sent a link to old@example.com/)).toBeTruthy();
    expect(sentJson(callsTo("POST /api/store/collection/claim")[0])).toEqual({ email: "old@example.com" });
  });

  it("says why a claim could not be asked for", async () => {
    api(EMPTY, { "POST /api/store/collection/claim": apiError(429, "rate_limited", "Too many attempts") });
    renderCollection();
    await screen.findByText("Nothing here yet");
    fireEvent.change(screen.getByLabelText("The address you paid with"), { target: { value: "old@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByText(/Too many attempts/)).toBeTruthy();
  });

  it("uses a claim link once on arrival, says what it added, and drops the token from the address", async () => {
    const { callsTo } = api(FULL, { "POST /api/store/collection/claim/confirm": json(200, { claimed: { orders: 1 } }) });
    const { router } = renderCollection("/collection?claim=the-token");
    expect(await screen.findByText("One order was added to your collection.")).toBeTruthy();
    expect(callsTo("POST /api/store/collection/claim/confirm")).toHaveLength(1);
    expect(sentJson(callsTo("POST /api/store/collection/claim/confirm")[0])).toEqual({ token: "the-token" });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(callsTo("POST /api/store/collection/claim/confirm")).toHaveLength(1);
  });

  it("says a spent claim link is spent", async () => {
    api(EMPTY, { "POST /api/store/collection/claim/confirm": apiError(404, "claim_link_invalid", "invalid") });
    renderCollection("/collection?claim=old");
    expect((await screen.findByRole("alert")).textContent).toBe("That link is not valid any more. Ask for a new one below.");
  });

  it("explains a download link that sent the browser back here", async () => {
    api(FULL);
    renderCollection("/collection?download=download_link_expired");
    expect(await screen.findByText("That download link had expired. Here are fresh ones.")).toBeTruthy();
  });

  it("renews a link about to expire before following it", async () => {
    const expiring: CollectionResponse = {
      ...FULL,
      releases: [{ ...ALBUM, links: [{ ...ALBUM.links[0]!, expiresAt: new Date(Date.now() + 5_000).toISOString() }] }],
    };
    let opened = "";
    vi.spyOn(window.location, "assign").mockImplementation((url) => void (opened = String(url)));
    const { callsTo } = api(expiring, {
      "POST /api/store/collection/links": json(200, { link: { format: "mp3", url: "/api/store/downloads/fresh", expiresAt: inADay(), bytes: 1_234_567 } }),
    });
    renderCollection();
    fireEvent.click(await screen.findByRole("link", { name: /^MP3 · .*: download Moonlight Boulevard$/ }));
    await waitFor(() => expect(opened).toBe("/api/store/downloads/fresh"));
    expect(sentJson(callsTo("POST /api/store/collection/links")[0])).toEqual({ entitlementId: "ent-album", format: "mp3" });
  });

  /** A release read while one of its files was still missing: the link's size is not known. */
  const unsized: CollectionResponse = { ...FULL, releases: [{ ...ALBUM, links: [{ ...ALBUM.links[0]!, bytes: null }] }] };
  const preparingThenReady = () => {
    let heads = 0;
    return () => {
      heads += 1;
      if (heads > 1) return new Response(null, { status: 200 });
      return new Response(null, { status: 503, headers: { "Retry-After": "1" } });
    };
  };

  it("says a download is being prepared, asks again after the time the Worker gave, then starts it", async () => {
    let opened = "";
    vi.spyOn(window.location, "assign").mockImplementation((url) => void (opened = String(url)));
    const { callsTo } = api(unsized, { "HEAD /api/store/downloads/mp3-token": preparingThenReady() });
    renderCollection();
    const link = await screen.findByRole("link", { name: "MP3: download Moonlight Boulevard" });
    fireEvent.click(link);
    await waitFor(() => expect(link.textContent).toBe("Being prepared..."));
    expect(link.getAttribute("aria-label")).toBe("Being prepared...: download Moonlight Boulevard");
    expect(screen.getByText("This download is being prepared. It starts by itself as soon as it is ready.").getAttribute("role")).toBe("status");
    expect(opened).toBe("");
    await waitFor(() => expect(opened).toBe("/api/store/downloads/mp3-token"), { timeout: 4000 });
    expect(callsTo("HEAD /api/store/downloads/mp3-token")).toHaveLength(2);
    expect(link.textContent).toBe("MP3");
  });

  it("says it in Portuguese, and explains a link that was being prepared when opened", async () => {
    vi.spyOn(window.location, "assign").mockImplementation(() => {});
    api(unsized, { "HEAD /api/store/downloads/mp3-token": preparingThenReady() });
    renderCollection("/collection?download=download_preparing", "pt-BR");
    expect(await screen.findByText("Esse download está sendo preparado. Tente de novo daqui a pouco.")).toBeTruthy();
    const link = screen.getByRole("link", { name: "MP3: baixar Moonlight Boulevard" });
    fireEvent.click(link);
    await waitFor(() => expect(link.textContent).toBe("Em preparação..."));
    expect(screen.getByText("Este download está sendo preparado. Ele começa sozinho assim que estiver pronto.")).toBeTruthy();
  });

  it("explains in English a link that was being prepared when opened", async () => {
    api(FULL);
    renderCollection("/collection?download=download_preparing");
    expect(await screen.findByText("That download is being prepared. Try it again in a moment.")).toBeTruthy();
  });

  it("speaks Portuguese", async () => {
    api(FULL);
    renderCollection("/collection", "pt-BR");
    const card = await screen.findByRole("article", { name: "Moonlight Boulevard" });
    expect(within(card).getByRole("link", { name: "MP3 · 1,2 MB: baixar Moonlight Boulevard" }).textContent).toBe("MP3 · 1,2 MB");
    expect(within(card).getByRole("button", { name: /Ouvir Moonlight Boulevard/ })).toBeTruthy();
    expect(screen.getByText("Enviado")).toBeTruthy();
    expect(screen.getByText("Ainda não resgatado")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Comprou como visitante?" })).toBeTruthy();
  });

  it("sends a visitor to sign in first", async () => {
    api(EMPTY, {}, null);
    const { router } = renderCollection("/collection?claim=abc");
    await waitFor(() => expect(router.state.location.pathname).toBe("/social/login"));
    expect(router.state.location.search).toEqual({ redirect: "/collection?claim=abc" });
  });
});

describe("/collection: a pre-order (decision 118)", () => {
  const PREORDER: CollectionRelease = {
    ...ALBUM,
    entitlementId: "ent-pre",
    title: "Night Drive",
    albumTitle: "Night Drive",
    tracks: [],
    links: [{ format: "mp3", url: "/api/store/downloads/teaser-token", expiresAt: inADay(), bytes: 3_000_000 }],
    preorder: {
      outAt: "2026-12-11T00:00:00.000Z",
      tracks: [
        { id: "nd-1", number: 1, title: "Ignition", teaser: true },
        { id: "nd-2", number: 2, title: "Overpass", teaser: false },
      ],
    },
  };
  const withPreorder = (release: CollectionRelease): CollectionResponse => ({ ...EMPTY, releases: [release] });

  it("says when it is out, the teaser downloads now and the rest is locked until then; in Portuguese too", async () => {
    api(withPreorder(PREORDER));
    renderCollection();
    const card = await screen.findByRole("article", { name: "Night Drive" });
    expect(within(card).getByText("Pre-ordered — out December 11, 2026")).toBeTruthy();
    const tracks = within(card).getByRole("list", { name: "Tracks" });
    expect(
      within(tracks)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Ignition — Download now", "Overpass —  Locked until December 11, 2026"]);
    expect(within(card).getByRole("link", { name: "MP3 · 3 MB: download Night Drive" }).getAttribute("href")).toBe("/api/store/downloads/teaser-token");
    cleanup();
    api(withPreorder(PREORDER));
    renderCollection("/collection", "pt-BR");
    const cartao = await screen.findByRole("article", { name: "Night Drive" });
    expect(within(cartao).getByText("Pré-venda — sai em 11 de dezembro de 2026")).toBeTruthy();
    expect(within(cartao).getByText(/Bloqueada até 11 de dezembro de 2026/)).toBeTruthy();
    expect(within(cartao).getByText(/Baixe agora/)).toBeTruthy();
  });

  it("without a teaser there is no download before the day, only when it opens", async () => {
    const bare = { ...PREORDER, preorder: { ...PREORDER.preorder!, tracks: PREORDER.preorder!.tracks.map((t) => ({ ...t, teaser: false })) } };
    api(withPreorder(bare));
    renderCollection();
    const card = await screen.findByRole("article", { name: "Night Drive" });
    expect(within(card).getByText("Your downloads open on December 11, 2026.")).toBeTruthy();
    expect(within(card).queryByRole("link", { name: /download Night Drive/ })).toBeNull();
  });

  it("a line of merch that ships later says from when", async () => {
    const order = {
      ...FULL.orders[0]!,
      lines: [{ ...FULL.orders[0]!.lines[0]!, shipsFrom: "2027-03-01" }],
      shippedAt: null,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    };
    api({ ...EMPTY, orders: [order] });
    renderCollection();
    expect(await screen.findByText(/Ships from Mar 1, 2027/)).toBeTruthy();
  });
});

// /admin/store against a fake API: the products with their picture, state, price (name-your-price
// "or more", the VIP's price) and stock at a glance, filtered by kind and state; the empty state;
// the product form's own checks before sending (the shared schema), live once tried, and the exact
// body it sends; a server 409 at its field; a stock change and its refusal; the promotion codes;
// and the page in Portuguese.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as StoreAdminRoute } from "../../app/routes/admin/store/index";
import type { AdminProduct, AdminPromoCode } from "../../worker/contracts/store/admin";
import type { Locale } from "../../app/i18n/locale";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const API = "/api/admin/store";
const product = (id: string, title: string, extra: Partial<AdminProduct> = {}): AdminProduct => ({
  id,
  slug: title.toLowerCase().replaceAll(" ", "-"),
  kind: "digital",
  state: "live",
  title,
  titlePtBr: null,
  description: "",
  descriptionPtBr: null,
  pricing: "fixed",
  priceUsdCents: 700,
  priceBrlCents: 3500,
  vipPriceUsdCents: 500,
  vipPriceBrlCents: 2500,
  vipDiscountPct: null,
  albumId: "freestyle-nights",
  trackId: null,
  bundledAlbumId: null,
  releaseTitle: "Freestyle Nights",
  weightClass: null,
  giftMonths: null,
  giftTierId: null,
  shipsFrom: null,
  perOrderLimit: 10,
  position: 0,
  images: [],
  variants: [],
  stock: null,
  sold: 0,
  deletable: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const SHIRT = product("5a0e0000-0000-4000-8000-000000000001", "Tour shirt", {
  kind: "merch",
  priceUsdCents: 2500,
  priceBrlCents: null,
  vipPriceUsdCents: null,
  vipPriceBrlCents: null,
  vipDiscountPct: 20,
  albumId: null,
  releaseTitle: null,
  weightClass: "light",
  images: [{ id: 1, url: "/media/store/shirt.png", position: 0 }],
  variants: [
    { id: "5a0e0000-0000-4000-8000-0000000000a1", sku: "TEE-S", size: "S", colour: null, stock: 12, stockState: "in_stock", position: 0 },
    { id: "5a0e0000-0000-4000-8000-0000000000a2", sku: "TEE-M", size: "M", colour: null, stock: 3, stockState: "low", position: 1 },
  ],
  stock: { total: 15, state: "low" },
  sold: 4,
  deletable: false,
});
const ALBUM = product("5a0e0000-0000-4000-8000-000000000002", "Freestyle Nights digital");
const SINGLE = product("5a0e0000-0000-4000-8000-000000000003", "Spring Love single", {
  state: "draft",
  pricing: "name_your_price",
  priceUsdCents: 100,
  priceBrlCents: null,
  vipPriceUsdCents: null,
  vipPriceBrlCents: null,
});
const PROMO: AdminPromoCode = {
  code: "FREESTYLE20",
  percentOff: 20,
  scope: "merch",
  vipOnly: true,
  minTierId: null,
  perkId: "0b7e0000-0000-4000-8000-000000000001",
  perkTitle: "20% off the official merch store",
  maxUses: null,
  uses: 3,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const RELEASES = {
  albums: [{ id: "freestyle-nights", title: "Freestyle Nights" }],
  tracks: [{ id: "spring-love", title: "Spring Love", albumTitle: "Spring Love" }],
};

function fakeServer(extra: Parameters<typeof mockApi>[0] = {}, products = [SHIRT, ALBUM, SINGLE]) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}/products`]: json(200, { products }),
    [`GET ${API}/releases`]: json(200, RELEASES),
    [`GET ${API}/promo-codes`]: json(200, { promoCodes: [PROMO], perks: [{ id: PROMO.perkId, title: PROMO.perkTitle }] }),
    ...extra,
  });
}

function renderPage(locale: Locale = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(StoreAdminRoute, "/admin/store", root)]), "/admin/store", { locale });
}

const row = (title: string) => screen.getByRole("row", { name: new RegExp(title) });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/store: products", () => {
  it("lists each product's state, price, VIP benefit and stock, and filters by kind and state", async () => {
    fakeServer();
    renderPage();
    await screen.findByRole("row", { name: /Tour shirt/ });
    const shirt = within(row("Tour shirt"));
    expect(shirt.getByText("Live")).toBeTruthy();
    expect(shirt.getByText("$25.00")).toBeTruthy();
    expect(shirt.getByText("VIP: 20% off")).toBeTruthy();
    expect(shirt.getByText("15 left in 2 variants")).toBeTruthy();
    expect(shirt.getByText("Low")).toBeTruthy();
    expect(shirt.getByRole("button", { name: "Sizes and stock of Tour shirt" })).toBeTruthy();
    // Somebody ordered it: it can only be archived.
    expect(shirt.queryByRole("button", { name: "Delete Tour shirt" })).toBeNull();
    const album = within(row("Freestyle Nights digital"));
    expect(album.getByText("$7.00 · R$35.00")).toBeTruthy();
    expect(album.getByText("VIP: $5.00 · R$25.00")).toBeTruthy();
    expect(album.getByText("No stock to count")).toBeTruthy();
    expect(within(row("Spring Love single")).getByText("$1.00 or more")).toBeTruthy();
    expect(within(row("Spring Love single")).getByText("Draft")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "digital" } });
    expect(screen.queryByRole("row", { name: /Tour shirt/ })).toBeNull();
    expect(screen.getByText("2 of 3 products")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "draft" } });
    expect(screen.queryByRole("row", { name: /Freestyle Nights digital/ })).toBeNull();
    expect(screen.getByRole("row", { name: /Spring Love single/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "archived" } });
    expect(screen.getByText("No products match these filters")).toBeTruthy();
  });

  it("says so when the store is empty", async () => {
    fakeServer({}, []);
    renderPage();
    expect(await screen.findByText("No products yet")).toBeTruthy();
  });

  it("checks the form with the shared rules before sending, live once tried, then creates the product", async () => {
    const created = product("5a0e0000-0000-4000-8000-000000000009", "Neon hoodie", { kind: "merch" });
    const { callsTo } = fakeServer({ [`POST ${API}/products`]: json(201, { product: created }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Add product" }));
    const form = screen.getByRole("dialog");
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    expect(await within(form).findByText("Title is required")).toBeTruthy();
    expect(within(form).getByText("Enter an amount such as 7 or 7.50")).toBeTruthy();
    expect(within(form).getByText("Lower-case letters, digits and dashes only, at most 80 characters")).toBeTruthy();
    expect(callsTo(`POST ${API}/products`)).toHaveLength(0);

    // Live: fixing a field clears its error without sending; the address follows the title.
    fireEvent.change(within(form).getByLabelText("Title (English)"), { target: { value: "Neon Hoodie" } });
    expect(within(form).queryByText("Title is required")).toBeNull();
    expect((within(form).getByLabelText("Address") as HTMLInputElement).value).toBe("neon-hoodie");
    fireEvent.change(within(form).getByLabelText("Price in US dollars"), { target: { value: "0" } });
    expect(within(form).getByText(/A fixed price must be more than zero/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Price in US dollars"), { target: { value: "45" } });
    fireEvent.change(within(form).getByLabelText("VIP benefit"), { target: { value: "price" } });
    fireEvent.change(within(form).getByLabelText("VIP price in US dollars"), { target: { value: "50" } });
    expect(within(form).getByText("The VIP price must be lower than the price")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("VIP price in US dollars"), { target: { value: "39.90" } });
    fireEvent.change(within(form).getByLabelText("Title (Portuguese)"), { target: { value: "Moletom neon" } });
    fireEvent.change(within(form).getByLabelText("Weight class (for shipping)"), { target: { value: "standard" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(callsTo(`POST ${API}/products`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}/products`)[0])).toEqual({
      kind: "merch",
      slug: "neon-hoodie",
      state: "draft",
      title: "Neon Hoodie",
      titlePtBr: "Moletom neon",
      description: "",
      descriptionPtBr: "",
      pricing: "fixed",
      priceUsdCents: 4500,
      priceBrlCents: null,
      vipPriceUsdCents: 3990,
      vipPriceBrlCents: null,
      vipDiscountPct: null,
      albumId: null,
      trackId: null,
      bundledAlbumId: null,
      weightClass: "standard",
      shipsFrom: null,
      giftMonths: null,
      giftTierId: null,
      perOrderLimit: 10,
      position: 0,
    });
    expect(await screen.findByText("Product created")).toBeTruthy();
  });

  it("a gift product names the membership tier it gives (decision 116): VIP by default, or a paid tier above it", async () => {
    const GIFT = product("5a0e0000-0000-4000-8000-00000000000a", "Gift Three Months", { kind: "gift_vip", albumId: null, giftMonths: 3 });
    const tiers = [
      { id: "vip", rank: 1, archived: false, name: { en: "VIP", ptBR: "VIP" } },
      { id: "inner-circle", rank: 2, archived: false, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
      { id: "old-gold", rank: 3, archived: true, name: { en: "Old Gold", ptBR: "Ouro Antigo" } },
    ];
    const { callsTo } = fakeServer(
      {
        "GET /api/admin/tier-choices": json(200, { tiers }),
        [`PUT ${API}/products/${GIFT.id}`]: json(200, { product: { ...GIFT, giftTierId: "inner-circle" } }),
      },
      [GIFT],
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /Edit Gift Three Months/ }));
    const form = screen.getByRole("dialog");
    const select = within(form).getByLabelText("Membership tier given") as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.text)).toEqual(["VIP", "Inner Circle"]));
    expect(select.value).toBe("");
    fireEvent.change(select, { target: { value: "inner-circle" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsTo(`PUT ${API}/products/${GIFT.id}`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT ${API}/products/${GIFT.id}`)[0])).toMatchObject({ kind: "gift_vip", giftMonths: 3, giftTierId: "inner-circle" });
  });

  it("offers the catalog's albums for a digital product and shows a taken address at its field", async () => {
    fakeServer({ [`PUT ${API}/products/${ALBUM.id}`]: apiError(409, "product_slug_taken", "Another product already has this address") });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Freestyle Nights digital" }));
    const form = screen.getByRole("dialog");
    expect(within(form).getByText("Kind: Digital (a product's kind stays as it was made)")).toBeTruthy();
    await waitFor(() => expect((within(form).getByLabelText("Album") as HTMLSelectElement).value).toBe("freestyle-nights"));
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Another product already has this address")).toBeTruthy();
    expect(within(form).getByLabelText("Address").getAttribute("aria-invalid")).toBe("true");
  });

  it("changes a size's stock, and says so when there is not that much to take away", async () => {
    const medium = SHIRT.variants[1]!;
    const { callsTo } = fakeServer({
      [`POST ${API}/products/${SHIRT.id}/variants/${medium.id}/stock`]: apiError(409, "stock_below_zero", "Stock cannot go below zero"),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Sizes and stock of Tour shirt" }));
    const dialog = screen.getByRole("dialog", { name: "Sizes and stock: Tour shirt" });
    expect(within(dialog).getByText("3 left")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Stock change for TEE-M"), { target: { value: "-5" } });
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Apply" })[1]!);
    expect(await within(dialog).findByText("There is not that much stock to take away.")).toBeTruthy();
    expect(sentJson(callsTo(`POST ${API}/products/${SHIRT.id}/variants/${medium.id}/stock`)[0])).toEqual({ delta: -5 });
  });
});

describe("/admin/store: promotion codes", () => {
  it("lists the codes and creates one from the form", async () => {
    const { callsTo } = fakeServer({ [`POST ${API}/promo-codes`]: json(201, { promoCode: { ...PROMO, code: "SUMMER10" } }) });
    renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: "Promotion codes" }));
    const promo = await screen.findByRole("row", { name: /FREESTYLE20/ });
    expect(within(promo).getByText("20% off merch")).toBeTruthy();
    expect(within(promo).getByText("VIP members only")).toBeTruthy();
    expect(within(promo).getByText("From the perk “20% off the official merch store”")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add code" }));
    const form = screen.getByRole("dialog");
    fireEvent.change(within(form).getByLabelText("Code"), { target: { value: "summer10" } });
    fireEvent.change(within(form).getByLabelText("Percent off"), { target: { value: "0" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    expect(await within(form).findByText("A whole percentage from 1 to 100")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Percent off"), { target: { value: "10" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(callsTo(`POST ${API}/promo-codes`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}/promo-codes`)[0])).toMatchObject({
      code: "summer10",
      percentOff: 10,
      scope: "all",
      vipOnly: false,
      perkId: null,
      maxUses: null,
    });
    expect(await screen.findByText("Code created")).toBeTruthy();
  });
});

describe("/admin/store: pictures", () => {
  it("uploads a picture as soon as it is chosen, with no second Upload click, and shows it", async () => {
    const sent: { url: string; body: unknown; onload: (() => void) | null; status: number; responseText: string }[] = [];
    class FakeXHR {
      url = "";
      status = 0;
      responseText = "";
      responseType = "";
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror = null;
      onabort = null;
      body: unknown = null;
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      send(body: unknown) {
        this.body = body;
        sent.push(this);
      }
      abort() {}
    }
    vi.stubGlobal("XMLHttpRequest", FakeXHR);
    let products = [SHIRT];
    fakeServer({ [`GET ${API}/products`]: () => json(200, { products }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Pictures of Tour shirt" }));
    const dialog = screen.getByRole("dialog");
    const file = new File(["png"], "back.png", { type: "image/png" });
    fireEvent.change(within(dialog).getByLabelText("Add a picture"), { target: { files: [file] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe(`${API}/products/${SHIRT.id}/images`);
    expect(sent[0]!.body).toBe(file);
    expect(within(dialog).queryByRole("button", { name: "Upload" })).toBeNull();
    products = [{ ...SHIRT, images: [...SHIRT.images, { id: 2, url: "/media/store/back.png", position: 1 }] }];
    await act(async () => {
      sent[0]!.status = 200;
      sent[0]!.responseText = JSON.stringify({ product: products[0] });
      sent[0]!.onload?.();
    });
    expect(await within(dialog).findByText("Upload complete")).toBeTruthy();
    expect(await within(dialog).findByRole("img", { name: "Picture 2" })).toBeTruthy();
  });
});

describe("/admin/store in Portuguese", () => {
  it("shows each product by its Portuguese title where it has one, the English one otherwise", async () => {
    fakeServer({}, [{ ...SHIRT, titlePtBr: "Camiseta da turnê" }, ALBUM]);
    renderPage("pt-BR");
    expect(await screen.findByRole("row", { name: /Camiseta da turnê/ })).toBeTruthy();
    expect(screen.queryByRole("row", { name: /Tour shirt/ })).toBeNull();
    expect(screen.getByRole("row", { name: /Freestyle Nights digital/ })).toBeTruthy();
    cleanup();
    fakeServer({}, [{ ...SHIRT, titlePtBr: "Camiseta da turnê" }]);
    renderPage("en");
    expect(await screen.findByRole("row", { name: /Tour shirt/ })).toBeTruthy();
  });

  it("shows the list, its badges and the form in pt-BR", async () => {
    fakeServer();
    renderPage("pt-BR");
    await screen.findByRole("row", { name: /Tour shirt/ });
    expect(within(row("Tour shirt")).getByText("Publicado")).toBeTruthy();
    expect(within(row("Tour shirt")).getByText("VIP: 20% de desconto")).toBeTruthy();
    expect(within(row("Spring Love single")).getByText("Rascunho")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar produto" }));
    const form = screen.getByRole("dialog");
    fireEvent.click(within(form).getByRole("button", { name: "Criar" }));
    expect(await within(form).findByText("O título é obrigatório")).toBeTruthy();
    expect(within(form).getByText("Digite um valor como 7 ou 7,50")).toBeTruthy();
  });
});

describe("/admin/store: pre-orders (decision 118)", () => {
  it("merch takes the day it ships from; the form sends it", async () => {
    const { callsTo } = fakeServer({ [`PUT ${API}/products/${SHIRT.id}`]: json(200, { product: { ...SHIRT, shipsFrom: "2027-03-01" } }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /Edit Tour shirt/ }));
    const form = screen.getByRole("dialog");
    fireEvent.change(within(form).getByLabelText("Ships from"), { target: { value: "2027-03-01" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsTo(`PUT ${API}/products/${SHIRT.id}`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT ${API}/products/${SHIRT.id}`)[0])).toMatchObject({ kind: "merch", shipsFrom: "2027-03-01" });
  });

  it("the Pre-orders tab shows each album's pre-orders and, per currency, sold, refunded and net as the Worker counts them; in Portuguese too", async () => {
    const figures = {
      releases: [
        {
          albumId: "night-drive",
          title: "Night Drive",
          releaseAt: "2026-12-11T00:00:00.000Z",
          out: false,
          orders: 3,
          revenue: [
            { currency: "brl", soldCents: 6000, refundedCents: 0, netCents: 6000 },
            { currency: "usd", soldCents: 2200, refundedCents: 300, netCents: 1900 },
          ],
        },
      ],
    };
    fakeServer({ [`GET ${API}/preorders`]: json(200, figures) });
    renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: "Pre-orders" }));
    const line = await screen.findByRole("row", { name: /Night Drive/ });
    expect(within(line).getByText("3")).toBeTruthy();
    const cells = within(line)
      .getAllByRole("cell")
      .map((cell) => cell.textContent?.replace(/\s/g, " "));
    expect(cells.slice(-3)).toEqual(["R$60.00 · $22.00", "R$0.00 · $3.00", "R$60.00 · $19.00"]);
    for (const name of ["Sold", "Refunded", "Net"]) expect(screen.getByRole("columnheader", { name })).toBeTruthy();
    cleanup();
    fakeServer({ [`GET ${API}/preorders`]: json(200, { releases: [] }) });
    renderPage("pt-BR");
    fireEvent.click(await screen.findByRole("tab", { name: "Pré-vendas" }));
    expect(await screen.findByText("Nenhum lançamento foi comprado na pré-venda ainda.")).toBeTruthy();
    cleanup();
    fakeServer({ [`GET ${API}/preorders`]: json(200, figures) });
    renderPage("pt-BR");
    fireEvent.click(await screen.findByRole("tab", { name: "Pré-vendas" }));
    await screen.findByRole("row", { name: /Night Drive/ });
    for (const name of ["Vendido", "Reembolsado", "Líquido"]) expect(screen.getByRole("columnheader", { name })).toBeTruthy();
  });
});

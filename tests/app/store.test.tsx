// The store's pages against a fake API: the grid with its badges, kind filters and VIP teaser; a
// product's gallery (thumbnails and arrow keys), option picker with stock states, quantity and
// name-your-price minimum; adding to a visitor's cart (localStorage) and to a member's (PUT), the
// browser's cart merged on sign-in; the cart page's lines, currency, shipping country, promotion
// code, the Worker's totals and refusals, and the checkout; the buttons on album pages; both
// languages. The quote and checkout routes are the checkout part's: mocked by their contract.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRootRouteWithContext, Outlet, type AnyRoute } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { Route as StoreRoute } from "../../app/routes/store/index";
import { Route as ProductRoute } from "../../app/routes/store/$product";
import { Route as CartRoute } from "../../app/routes/store/cart";
import { CartLink } from "../../app/components/layout/CartLink";
import { BuyRelease } from "../../app/features/store/BuyRelease";
import { CART_STORAGE_KEY } from "../../worker/contracts/store/model";
import type { PublicProduct } from "../../worker/contracts/store/store";
import type { CartLine, QuoteBody, QuoteResponse } from "../../worker/contracts/store/cart";
import { apiError, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const product = (id: string, title: string, overrides: Partial<PublicProduct> = {}): PublicProduct => ({
  id,
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  kind: "digital",
  state: "live",
  title,
  description: `${title}: the details.`,
  pricing: "fixed",
  price: { usd: 1000, brl: 5000 },
  regularPrice: { usd: 1000, brl: 5000 },
  vipPrice: null,
  vipApplied: false,
  suggested: null,
  perOrderLimit: 10,
  images: [],
  variants: [],
  stock: { state: "in_stock", left: null },
  maxQuantity: 10,
  release: null,
  bundledRelease: null,
  giftMonths: null,
  physical: false,
  shipsFrom: null,
  ...overrides,
});

const SHIRT = product("p-shirt", "Tour Shirt", {
  kind: "merch",
  physical: true,
  shipsFrom: null,
  price: { usd: 2500, brl: 12500 },
  regularPrice: { usd: 2500, brl: 12500 },
  vipPrice: { usd: 2000, brl: 10000 },
  perOrderLimit: 4,
  images: [
    { url: "/media/store/shirt-front.jpg", alt: "Front" },
    { url: "/media/store/shirt-back.jpg", alt: "Back" },
    { url: "/media/store/shirt-detail.jpg", alt: "Detail" },
  ],
  variants: [
    { id: "v-s", size: "S", colour: null, stock: { state: "sold_out", left: null }, maxQuantity: 0 },
    { id: "v-m", size: "M", colour: null, stock: { state: "low", left: 3 }, maxQuantity: 3 },
    { id: "v-l", size: "L", colour: null, stock: { state: "in_stock", left: null }, maxQuantity: 4 },
  ],
  stock: { state: "in_stock", left: null },
  maxQuantity: 4,
});
const ALBUM = product("p-album", "Moonlight Boulevard (Digital)", {
  pricing: "name_your_price",
  price: { usd: 700, brl: 3500 },
  regularPrice: { usd: 700, brl: 3500 },
  suggested: { usd: 1000, brl: 4900 },
  release: { kind: "album", id: "moonlight-boulevard", title: "Moonlight Boulevard", coverUrl: "/media/covers/moonlight-boulevard.png", outAt: null },
});
const POSTER = product("p-poster", "Poster", {
  kind: "merch",
  physical: true,
  shipsFrom: null,
  stock: { state: "low", left: 3 },
  price: { usd: 1500, brl: null },
  regularPrice: { usd: 1500, brl: null },
});
const GONE = product("p-gone", "Signed Vinyl", { kind: "merch", physical: true, state: "sold_out", stock: { state: "sold_out", left: null } });
const GIFT = product("p-gift", "Gift VIP: 3 months", {
  kind: "gift_vip",
  giftMonths: 3,
  price: { usd: 2997, brl: 14900 },
  regularPrice: { usd: 2997, brl: 14900 },
});

const quoteFor = (body: QuoteBody, overrides: Partial<QuoteResponse> = {}): QuoteResponse => {
  const lines = body.lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    unitCents: 1000,
    totalCents: 1000 * line.quantity,
    vipPrice: false,
  }));
  const subtotal = lines.reduce((n, l) => n + l.totalCents, 0);
  return {
    currency: body.currency,
    lines,
    tickets: [],
    subtotalCents: subtotal,
    discountCents: 0,
    shippingCents: null,
    totalCents: subtotal,
    promoCode: null,
    needsShipping: false,
    ...overrides,
  };
};

function api(me: ReturnType<typeof sessionUser> | null, products: PublicProduct[], extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/store/products": json(200, { products }),
    ...Object.fromEntries(products.map((p) => [`GET /api/store/products/${p.slug}`, json(200, { product: p })])),
    "POST /api/store/quote": async (request) => json(200, quoteFor((await request.json()) as QuoteBody)),
    ...extra,
  });
}

/** The store's routes under a root that also shows the header's cart link (as the site's does). */
function renderStore(url: string, { locale = "en" as "en" | "pt-BR", me = null as ReturnType<typeof sessionUser> | null } = {}) {
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({
    component: () => (
      <>
        <CartLink />
        <Outlet />
      </>
    ),
  });
  const tree = root.addChildren([
    mountFileRoute(StoreRoute, "/store", root),
    mountFileRoute(CartRoute, "/store/cart", root),
    mountFileRoute(ProductRoute, "/store/$product", root),
    stubRoute(root, "/vip-signup"),
    stubRoute(root, "/social/login"),
    stubRoute(root, "/music/catalog/$id"),
  ]) as AnyRoute;
  const rendered = renderApp(tree, url, { locale });
  rendered.queryClient.setQueryData(["me"], { user: me });
  return rendered;
}

const browserCart = (): CartLine[] => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]");
const setBrowserCart = (lines: CartLine[]) => localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
const line = (productId: string, quantity = 1, variantId: string | null = null, amountCents: number | null = null): CartLine => ({
  productId,
  variantId,
  quantity,
  amountCents,
});
const card = (title: string) => screen.getByRole("article", { name: title });
/** The cart's total as shown. */
const total = () => document.querySelector(".cart-total dd")?.textContent;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/store", () => {
  it("shows each product with its picture, price and badges, and the VIP teaser", async () => {
    api(null, [SHIRT, ALBUM, POSTER, GONE]);
    renderStore("/store");
    await screen.findByRole("article", { name: "Tour Shirt" });
    expect(screen.getByRole("heading", { level: 1, name: "Store" })).toBeTruthy();
    expect(within(card("Tour Shirt")).getByText("$25.00")).toBeTruthy();
    expect(within(card("Tour Shirt")).getByText("VIPs pay $20.00")).toBeTruthy();
    expect(within(card("Tour Shirt")).getByRole("img").getAttribute("src")).toBe("/media/store/shirt-front.jpg");
    expect(within(card("Moonlight Boulevard (Digital)")).getByText("$7.00 or more")).toBeTruthy();
    // A download shows its album's cover.
    expect(within(card("Moonlight Boulevard (Digital)")).getByRole("img").getAttribute("src")).toBe("/media/covers/moonlight-boulevard.png");
    expect(within(card("Poster")).getByText("Only 3 left")).toBeTruthy();
    expect(within(card("Signed Vinyl")).getByText("Sold out")).toBeTruthy();
    expect(
      within(card("Tour Shirt"))
        .getByRole("link", { name: /Tour Shirt/ })
        .getAttribute("href"),
    ).toBe("/store/tour-shirt");
  });

  it("filters by kind, offering only kinds there are", async () => {
    api(null, [SHIRT, ALBUM, POSTER]);
    renderStore("/store");
    const filters = await screen.findByRole("navigation", { name: "Show" });
    expect(
      within(filters)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Everything", "Music", "Merch"]);
    expect(within(filters).getByRole("link", { name: "Everything" }).getAttribute("aria-current")).toBe("page");
    expect(within(filters).getByRole("link", { name: "Everything" }).getAttribute("href")).toBe("/store");
    expect(within(filters).getByRole("link", { name: "Merch" }).getAttribute("href")).toBe("/store?kind=merch");
    fireEvent.click(within(filters).getByRole("link", { name: "Merch" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Moonlight Boulevard (Digital)" })).toBeNull());
    expect(screen.getByRole("article", { name: "Tour Shirt" })).toBeTruthy();
    expect(screen.getByRole("article", { name: "Poster" })).toBeTruthy();
    expect(within(filters).getByRole("link", { name: "Merch" }).getAttribute("aria-current")).toBe("page");
    expect(within(filters).getByRole("link", { name: "Everything" }).getAttribute("aria-current")).toBeNull();
  });

  it("is in Portuguese with prices in reais when every product has one, in dollars otherwise", async () => {
    api(null, [SHIRT, ALBUM, GONE]);
    renderStore("/store", { locale: "pt-BR" });
    await screen.findByRole("article", { name: "Tour Shirt" });
    expect(screen.getByRole("heading", { level: 1, name: "Loja" })).toBeTruthy();
    expect(within(card("Tour Shirt")).getByText(/R\$\s125,00/)).toBeTruthy();
    expect(within(card("Tour Shirt")).getByText(/VIPs pagam R\$\s100,00/)).toBeTruthy();
    expect(within(card("Moonlight Boulevard (Digital)")).getByText(/R\$\s35,00 ou mais/)).toBeTruthy();
    expect(within(card("Signed Vinyl")).getByText("Esgotado")).toBeTruthy();
    cleanup();
    api(null, [SHIRT, POSTER]);
    renderStore("/store", { locale: "pt-BR" });
    await screen.findByRole("article", { name: "Poster" });
    expect(within(card("Tour Shirt")).getByText("US$ 25,00")).toBeTruthy();
    expect(within(card("Poster")).getByText("Só restam 3")).toBeTruthy();
  });

  it("says when the store is empty, and when it could not load", async () => {
    api(null, []);
    renderStore("/store");
    expect(await screen.findByText("Nothing in the store yet")).toBeTruthy();
    cleanup();
    mockApi({ "GET /api/auth/me": json(200, { user: null }), ...configRoute(), "GET /api/store/products": apiError(500, "internal", "Internal") });
    renderStore("/store");
    expect(await screen.findByText("The store could not be loaded")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("/store/:product", () => {
  it("has a gallery with thumbnails and arrow keys", async () => {
    api(null, [SHIRT]);
    renderStore("/store/tour-shirt");
    const gallery = await screen.findByRole("region", { name: "Pictures of Tour Shirt" });
    const main = () => gallery.querySelector("figure img")!.getAttribute("src");
    expect(main()).toBe("/media/store/shirt-front.jpg");
    const thumbs = within(gallery).getAllByRole("button");
    expect(thumbs.map((b) => b.getAttribute("aria-label"))).toEqual(["Picture 1 of 3", "Picture 2 of 3", "Picture 3 of 3"]);
    fireEvent.click(thumbs[1]!);
    expect(main()).toBe("/media/store/shirt-back.jpg");
    expect(thumbs[1]!.getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(thumbs[1]!, { key: "ArrowRight" });
    expect(main()).toBe("/media/store/shirt-detail.jpg");
    expect(document.activeElement).toBe(thumbs[2]);
    fireEvent.keyDown(thumbs[2]!, { key: "ArrowRight" });
    expect(main()).toBe("/media/store/shirt-front.jpg");
    fireEvent.keyDown(thumbs[0]!, { key: "End" });
    expect(main()).toBe("/media/store/shirt-detail.jpg");
  });

  it("offers the options with their stock, asks for one, and adds the chosen one to a visitor's cart within its stock", async () => {
    api(null, [SHIRT]);
    renderStore("/store/tour-shirt");
    await screen.findByRole("heading", { level: 1, name: "Tour Shirt" });
    expect((screen.getByRole("radio", { name: "S" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole("radio", { name: "S" }).getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("Only 3 left")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "L" }) as HTMLInputElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("Choose an option first.")).toBeTruthy();
    expect(browserCart()).toEqual([]);

    fireEvent.click(screen.getByRole("radio", { name: "M" }));
    const more = screen.getByRole("button", { name: "One more" });
    fireEvent.click(more);
    fireEvent.click(more);
    expect((screen.getByRole("spinbutton", { name: "Quantity" }) as HTMLInputElement).value).toBe("3");
    expect((more as HTMLButtonElement).disabled).toBe(true); // 3 left of M
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(browserCart()).toEqual([line("p-shirt", 3, "v-m")]);
    expect(screen.getByRole("link", { name: "Cart, 3 items" }).getAttribute("href")).toBe("/store/cart");
    // No more M to add: the cart already holds the 3 there are.
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("Your cart already holds as many as one order may have.")).toBeTruthy();
    expect(browserCart()).toEqual([line("p-shirt", 3, "v-m")]);
  });

  it("keeps a name-your-price amount at or over its minimum, starting from the suggested one", async () => {
    api(null, [ALBUM]);
    renderStore("/store/moonlight-boulevard-digital-");
    const field = (await screen.findByRole("textbox", { name: "Name your price" })) as HTMLInputElement;
    expect(field.value).toBe("10");
    expect(screen.getByText("$7.00 or more", { selector: ".store-nyp-hint" })).toBeTruthy();
    fireEvent.change(field, { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("Enter at least $7.00.")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(browserCart()).toEqual([]);
    fireEvent.change(field, { target: { value: "abc" } });
    expect(screen.getByText(/Enter an amount, such as/)).toBeTruthy();
    fireEvent.change(field, { target: { value: "12.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    await screen.findByText("Added to your cart.");
    expect(browserCart()).toEqual([line("p-album", 1, null, 1250)]);
    expect(screen.getByText(/The album Moonlight Boulevard, to download/)).toBeTruthy();
  });

  it("shows a VIP their price beside the regular one, and others the teaser with a way to become VIP", async () => {
    const mine = { ...SHIRT, price: SHIRT.vipPrice!, vipApplied: true };
    api(sessionUser({ isVIP: true }), [mine], { "GET /api/store/cart": json(200, { lines: [] }) });
    renderStore("/store/tour-shirt", { me: sessionUser({ isVIP: true }) });
    await screen.findByRole("heading", { level: 1, name: "Tour Shirt" });
    expect(screen.getByText("Your VIP price")).toBeTruthy();
    expect(screen.getByText("$20.00")).toBeTruthy();
    expect(screen.getByText("Regular price $25.00")).toBeTruthy();
    expect(screen.queryByText(/VIPs pay/)).toBeNull();
    cleanup();
    api(null, [SHIRT]);
    renderStore("/store/tour-shirt");
    expect(await screen.findByText("VIPs pay $20.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become VIP" }).getAttribute("href")).toBe("/vip-signup");
  });

  it("adds to a member's cart on the Worker, and says why when it refuses", async () => {
    const me = sessionUser();
    const { callsTo } = api(me, [GIFT], {
      "GET /api/store/cart": json(200, { lines: [line("p-album", 1, null, 900)] }),
      "PUT /api/store/cart": async (request) => json(200, await request.json()),
    });
    renderStore("/store/gift-vip-3-months", { me });
    await screen.findByText(/3 months of VIP for someone else/);
    await waitFor(() => expect(screen.getByRole("link", { name: "Cart, 1 item" })).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    await screen.findByText("Added to your cart.");
    expect(sentJson(callsTo("PUT /api/store/cart")[0])).toEqual({ lines: [line("p-album", 1, null, 900), line("p-gift", 1)] });
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    cleanup();
    api(me, [GIFT], {
      "GET /api/store/cart": json(200, { lines: [] }),
      "PUT /api/store/cart": apiError(400, "quantity_over_limit", "That is more than one order may hold of this product"),
    });
    renderStore("/store/gift-vip-3-months", { me, locale: "pt-BR" });
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar ao carrinho" }));
    expect(await screen.findByText("É mais do que um pedido pode ter de um produto.")).toBeTruthy();
  });

  it("says a product that is not in the store is not", async () => {
    api(null, [], { "GET /api/store/products/old-shirt": apiError(404, "product_not_found", "This product is not in the store") });
    renderStore("/store/old-shirt");
    expect(await screen.findByText("This product is not in the store")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the store" }).getAttribute("href")).toBe("/store");
  });
});

describe("the cart on sign-in", () => {
  it("merges the browser's cart into the member's, then forgets the browser's copy", async () => {
    setBrowserCart([line("p-shirt", 1, "v-m"), line("p-album", 1, null, 1200)]);
    const me = sessionUser();
    const merged = [line("p-shirt", 2, "v-m"), line("p-album", 1, null, 1200)];
    const { callsTo } = api(me, [SHIRT, ALBUM], {
      "GET /api/store/cart": json(200, { lines: [line("p-shirt", 1, "v-m")] }),
      "POST /api/store/cart/merge": json(200, { lines: merged }),
    });
    renderStore("/store", { me });
    await waitFor(() => expect(callsTo("POST /api/store/cart/merge")).toHaveLength(1));
    expect(sentJson(callsTo("POST /api/store/cart/merge")[0])).toEqual({ lines: [line("p-shirt", 1, "v-m"), line("p-album", 1, null, 1200)] });
    await waitFor(() => expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull());
    expect(await screen.findByRole("link", { name: "Cart, 3 items" })).toBeTruthy();
  });

  it("keeps the browser's copy when the merge fails, and a visitor's cart stays in the browser", async () => {
    setBrowserCart([line("p-album", 1, null, 1200)]);
    const { callsTo } = api(sessionUser(), [ALBUM], {
      "GET /api/store/cart": json(200, { lines: [] }),
      "POST /api/store/cart/merge": apiError(500, "internal", "Internal"),
    });
    renderStore("/store", { me: sessionUser() });
    await waitFor(() => expect(callsTo("POST /api/store/cart/merge")).toHaveLength(1));
    expect(browserCart()).toEqual([line("p-album", 1, null, 1200)]);
    cleanup();
    const visitor = api(null, [ALBUM]);
    renderStore("/store");
    expect(await screen.findByRole("link", { name: "Cart, 1 item" })).toBeTruthy();
    expect(visitor.callsTo("POST /api/store/cart/merge")).toHaveLength(0);
    expect(visitor.callsTo("GET /api/store/cart")).toHaveLength(0);
  });
});

describe("/store/cart", () => {
  it("lists the lines with quantities within limits, prices them with the Worker, and removes one", async () => {
    setBrowserCart([line("p-album", 1, null, 1200), line("p-gift", 2)]);
    const { callsTo } = api(null, [ALBUM, GIFT]);
    renderStore("/store/cart");
    const lines = await screen.findByRole("region", { name: "Items in your cart" });
    expect(within(lines).getByRole("link", { name: "Moonlight Boulevard (Digital)" }).getAttribute("href")).toBe("/store/moonlight-boulevard-digital-");
    await waitFor(() => expect(total()).toBe("$30.00"));
    expect(sentJson(callsTo("POST /api/store/quote")[0])).toEqual({ currency: "usd", lines: [line("p-album", 1, null, 1200), line("p-gift", 2)], tickets: [] });
    // No shipping country for downloads and gifts.
    expect(screen.queryByRole("combobox", { name: "Ship to" })).toBeNull();
    fireEvent.click(within(lines).getAllByRole("button", { name: "One more" })[1]!);
    await waitFor(() => expect(browserCart()).toEqual([line("p-album", 1, null, 1200), line("p-gift", 3)]));
    await waitFor(() => expect(total()).toBe("$40.00"));
    fireEvent.click(screen.getByRole("button", { name: "Remove Gift VIP: 3 months" }));
    await waitFor(() => expect(browserCart()).toEqual([line("p-album", 1, null, 1200)]));
    fireEvent.click(screen.getByRole("button", { name: "Remove Moonlight Boulevard (Digital)" }));
    expect(await screen.findByText("Your cart is empty")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse the store" }).getAttribute("href")).toBe("/store");
  });

  it("asks where to ship a physical line, applies a promotion code, and shows the shipping", async () => {
    setBrowserCart([line("p-shirt", 1, "v-m")]);
    const { callsTo } = api(null, [SHIRT], {
      "POST /api/store/quote": async (request) => {
        const body = (await request.json()) as QuoteBody;
        return json(
          200,
          quoteFor(body, {
            needsShipping: true,
            shippingCents: body.shippingCountry ? 900 : null,
            discountCents: body.promoCode ? 200 : 0,
            promoCode: body.promoCode ?? null,
          }),
        );
      },
    });
    renderStore("/store/cart");
    const country = (await screen.findByRole("combobox", { name: "Ship to" })) as HTMLSelectElement;
    expect(await screen.findByText("Choose a country", { selector: "dd" })).toBeTruthy();
    fireEvent.change(country, { target: { value: "BR" } });
    await waitFor(() => expect(screen.getByText("$9.00")).toBeTruthy());
    fireEvent.change(screen.getByRole("textbox", { name: "Promotion code" }), { target: { value: " vip20 " } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.getByText("−$2.00")).toBeTruthy());
    expect(sentJson(callsTo("POST /api/store/quote").at(-1))).toEqual({
      currency: "usd",
      lines: [line("p-shirt", 1, "v-m")],
      tickets: [],
      promoCode: "VIP20",
      shippingCountry: "BR",
    });
    expect(screen.getByText("Code VIP20 applied")).toBeTruthy();
  });

  // One render per code and language: ten renders in one test outlast its time limit on a busy machine.
  const REFUSALS: [string, string, string][] = [
    [
      "quantity_over_stock",
      "There are not that many left of a product: lower the quantity.",
      "Não restam tantas unidades de um produto: diminua a quantidade.",
    ],
    ["price_below_minimum", "An amount is under its product's minimum price.", "Um valor está abaixo do preço mínimo do produto."],
    ["sold_out", "Sold out: someone else took the last ones.", "Esgotado: outra pessoa levou as últimas unidades."],
    ["promo_code_invalid", "This code is not valid in the store.", "Este código não vale na loja."],
    [
      "currency_not_offered",
      "A product in your cart is not sold in that currency: choose another.",
      "Um produto do seu carrinho não é vendido nessa moeda: escolha outra.",
    ],
  ];
  it.each(REFUSALS.flatMap(([code, en, pt]) => [[code, "en", en] as const, [code, "pt-BR", pt] as const]))(
    "says the Worker's refusal %s in the visitor's language (%s)",
    async (code, locale, text) => {
      setBrowserCart([line("p-shirt", 3, "v-m")]);
      api(null, [SHIRT], { "POST /api/store/quote": apiError(code === "sold_out" ? 409 : 400, code, "English from the Worker") });
      renderStore("/store/cart", { locale });
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByText("English from the Worker")).toBeNull();
    },
  );

  it("starts in reais for a Portuguese-speaking visitor when every item has a price in reais, else in dollars", async () => {
    setBrowserCart([line("p-album", 1, null, 4900)]);
    const first = api(null, [ALBUM]);
    renderStore("/store/cart", { locale: "pt-BR" });
    expect(((await screen.findByRole("radio", { name: "Reais (BRL)" })) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(first.callsTo("POST /api/store/quote").length).toBeGreaterThan(0));
    expect((sentJson(first.callsTo("POST /api/store/quote")[0]) as QuoteBody).currency).toBe("brl");
    // Dollars chosen: the amount offered starts again from the suggestion in dollars.
    fireEvent.click(screen.getByRole("radio", { name: "Dólares americanos (USD)" }));
    await waitFor(() => expect(browserCart()).toEqual([line("p-album", 1, null, 1000)]));
    cleanup();
    localStorage.removeItem("store-currency");
    setBrowserCart([line("p-album", 1, null, 1000), line("p-poster", 1)]);
    api(null, [ALBUM, POSTER]);
    renderStore("/store/cart", { locale: "pt-BR" });
    expect(((await screen.findByRole("radio", { name: "Dólares americanos (USD)" })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Reais (BRL)" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("Nem todos os itens do carrinho têm preço em reais.")).toBeTruthy();
  });

  it("asks a guest for an e-mail, then starts the checkout and goes where the Worker says", async () => {
    setBrowserCart([line("p-gift", 1)]);
    const assign = vi.fn();
    vi.spyOn(window.location, "assign").mockImplementation(assign);
    const { callsTo } = api(null, [GIFT], { "POST /api/store/checkout": json(200, { url: "/store/checkout/test?session=cs_local_1" }) });
    renderStore("/store/cart");
    const checkout = await screen.findByRole("button", { name: "Checkout" });
    await waitFor(() => expect((checkout as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(checkout);
    expect(await screen.findByText("Enter a valid e-mail address.")).toBeTruthy();
    expect(callsTo("POST /api/store/checkout")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("E-mail for your receipt"), { target: { value: "fan@example.com" } });
    fireEvent.click(checkout);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/store/checkout/test?session=cs_local_1"));
    const sent = sentJson(callsTo("POST /api/store/checkout")[0]) as Record<string, unknown>;
    expect(sent).toMatchObject({ currency: "usd", lines: [line("p-gift", 1)], email: "fan@example.com" });
    expect(sent.attemptId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("checks a member out without asking for an e-mail, and says why a checkout is refused", async () => {
    const me = sessionUser();
    const { callsTo } = api(me, [SHIRT], {
      "GET /api/store/cart": json(200, { lines: [line("p-shirt", 1, "v-m")] }),
      "POST /api/store/quote": async (request) => json(200, quoteFor((await request.json()) as QuoteBody, { needsShipping: true, shippingCents: 900 })),
      "POST /api/store/checkout": apiError(409, "sold_out", "Sold out: someone else took the last ones"),
    });
    renderStore("/store/cart", { me });
    const checkout = await screen.findByRole("button", { name: "Checkout" });
    expect(screen.queryByLabelText("E-mail for your receipt")).toBeNull();
    await waitFor(() => expect((checkout as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(checkout);
    expect(await screen.findByText("Sold out: someone else took the last ones.")).toBeTruthy();
    expect(sentJson(callsTo("POST /api/store/checkout")[0])).not.toHaveProperty("email");
  });

  it("shows a product no longer in the store, to be removed", async () => {
    setBrowserCart([line("p-old", 1)]);
    api(null, [ALBUM], { "POST /api/store/quote": apiError(404, "product_not_found", "This product is not in the store") });
    renderStore("/store/cart");
    expect(await screen.findByText("This product is no longer in the store.")).toBeTruthy();
    expect(await screen.findByText("A product in your cart is no longer in the store: remove it to go on.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove Unavailable product" }));
    expect(await screen.findByText("Your cart is empty")).toBeTruthy();
  });
});

describe("the buttons on album and track pages", () => {
  function renderBuy(kind: "album" | "track", id: string, products: PublicProduct[], locale: "en" | "pt-BR" = "en") {
    const apiMock = api(null, products, { [`GET /api/store/releases/${kind}/${id}`]: json(200, { products }) });
    // The store's button alone, as an album or track route hands it to the catalog's page.
    const page = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: () => <BuyRelease kind={kind} id={id} /> });
    renderApp(page.addChildren([stubRoute(page, "/"), stubRoute(page, "/store/$product"), stubRoute(page, "/store/cart")]) as AnyRoute, "/", { locale });
    return apiMock;
  }

  it("links a name-your-price album to its page: Buy digital album — $7.00 or more", async () => {
    renderBuy("album", "moonlight-boulevard", [ALBUM]);
    const link = await screen.findByRole("link", { name: "Buy digital album — $7.00 or more" });
    expect(link.getAttribute("href")).toBe("/store/moonlight-boulevard-digital-");
  });

  it("adds a fixed-price track straight to the cart: Buy track — $1.00, in Portuguese too", async () => {
    const single = product("p-single", "Spring Love (Single)", {
      price: { usd: 100, brl: 500 },
      regularPrice: { usd: 100, brl: 500 },
      release: { kind: "track", id: "spring-love", title: "Spring Love", coverUrl: null, outAt: null },
    });
    renderBuy("track", "spring-love", [single]);
    fireEvent.click(await screen.findByRole("button", { name: "Buy track — $1.00" }));
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(browserCart()).toEqual([line("p-single", 1)]);
    cleanup();
    renderBuy("track", "spring-love", [single], "pt-BR");
    expect(await screen.findByRole("button", { name: /Comprar faixa — R\$\s5,00/ })).toBeTruthy();
  });

  it("words a free track as the store does: Buy track — name your price, never $0.00 or more, in Portuguese too", async () => {
    const free = product("p-free", "Dream About You", {
      pricing: "name_your_price",
      ...{ price: { usd: 0, brl: 0 }, regularPrice: { usd: 0, brl: 0 }, suggested: { usd: 0, brl: 0 } },
      release: { kind: "track", id: "dream-about-you", title: "Dream About You", coverUrl: null, outAt: null },
    });
    renderBuy("track", "dream-about-you", [free]);
    expect((await screen.findByRole("link", { name: "Buy track — name your price" })).getAttribute("href")).toBe("/store/dream-about-you");
    cleanup();
    renderBuy("track", "dream-about-you", [free], "pt-BR");
    expect(await screen.findByRole("link", { name: "Comprar faixa — pague quanto quiser" })).toBeTruthy();
  });

  it("sells a release whose time is ahead as a pre-order: Pre-order digital album — $12.00 and Out {date}; in Portuguese too", async () => {
    const coming = product("p-coming", "Night Drive (digital album)", {
      price: { usd: 1200, brl: 6000 },
      regularPrice: { usd: 1200, brl: 6000 },
      release: { kind: "album", id: "night-drive", title: "Night Drive", coverUrl: null, outAt: "2026-12-11T00:00:00.000Z" },
    });
    renderBuy("album", "night-drive", [coming]);
    fireEvent.click(await screen.findByRole("button", { name: "Pre-order digital album — $12.00" }));
    expect(screen.getByText("Out December 11, 2026")).toBeTruthy();
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(browserCart()).toEqual([line("p-coming", 1)]);
    cleanup();
    renderBuy("album", "night-drive", [coming], "pt-BR");
    expect(await screen.findByRole("button", { name: /Pré-venda do álbum digital — R\$\s60,00/ })).toBeTruthy();
    expect(screen.getByText("Sai em 11 de dezembro de 2026")).toBeTruthy();
  });

  it("shows nothing when no product sells the release", async () => {
    const { callsTo } = renderBuy("album", "satin-and-neon", []);
    await waitFor(() => expect(callsTo("GET /api/store/releases/album/satin-and-neon")).toHaveLength(1));
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

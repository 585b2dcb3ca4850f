// The cart's choices against a fake API: a refused promotion code is said with its reason and leaves
// the cart as it was (totals, checkout, no code kept); a kept code the Worker stops taking is
// removed, saying why; the ship-to country and the code survive leaving the page (a visitor's in
// this browser, a member's with the Worker); switching currency keeps or converts the amount offered
// and says so; a cart the Worker prices at 0 is "Get it free". Both languages.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRootRouteWithContext, Outlet, type AnyRoute } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { Route as CartRoute } from "../../app/routes/store/cart";
import { CART_OPTIONS_STORAGE_KEY, CART_STORAGE_KEY } from "../../worker/contracts/store/model";
import type { PublicProduct } from "../../worker/contracts/store/store";
import type { CartLine, QuoteBody, QuoteResponse } from "../../worker/contracts/store/cart";
import { apiError, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const product = (id: string, title: string, overrides: Partial<PublicProduct> = {}): PublicProduct => ({
  id,
  slug: id,
  kind: "digital",
  state: "live",
  title,
  description: "",
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
const ALBUM = product("p-album", "Moonlight Boulevard");
const SHIRT = product("p-shirt", "Tour Shirt", {
  kind: "merch",
  physical: true,
  shipsFrom: null,
  variants: [{ id: "v-m", size: "M", colour: null, stock: { state: "in_stock", left: null }, maxQuantity: 4 }],
});
const NYP = product("p-nyp", "Freestyle Nights", {
  pricing: "name_your_price",
  price: { usd: 500, brl: 2500 },
  regularPrice: { usd: 500, brl: 2500 },
  suggested: { usd: 1000, brl: 4900 },
});
const FREE = product("p-free", "Dream About You (free download)", {
  pricing: "name_your_price",
  price: { usd: 0, brl: 0 },
  regularPrice: { usd: 0, brl: 0 },
  suggested: { usd: 0, brl: 0 },
});

const line = (productId: string, quantity = 1, variantId: string | null = null, amountCents: number | null = null): CartLine => ({
  productId,
  variantId,
  quantity,
  amountCents,
});

/** The Worker's quote: 10.00 a line, the code's 2.00 off when `codes` takes it, else its refusal. */
function quoteRoute(refusals: Record<string, [number, string]> = {}) {
  return async (request: Request) => {
    const body = (await request.json()) as QuoteBody;
    const refusal = body.promoCode ? refusals[body.promoCode] : undefined;
    if (refusal) return apiError(refusal[0], refusal[1], "English from the Worker");
    const lines = body.lines.map((l) => ({
      ...l,
      variantId: l.variantId,
      unitCents: l.amountCents ?? 1000,
      totalCents: (l.amountCents ?? 1000) * l.quantity,
      vipPrice: false,
    }));
    const subtotal = lines.reduce((n, l) => n + l.totalCents, 0);
    const discount = body.promoCode ? 200 : 0;
    const shipping = body.shippingCountry ? 900 : null;
    const quote: QuoteResponse = {
      currency: body.currency,
      lines,
      tickets: [],
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCents: lines.some((l) => l.productId === "p-shirt") ? shipping : null,
      totalCents: subtotal - discount + (lines.some((l) => l.productId === "p-shirt") ? (shipping ?? 0) : 0),
      promoCode: body.promoCode ?? null,
      needsShipping: lines.some((l) => l.productId === "p-shirt"),
    };
    return json(200, quote);
  };
}

function api(me: ReturnType<typeof sessionUser> | null, products: PublicProduct[], extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/store/products": json(200, { products }),
    "POST /api/store/quote": quoteRoute(),
    ...extra,
  });
}

function renderCart({ locale = "en" as "en" | "pt-BR", me = null as ReturnType<typeof sessionUser> | null } = {}) {
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: () => <Outlet /> });
  const tree = root.addChildren([mountFileRoute(CartRoute, "/store/cart", root), stubRoute(root, "/store"), stubRoute(root, "/social/login")]) as AnyRoute;
  const rendered = renderApp(tree, "/store/cart", { locale });
  rendered.queryClient.setQueryData(["me"], { user: me });
  return rendered;
}

const setBrowserCart = (lines: CartLine[]) => localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
const browserCart = (): CartLine[] => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]");
const storedChoices = () => JSON.parse(localStorage.getItem(CART_OPTIONS_STORAGE_KEY) ?? "null");
const total = () => document.querySelector(".cart-total dd")?.textContent;
const checkoutButton = () => screen.getByRole("button", { name: /^(Checkout|Finalizar compra)$/ }) as HTMLButtonElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function applyCode(code: string, locale: "en" | "pt-BR" = "en") {
  fireEvent.change(await screen.findByRole("textbox", { name: locale === "en" ? "Promotion code" : "Código promocional" }), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Apply" : "Aplicar" }));
}

describe("a promotion code the Worker refuses", () => {
  const cases: [string, number, string, string, string][] = [
    ["FREESTYLE20", 400, "promo_code_vip_only", "This code is for VIP members only.", "Este código é só para membros VIP."],
    ["SUMMER", 400, "promo_code_expired", "This code has expired.", "Este código expirou."],
    ["LATER", 400, "promo_code_not_started", "This code is not valid yet.", "Este código ainda não está valendo."],
    ["SHIRTS", 400, "promo_code_not_applicable", "This code does not apply to anything in your cart.", "Este código não vale para nada no seu carrinho."],
    ["ONCE", 409, "promo_code_used_up", "This code has been used up.", "Este código já foi todo usado."],
    ["NOPE", 400, "promo_code_invalid", "This code is not valid in the store.", "Este código não vale na loja."],
  ];
  it.each(cases)("%s (%s): said with its reason in both languages, the cart as it was, the code not kept", async (code, status, errorCode, en, pt) => {
    for (const locale of ["en", "pt-BR"] as const) {
      setBrowserCart([line("p-album")]);
      api(null, [ALBUM], { "POST /api/store/quote": quoteRoute({ [code]: [status, errorCode] }) });
      renderCart({ locale });
      // The first render of the file loads the page's modules: longer than a click's answer.
      await waitFor(() => expect(total()).toMatch(/10[.,]00/), { timeout: 5000 });
      await waitFor(() => expect(checkoutButton().disabled).toBe(false));
      await applyCode(code.toLowerCase(), locale);
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe(locale === "en" ? `Code ${code} was not applied: ${en}` : `O código ${code} não foi aplicado: ${pt}`);
      expect(screen.queryByText(/applied$|aplicado$/)).toBeNull();
      expect(screen.queryByText("English from the Worker")).toBeNull();
      expect(total()).toMatch(/10[.,]00/);
      expect(checkoutButton().disabled).toBe(false);
      expect(storedChoices()).toBeNull();
      cleanup();
      localStorage.clear();
    }
  });

  it("a kept code the Worker stops taking is removed, saying why, and the cart is priced without it", async () => {
    setBrowserCart([line("p-album")]);
    localStorage.setItem(CART_OPTIONS_STORAGE_KEY, JSON.stringify({ shippingCountry: null, promoCode: "SUMMER" }));
    api(null, [ALBUM], { "POST /api/store/quote": quoteRoute({ SUMMER: [400, "promo_code_expired"] }) });
    renderCart();
    expect((await screen.findByRole("alert")).textContent).toBe("Code SUMMER was removed from your cart: This code has expired.");
    await waitFor(() => expect(total()).toBe("$10.00"));
    await waitFor(() => expect(checkoutButton().disabled).toBe(false));
    expect(storedChoices()).toBeNull();
  });
});

describe("the cart's choices survive leaving the page", () => {
  it("a visitor's ship-to country and code are kept in this browser and sent again", async () => {
    setBrowserCart([line("p-shirt", 1, "v-m")]);
    api(null, [SHIRT]);
    renderCart();
    fireEvent.change(await screen.findByRole("combobox", { name: "Ship to" }), { target: { value: "BR" } });
    await applyCode("vip20");
    expect(await screen.findByText("Code VIP20 applied")).toBeTruthy();
    expect(storedChoices()).toEqual({ shippingCountry: "BR", promoCode: "VIP20" });
    cleanup();
    const again = api(null, [SHIRT]);
    renderCart();
    expect(((await screen.findByRole("combobox", { name: "Ship to" })) as HTMLSelectElement).value).toBe("BR");
    expect(screen.getByText("Code VIP20 applied")).toBeTruthy();
    await waitFor(() => expect(total()).toBe("$17.00"));
    expect(sentJson(again.callsTo("POST /api/store/quote")[0])).toMatchObject({ promoCode: "VIP20", shippingCountry: "BR" });
  });

  it("a member's are read from and saved with their cart on the Worker", async () => {
    const me = sessionUser();
    const { callsTo } = api(me, [SHIRT], {
      "GET /api/store/cart": json(200, { lines: [line("p-shirt", 1, "v-m")], shippingCountry: "PT", promoCode: "VIP20" }),
      "PUT /api/store/cart/options": async (request) => json(200, { lines: [line("p-shirt", 1, "v-m")], ...((await request.json()) as object) }),
    });
    renderCart({ me });
    expect(((await screen.findByRole("combobox", { name: "Ship to" })) as HTMLSelectElement).value).toBe("PT");
    expect(screen.getByText("Code VIP20 applied")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Ship to" }), { target: { value: "US" } });
    await waitFor(() => expect(callsTo("PUT /api/store/cart/options")).toHaveLength(1));
    expect(sentJson(callsTo("PUT /api/store/cart/options")[0])).toEqual({ shippingCountry: "US", promoCode: "VIP20" });
    fireEvent.click(screen.getByRole("button", { name: "Remove the code" }));
    await waitFor(() => expect(callsTo("PUT /api/store/cart/options")).toHaveLength(2));
    expect(sentJson(callsTo("PUT /api/store/cart/options")[1])).toEqual({ shippingCountry: "US", promoCode: null });
    expect(localStorage.getItem(CART_OPTIONS_STORAGE_KEY)).toBeNull();
  });
});

describe("switching currency with an amount offered", () => {
  it.each([
    ["en", "Brazilian reais (BRL)", "US dollars (USD)", "Your price for Freestyle Nights is now R$61.25 (it was $12.50)."],
    ["pt-BR", "Reais (BRL)", "Dólares americanos (USD)", "Seu preço para Freestyle Nights agora é R$ 61,25 (era US$ 12,50)."],
  ] as const)("%s: converts $12.50 at the product's own rate, says so, and switching back finds $12.50 again", async (locale, reais, dollars, notice) => {
    localStorage.setItem("store-currency", "usd");
    setBrowserCart([line("p-nyp", 1, null, 1250)]);
    api(null, [NYP]);
    renderCart({ locale });
    fireEvent.click(await screen.findByRole("radio", { name: reais }));
    await waitFor(() => expect(browserCart()).toEqual([line("p-nyp", 1, null, 6125)]));
    const status = await screen.findByText((_, node) => node?.tagName === "LI" && node.textContent?.replace(/\u00a0/g, " ") === notice);
    expect(status.closest("[role=status]")).not.toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: dollars }));
    await waitFor(() => expect(browserCart()).toEqual([line("p-nyp", 1, null, 1250)]));
  });
});

describe("a cart the Worker prices at 0", () => {
  it("offers to get it free, and goes where the Worker says: the thanks page, no payment page", async () => {
    setBrowserCart([line("p-free", 1, null, 0)]);
    const assign = vi.fn();
    vi.spyOn(window.location, "assign").mockImplementation(assign);
    const { callsTo } = api(null, [FREE], { "POST /api/store/checkout": json(200, { url: "/store/thanks?session_id=sc_1" }) });
    renderCart();
    const button = await screen.findByRole("button", { name: "Get it free" });
    expect(screen.getByText("Nothing to pay: your order is made at once.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("E-mail for your receipt"), { target: { value: "fan@example.com" } });
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/store/thanks?session_id=sc_1"));
    expect(sentJson(callsTo("POST /api/store/checkout")[0])).toMatchObject({ lines: [line("p-free", 1, null, 0)] });
  });

  it("in Portuguese too", async () => {
    setBrowserCart([line("p-free", 1, null, 0)]);
    api(null, [FREE]);
    renderCart({ locale: "pt-BR" });
    expect(await screen.findByRole("button", { name: "Pegar grátis" })).toBeTruthy();
    expect(screen.getByText("Nada a pagar: seu pedido é feito na hora.")).toBeTruthy();
  });
});

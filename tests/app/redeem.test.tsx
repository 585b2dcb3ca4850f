// /redeem and the printable gift card against a fake API: a visitor is sent to sign in or sign up
// and back with the code; a member's field starts with ?code=, a redeemed gift says until when and
// links to the perks; a code that cannot be one is refused before sending, the Worker's refusals
// read as the page's sentences; both languages. The card draws the code's QR, prints, and says so
// when the card is not the asker's.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ArtistResponse } from "../../worker/contracts/admin/settings";
import type { GiftCardResponse, GiftRedeemResponse } from "../../worker/contracts/store/gift-model";
import { Route as RedeemRoute } from "../../app/routes/redeem/index";
import { Route as GiftCardRoute } from "../../app/routes/redeem/card.$code";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const CODE = "GIFT-ABCD-EFGH-JKMN";
const VIP_TIER = { id: "vip", name: { en: "VIP", ptBR: "VIP" } };
const CIRCLE = { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } };
const REDEEMED: GiftRedeemResponse = { months: 3, tier: VIP_TIER, vipUntil: "2027-03-25T10:00:00.000Z", addedAfter: null, subscriptionRenews: false };
const ARTIST: ArtistResponse = {
  name: "Marina Sol",
  bio: { en: "Freestyle singer.", "pt-BR": "Cantora de freestyle." },
  portraitUrl: "/media/site/artist-portrait.jpg",
  links: { website: null, instagram: null, facebook: null, youtube: null },
  hits: [],
};
const CARD: GiftCardResponse = {
  code: CODE,
  months: 3,
  tier: VIP_TIER,
  state: "unredeemed",
  redeemedBy: null,
  redeemedAt: null,
  redeemUrl: `https://fans.example/redeem?code=${CODE}`,
  createdAt: "2026-12-20T12:00:00.000Z",
};

function api(me: ReturnType<typeof sessionUser> | null, extra: ApiRoutes = {}) {
  return mockApi({ "GET /api/auth/me": json(200, { user: me }), ...configRoute(), "GET /api/artist": json(200, ARTIST), ...extra });
}

function renderRedeem(url = "/redeem", locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(RedeemRoute, "/redeem", root),
    stubRoute(root, "/social/login"),
    stubRoute(root, "/social/signup"),
    stubRoute(root, "/perks"),
    stubRoute(root, "/vip-signup"),
  ]);
  return renderApp(tree, url, { locale });
}

function renderCard(code = CODE, locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(GiftCardRoute, "/redeem/card/$code", root), stubRoute(root, "/social/login")]);
  return renderApp(tree, `/redeem/card/${code}`, { locale });
}

const codeField = () => screen.getByLabelText<HTMLInputElement>("Gift code");
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Redeem" }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/redeem", () => {
  it("asks a visitor to sign in or sign up, and brings them back with the code", async () => {
    api(null);
    renderRedeem(`/redeem?code=${CODE}`);
    const back = `/redeem?code=${encodeURIComponent(CODE)}`;
    const signIn = await screen.findByRole("link", { name: "Sign in" });
    expect(new URL(signIn.getAttribute("href")!, "http://x").searchParams.get("redirect")).toBe(back);
    const signUp = screen.getByRole("link", { name: "Create an account" });
    expect(new URL(signUp.getAttribute("href")!, "http://x").searchParams.get("redirect")).toBe(back);
    expect(screen.getByText(CODE)).toBeTruthy();
    expect(screen.queryByLabelText("Gift code")).toBeNull();
  });

  it("starts with the code from the address, redeems it, says until when and links to the perks", async () => {
    const { callsTo } = api(sessionUser(), { "POST /api/store/gifts/redeem": json(200, REDEEMED) });
    renderRedeem(`/redeem?code=${CODE}`);
    expect((await screen.findByLabelText<HTMLInputElement>("Gift code")).value).toBe(CODE);
    submit();
    expect(await screen.findByText("You're VIP until March 25, 2027.")).toBeTruthy();
    expect(sentJson(callsTo("POST /api/store/gifts/redeem")[0])).toEqual({ code: CODE });
    expect(screen.getByRole("link", { name: "See your VIP perks" }).getAttribute("href")).toBe("/perks");
    // The header's VIP badge and every gate ask the server again.
    await waitFor(() => expect(callsTo("GET /api/auth/me").length).toBeGreaterThanOrEqual(2));
    fireEvent.click(screen.getByRole("button", { name: "Redeem another code" }));
    expect(codeField().value).toBe("");
  });

  it("refuses an empty field and a code that cannot be one before sending anything", async () => {
    const { callsTo } = api(sessionUser());
    renderRedeem();
    await screen.findByLabelText("Gift code");
    submit();
    expect(await screen.findByText("Enter the code of your gift.")).toBeTruthy();
    expect(codeField().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(codeField(), { target: { value: "HELLO" } });
    submit();
    expect(await screen.findByText("That is not a gift code: it looks like GIFT-XXXX-XXXX-XXXX.")).toBeTruthy();
    expect(callsTo("POST /api/store/gifts/redeem")).toHaveLength(0);
  });

  it.each([
    [apiError(404, "gift_code_invalid", "This gift code does not exist"), "This gift code does not exist, or can no longer be used. Check it and try again."],
    [apiError(409, "gift_code_redeemed", "This gift code has already been redeemed"), "This gift code has already been redeemed."],
    [apiError(429, "rate_limited", "Too many requests"), "Too many attempts. Please wait a few minutes and try again."],
    [apiError(500, "internal", "Internal error"), "The gift could not be redeemed. Please try again."],
  ])("says why the Worker refused (%#)", async (answer, text) => {
    api(sessionUser(), { "POST /api/store/gifts/redeem": answer });
    renderRedeem();
    fireEvent.change(await screen.findByLabelText("Gift code"), { target: { value: "gift abcd efgh jkmn" } });
    submit();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(codeField().getAttribute("aria-invalid")).toBe("true");
  });

  it("says so when the gift cannot add to a VIP without end, and when a paid membership still renews", async () => {
    api(sessionUser({ isVIP: true }), { "POST /api/store/gifts/redeem": json(200, { ...REDEEMED, vipUntil: null }) });
    renderRedeem(`/redeem?code=${CODE}`);
    await screen.findByLabelText("Gift code");
    submit();
    expect(await screen.findByText("Your VIP has no end date, and stays so: the gift cannot add to it.")).toBeTruthy();
    cleanup();

    const renews = { months: 1, tier: VIP_TIER, vipUntil: "2027-08-14T10:00:00.000Z", addedAfter: "2027-07-14T10:00:00.000Z", subscriptionRenews: true };
    api(sessionUser({ isVIP: true }), { "POST /api/store/gifts/redeem": json(200, renews) });
    renderRedeem(`/redeem?code=${CODE}`);
    await screen.findByLabelText("Gift code");
    submit();
    expect(await screen.findByText("You're VIP until August 14, 2027.")).toBeTruthy();
    expect(screen.getByText(/which ran until July 14, 2027/)).toBeTruthy();
    expect(screen.getByText(/Your paid membership still renews on July 14, 2027/)).toBeTruthy();
  });

  it("speaks Portuguese: the form, a refusal and the success", async () => {
    let answer = apiError(409, "gift_code_redeemed", "This gift code has already been redeemed");
    api(sessionUser(), { "POST /api/store/gifts/redeem": () => answer.clone() });
    renderRedeem(`/redeem?code=${CODE}`, "pt-BR");
    const field = await screen.findByLabelText("Código do presente");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Resgatar um presente");
    fireEvent.click(screen.getByRole("button", { name: "Resgatar" }));
    expect(await screen.findByText("Este código de presente já foi resgatado.")).toBeTruthy();
    answer = json(200, REDEEMED);
    fireEvent.change(field, { target: { value: CODE } });
    fireEvent.click(screen.getByRole("button", { name: "Resgatar" }));
    expect(await screen.findByText("Você é VIP até 25 de março de 2027.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver suas vantagens VIP" })).toBeTruthy();
  });

  it("names the tier a gift gave, in both languages (decision 116)", async () => {
    const circle = { ...REDEEMED, tier: CIRCLE };
    api(sessionUser(), { "POST /api/store/gifts/redeem": json(200, circle) });
    renderRedeem(`/redeem?code=${CODE}`);
    await screen.findByLabelText("Gift code");
    submit();
    expect(await screen.findByText("3 months of Inner Circle")).toBeTruthy();
    expect(screen.getByText("Your Inner Circle membership runs until March 25, 2027.")).toBeTruthy();
    expect(screen.queryByText(/You're VIP/)).toBeNull();
    cleanup();
    api(sessionUser(), { "POST /api/store/gifts/redeem": json(200, { ...circle, vipUntil: null }) });
    renderRedeem(`/redeem?code=${CODE}`, "pt-BR");
    await screen.findByLabelText("Código do presente");
    fireEvent.click(screen.getByRole("button", { name: "Resgatar" }));
    expect(await screen.findByText("3 meses de Círculo Íntimo")).toBeTruthy();
    expect(screen.getByText("Sua assinatura Círculo Íntimo não tem data para acabar, e continua assim: o presente não tem como somar a ela.")).toBeTruthy();
  });

  it.each([
    ["en", "You already have Inner Circle, above the VIP this gift gives: the code stays unused, to keep or to give to someone else."],
    ["pt-BR", "Você já tem Círculo Íntimo, acima de VIP que este presente dá: o código continua sem uso, para guardar ou dar a outra pessoa."],
  ] as const)("a member holding a higher tier is told why, naming both tiers (%s)", async (locale, text) => {
    const params = { heldEn: "Inner Circle", heldPtBR: "Círculo Íntimo", giftEn: "VIP", giftPtBR: "VIP" };
    api(sessionUser({ isVIP: true }), { "POST /api/store/gifts/redeem": json(409, { error: { code: "gift_tier_below_held", message: "x", params } }) });
    renderRedeem(`/redeem?code=${CODE}`, locale);
    fireEvent.click(await screen.findByRole("button", { name: locale === "en" ? "Redeem" : "Resgatar" }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("a member whose comp of another tier still runs is told to redeem later", async () => {
    const params = { giftEn: "Inner Circle", giftPtBR: "Círculo Íntimo" };
    api(sessionUser({ isVIP: true }), { "POST /api/store/gifts/redeem": json(409, { error: { code: "gift_tier_comp_running", message: "x", params } }) });
    renderRedeem(`/redeem?code=${CODE}`);
    await screen.findByLabelText("Gift code");
    submit();
    expect(
      await screen.findByText(
        "Your complimentary membership of another tier is still running: redeem this gift of Inner Circle once it ends. The code stays unused.",
      ),
    ).toBeTruthy();
  });

  it("asks a Portuguese-speaking visitor to sign in", async () => {
    api(null);
    renderRedeem("/redeem", "pt-BR");
    expect(await screen.findByRole("link", { name: "Entrar" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Criar uma conta" })).toBeTruthy();
  });
});

describe("/redeem/card/$code", () => {
  it("shows the card: the artist, the gift, the code, its QR code; Print prints", async () => {
    api(sessionUser(), { [`GET /api/store/gifts/${CODE}`]: json(200, CARD) });
    const print = vi.fn();
    vi.stubGlobal("print", print);
    renderCard();
    expect(await screen.findByRole("heading", { name: "A gift of 3 months of Marina Sol VIP" })).toBeTruthy();
    expect(screen.getByText(CODE)).toBeTruthy();
    expect(screen.getByRole("img", { name: "Marina Sol" }).getAttribute("src")).toBe(ARTIST.portraitUrl);
    const qr = await screen.findByTestId("gift-card-qr");
    expect(qr.getAttribute("aria-label")).toBe("QR code that opens the page to redeem this gift");
    expect(qr.querySelector("path")!.getAttribute("d")!.length).toBeGreaterThan(100);
    expect(screen.getByText("Scan the code, or go to fans.example/redeem and type it in.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Print the card" }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("names the gift's tier", async () => {
    api(sessionUser(), { [`GET /api/store/gifts/${CODE}`]: json(200, { ...CARD, tier: CIRCLE }) });
    renderCard();
    expect(await screen.findByRole("heading", { name: "A gift of 3 months of Marina Sol Inner Circle" })).toBeTruthy();
  });

  it("says who redeemed it, in Portuguese too", async () => {
    const redeemed = { ...CARD, months: 1, state: "redeemed", redeemedBy: "maria", redeemedAt: "2027-01-02T15:00:00.000Z" };
    api(sessionUser(), { [`GET /api/store/gifts/${CODE}`]: json(200, redeemed) });
    renderCard(CODE, "pt-BR");
    expect(await screen.findByRole("heading", { name: "Um presente de 1 mês de VIP de Marina Sol" })).toBeTruthy();
    expect(screen.getByText("Resgatado por @maria em 2 de janeiro de 2027.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Imprimir o cartão" })).toBeTruthy();
  });

  it("says there is no card here when the code is not the asker's (404)", async () => {
    api(sessionUser(), { [`GET /api/store/gifts/${CODE}`]: apiError(404, "gift_code_invalid", "This gift code does not exist") });
    renderCard();
    expect(await screen.findByText("There is no gift card here: the code is not one of your gifts.")).toBeTruthy();
    expect(screen.queryByTestId("gift-card-qr")).toBeNull();
  });

  it("sends a visitor to sign in", async () => {
    api(null);
    renderCard();
    expect(await screen.findByTestId("stub-page")).toBeTruthy();
  });
});

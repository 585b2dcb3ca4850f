// An event card's VIP presale (decision 029) on /events against a fake API, in both languages:
// before it everyone reads when it starts; during it a VIP (or an admin) reads until when and asks
// for their code, which arrives with the ticket link (or the "all codes handed out" message), while
// a member or a visitor reads until when, when the general sale opens, and the way to VIP, with no
// button; between the presale and the general sale everyone reads when the general sale opens.
// Times in the venue's zone, as the event's own date.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicEvent } from "../../worker/contracts/events";
import type { PublicPresale } from "../../worker/contracts/presales";
import { Route as EventsRoute } from "../../app/routes/events";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const presale = (state: PublicPresale["state"]): PublicPresale => ({
  // 10:00 EST on 24 November, 10:00 EST on 27 November, 12:00 EST on 28 November 2026.
  startsAt: "2026-11-24T15:00:00.000Z",
  endsAt: "2026-11-27T15:00:00.000Z",
  generalSaleAt: "2026-11-28T17:00:00.000Z",
  state,
});

const event = (state: PublicPresale["state"]): PublicEvent => ({
  id: "ev-presale",
  title: "Presale Night",
  description: null,
  eventDate: "2026-12-20T01:00:00.000Z",
  endDate: null,
  timeZone: "America/New_York",
  online: false,
  venueName: "Neon Hall",
  venueAddress: "100 Ocean Drive",
  venueCity: "Miami",
  venueState: "FL",
  venueCountry: "US",
  venuePostalCode: null,
  venueCapacity: 1800,
  ticketPriceMin: 45,
  ticketPriceMax: 120,
  currency: "USD",
  // The server withholds the link until the general sale.
  externalTicketUrl: null,
  imageUrl: null,
  availability: "available",
  lang: "en",
  past: false,
  presale: presale(state),
});

/** The clock inside each state (Date only: the card's timer must not fire during a test). */
const CLOCK = { upcoming: "2026-11-23T12:00:00Z", open: "2026-11-25T12:00:00Z", closed: "2026-11-28T12:00:00Z" } as const;

function api(state: PublicPresale["state"], user: ReturnType<typeof sessionUser> | null, extra: ApiRoutes = {}) {
  vi.setSystemTime(new Date(CLOCK[state]));
  return mockApi({
    "GET /api/auth/me": json(200, { user }),
    ...configRoute(),
    "GET /api/events": json(200, { events: [event(state)] }),
    ...extra,
  });
}

function renderEvents(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(EventsRoute, "/events", root), stubRoute(root, "/virtual-meet"), stubRoute(root, "/vip-signup")]);
  return renderApp(tree, "/events", { locale });
}

const VIP = sessionUser({ isVIP: true });
const MEMBER = sessionUser();
const ADMIN = sessionUser({ isAdmin: true });
const squash = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
const presaleText = async () => squash((await screen.findByRole("article", { name: "Presale Night" })).querySelector(".event-presale-line")?.textContent);
const theCard = () => screen.getByRole("article", { name: "Presale Night" });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the presale on an event card, in English", () => {
  it("before: 'VIP presale from' for everyone, no code button and no ticket link", async () => {
    for (const user of [null, MEMBER, VIP]) {
      api("upcoming", user);
      renderEvents();
      expect(await presaleText()).toBe("VIP presale from Tue, Nov 24, 2026, 10:00 AM EST");
      expect(within(theCard()).queryByRole("button", { name: "Show my presale code" })).toBeNull();
      expect(within(theCard()).queryByRole("link", { name: /Buy/ })).toBeNull();
      cleanup();
    }
  });

  it("during, for a VIP: 'now until', then the code and the ticket link on a click", async () => {
    const server = api("open", VIP, {
      "POST /api/events/ev-presale/presale-code": json(200, { code: "VIP-CODE-7", ticketUrl: "https://tickets.example.test/presale", claimedAt: null }),
    });
    renderEvents();
    await screen.findByRole("button", { name: "Show my presale code" });
    expect(await presaleText()).toBe("VIP presale — now until Fri, Nov 27, 2026, 10:00 AM EST");
    expect(theCard().textContent).not.toContain("VIP-CODE-7");
    fireEvent.click(screen.getByRole("button", { name: "Show my presale code" }));
    expect((await within(theCard()).findByText("VIP-CODE-7")).tagName).toBe("CODE");
    const buy = within(theCard()).getByRole("link", { name: "Buy presale tickets for Presale Night (opens in a new tab)" });
    expect(buy.getAttribute("href")).toBe("https://tickets.example.test/presale");
    expect(buy.getAttribute("target")).toBe("_blank");
    expect(server.callsTo("POST /api/events/ev-presale/presale-code")).toHaveLength(1);
    expect(within(theCard()).queryByRole("button", { name: "Show my presale code" })).toBeNull();
  });

  it("during, for an admin whose codes have run out: the clear message, and no button any more", async () => {
    api("open", ADMIN, {
      "POST /api/events/ev-presale/presale-code": apiError(409, "presale_codes_gone", "All presale codes have been handed out"),
    });
    renderEvents();
    fireEvent.click(await screen.findByRole("button", { name: "Show my presale code" }));
    expect(squash((await within(theCard()).findByRole("alert")).textContent)).toBe(
      "All presale codes have been handed out — tickets go on general sale Sat, Nov 28, 2026, 12:00 PM EST",
    );
    expect(within(theCard()).queryByRole("button", { name: "Show my presale code" })).toBeNull();
  });

  it("during, for a member or a visitor: until when, the general sale, the way to VIP, and nothing to reveal", async () => {
    for (const user of [MEMBER, null]) {
      const server = api("open", user);
      renderEvents();
      expect(await presaleText()).toBe("VIP presale until Fri, Nov 27, 2026, 10:00 AM EST · general sale from Sat, Nov 28, 2026, 12:00 PM EST");
      expect(within(theCard()).getByRole("link", { name: "Become a VIP for presale access" }).getAttribute("href")).toBe("/vip-signup");
      expect(within(theCard()).queryByRole("button", { name: "Show my presale code" })).toBeNull();
      expect(within(theCard()).queryByRole("link", { name: /Buy/ })).toBeNull();
      expect(server.callsTo("POST /api/events/ev-presale/presale-code")).toHaveLength(0);
      cleanup();
    }
  });

  it("between the presale and the general sale: when the general sale opens", async () => {
    api("closed", VIP);
    renderEvents();
    expect(await presaleText()).toBe("General sale from Sat, Nov 28, 2026, 12:00 PM EST");
  });
});

describe("the presale on an event card, in Portuguese", () => {
  it("says every state in Portuguese, the times the Brazilian way in the venue's zone", async () => {
    api("upcoming", null);
    renderEvents("pt-BR");
    expect(await presaleText()).toBe("Pré-venda VIP a partir de ter., 24 de nov. de 2026, 10:00 GMT-5");
    cleanup();

    api("open", MEMBER);
    renderEvents("pt-BR");
    expect(await screen.findByRole("link", { name: "Torne-se VIP para ter acesso à pré-venda" })).toBeTruthy();
    expect(await presaleText()).toBe("Pré-venda VIP até sex., 27 de nov. de 2026, 10:00 GMT-5 · venda geral a partir de sáb., 28 de nov. de 2026, 12:00 GMT-5");
    cleanup();

    api("open", VIP, { "POST /api/events/ev-presale/presale-code": apiError(409, "presale_codes_gone", "All presale codes have been handed out") });
    renderEvents("pt-BR");
    const show = await screen.findByRole("button", { name: "Mostrar meu código de pré-venda" });
    expect(await presaleText()).toBe("Pré-venda VIP — agora, até sex., 27 de nov. de 2026, 10:00 GMT-5");
    fireEvent.click(show);
    expect(squash((await within(theCard()).findByRole("alert")).textContent)).toBe(
      "Todos os códigos de pré-venda já foram distribuídos — os ingressos entram em venda geral em sáb., 28 de nov. de 2026, 12:00 GMT-5",
    );
    cleanup();

    api("closed", null);
    renderEvents("pt-BR");
    expect(await presaleText()).toBe("Venda geral a partir de sáb., 28 de nov. de 2026, 12:00 GMT-5");
  });
});

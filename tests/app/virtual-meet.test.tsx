// /virtual-meet against a fake API: visitors and members get the teaser (what a virtual meet is, the
// next date) and the way to VIP, never a join link; VIP members and admins get each meet dated in
// their own zone, the 'Join now' link when the server sent it, otherwise when it will appear, and
// the list is asked for again exactly when the join window opens (and when a meet ends). The
// viewer's zone is fixed to São Paulo so the expected texts are known.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../worker/contracts/auth";
import type { VirtualMeetView } from "../../worker/contracts/events";
import { LATE_RETRY_MS } from "../../app/features/events/VirtualMeetPage";
import { Route as VirtualMeetRoute } from "../../app/routes/virtual-meet";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

/** The device's clock in these tests: 20 minutes before the first meet, 5 before its window opens. */
const NOW = Date.parse("2026-12-05T21:40:00.000Z");
const JOIN_URL = "https://meet.example.test/room/first";

const meet = (id: string, title: string, eventDate: string, overrides: Partial<VirtualMeetView> = {}): VirtualMeetView => ({
  id,
  title,
  description: `${title}: questions, stories and a song.`,
  eventDate,
  endDate: null,
  timeZone: "America/New_York",
  online: true,
  venueName: null,
  venueAddress: null,
  venueCity: null,
  venueState: null,
  venueCountry: null,
  venuePostalCode: null,
  venueCapacity: null,
  ticketPriceMin: null,
  ticketPriceMax: null,
  currency: "USD",
  externalTicketUrl: null,
  imageUrl: null,
  availability: "available",
  lang: "en",
  past: false,
  joinUrl: null,
  joinOpensAt: new Date(Date.parse(eventDate) - 15 * 60_000).toISOString(),
  joinMinTier: null,
  belowJoinTier: false,
  ...overrides,
});

const FIRST = meet("vm-1", "December Fan Hangout", "2026-12-05T22:00:00.000Z");
const SECOND = meet("vm-2", "New Year Listening Party", "2026-12-30T23:00:00.000Z", { endDate: "2026-12-31T00:30:00.000Z" });

const VISITOR = null;
const FAN = sessionUser();
const VIP = sessionUser({ isVIP: true, username: "vip_fan" });
const ADMIN = sessionUser({ isAdmin: true, username: "site_admin" });

function api(me: SessionUser | null, extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/events/virtual": json(200, { meets: [FIRST, SECOND] }),
    ...extra,
  });
}

function renderPage(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(VirtualMeetRoute, "/virtual-meet", root), stubRoute(root, "/vip-signup")]);
  return renderApp(tree, "/virtual-meet", { locale });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const meetCard = (title: string) => screen.getByRole("article", { name: title });
const text = (scope: HTMLElement, selector: string) => scope.querySelector(selector)?.textContent ?? null;

// The viewer's zone. The process's own zone (TZ) is shared by every file the pool runs beside this
// one, so this file's Intl formats in the viewer's zone where no zone is given instead.
const VIEWER_ZONE = "America/Sao_Paulo";
const SystemDateTimeFormat = Intl.DateTimeFormat;
beforeAll(() => {
  function inViewerZone(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
    return new SystemDateTimeFormat(locales, { ...options, timeZone: options?.timeZone ?? VIEWER_ZONE });
  }
  // As the constructor's: the fake clock wraps Intl.DateTimeFormat and reads both.
  inViewerZone.prototype = SystemDateTimeFormat.prototype;
  inViewerZone.supportedLocalesOf = SystemDateTimeFormat.supportedLocalesOf;
  Intl.DateTimeFormat = inViewerZone as typeof Intl.DateTimeFormat;
});
afterAll(() => {
  Intl.DateTimeFormat = SystemDateTimeFormat;
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/virtual-meet for visitors and members", () => {
  it("a visitor sees what a virtual meet is, the next date in their own zone, and 'Become a VIP Member'", async () => {
    const { callsTo } = api(VISITOR);
    renderPage();
    expect(await screen.findByRole("heading", { level: 2, name: "What is a virtual meet?" })).toBeTruthy();
    const teaser = screen.getByRole("region", { name: "What is a virtual meet?" });
    expect(within(teaser).getByText(/A live video meet-up with the artist/)).toBeTruthy();
    expect(within(teaser).getByText("Virtual meets are a VIP benefit: members find the join link on this page 15 minutes before the start.")).toBeTruthy();
    expect(within(teaser).getByRole("heading", { level: 3, name: "Next virtual meet" })).toBeTruthy();
    expect(await within(teaser).findByText("December Fan Hangout")).toBeTruthy();
    // 22:00 UTC is 7 PM in São Paulo: the viewer's zone, not the event's (New York).
    expect(text(teaser, ".event-date")).toBe("Sat, Dec 5, 2026");
    // The event's zone, as on /events, and the viewer's beside it where it differs.
    expect(text(teaser, ".event-time")).toBe("5:00 PM EST");
    // The reader's own zone follows the first render, in a transition (useViewerZone).
    await waitFor(() => expect(text(teaser, ".event-time-viewer")).toBe(" (your time: 7:00 PM GMT-3)"));
    // Only the next one is teased.
    expect(screen.queryByText("New Year Listening Party")).toBeNull();

    expect(screen.getByRole("heading", { level: 2, name: "VIP Access Required" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.queryByRole("link", { name: /Join now/ })).toBeNull();
    expect(screen.queryByText(/Join link from/)).toBeNull();

    // No timer for someone who gets no link: nothing is asked again when the window opens.
    await advance(10 * 60_000);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(1);
  });

  it("a member (not VIP) gets the teaser and no join link, even if one were (wrongly) sent", async () => {
    api(FAN, { "GET /api/events/virtual": json(200, { meets: [{ ...FIRST, joinUrl: JOIN_URL }, SECOND] }) });
    renderPage();
    expect(await screen.findByText("December Fan Hangout")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a VIP Member" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Join now/ })).toBeNull();
    expect(document.querySelector(`a[href="${JOIN_URL}"]`)).toBeNull();
  });

  it("says when no virtual meet is scheduled", async () => {
    api(VISITOR, { "GET /api/events/virtual": json(200, { meets: [] }) });
    renderPage();
    expect(await screen.findByText("No virtual meet scheduled yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a VIP Member" })).toBeTruthy();
  });
});

describe("/virtual-meet: a meet whose link is for a tier above VIP (decision 116)", () => {
  const CIRCLE = { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } };

  it("a VIP below it reads which tier the link is for, instead of when it comes, and nothing is asked again for it", async () => {
    const { callsTo } = api(VIP, {
      "GET /api/events/virtual": json(200, { meets: [{ ...FIRST, joinMinTier: CIRCLE, belowJoinTier: true }, SECOND] }),
    });
    renderPage();
    const first = await screen.findByRole("article", { name: FIRST.title });
    expect(within(first).getByText("Inner Circle and above")).toBeTruthy();
    expect(within(first).getByText(/The join link of this meet is for Inner Circle and above\./)).toBeTruthy();
    expect(within(first).getByRole("link", { name: "See the membership tiers" }).getAttribute("href")).toBe("/vip-signup");
    expect(within(first).queryByText(/Join link from/)).toBeNull();
    expect(within(meetCard(SECOND.title)).queryByText(/and above/)).toBeNull();
    // Past the first meet's window: no refetch for a link that never comes (the second's is weeks away).
    await advance(10 * 60_000);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(1);
  });

  it("in Portuguese, and a member of the tier sees the badge beside the link", async () => {
    api(VIP, { "GET /api/events/virtual": json(200, { meets: [{ ...FIRST, joinMinTier: CIRCLE, belowJoinTier: true }] }) });
    renderPage("pt-BR");
    const first = await screen.findByRole("article", { name: FIRST.title });
    expect(within(first).getByText("Círculo Íntimo e acima")).toBeTruthy();
    expect(within(first).getByText(/O link de acesso deste encontro é para Círculo Íntimo e acima\./)).toBeTruthy();
    cleanup();
    api(VIP, { "GET /api/events/virtual": json(200, { meets: [{ ...FIRST, joinMinTier: CIRCLE, joinUrl: JOIN_URL }] }) });
    renderPage();
    const admitted = await screen.findByRole("article", { name: FIRST.title });
    expect(within(admitted).getByText("Inner Circle and above")).toBeTruthy();
    expect(
      within(admitted)
        .getByRole("link", { name: /^Join now/ })
        .getAttribute("href"),
    ).toBe(JOIN_URL);
    expect(within(admitted).queryByText(/The join link of this meet/)).toBeNull();
  });

  it("the visitor's teaser names the tier of the next meet", async () => {
    api(VISITOR, { "GET /api/events/virtual": json(200, { meets: [{ ...FIRST, joinMinTier: CIRCLE }] }) });
    renderPage();
    const teaser = await screen.findByRole("region", { name: "What is a virtual meet?" });
    expect(await within(teaser).findByText("Inner Circle and above")).toBeTruthy();
  });
});

describe("/virtual-meet for VIP members and admins", () => {
  it("shows 'Join now' (new tab) when the server sent the link", async () => {
    api(VIP, { "GET /api/events/virtual": json(200, { meets: [{ ...FIRST, joinUrl: JOIN_URL }, SECOND] }) });
    renderPage();
    const first = await screen.findByRole("article", { name: FIRST.title });
    const join = within(first).getByRole("link", { name: "Join now: December Fan Hangout (opens in a new tab)" });
    expect(join.getAttribute("href")).toBe(JOIN_URL);
    expect(join.getAttribute("target")).toBe("_blank");
    expect(join.getAttribute("rel")).toBe("noopener noreferrer");
    expect(join.textContent).toBe("Join now");
    expect(text(first, ".event-date")).toBe("Sat, Dec 5, 2026");
    expect(text(first, ".event-time")).toBe("5:00 PM EST");
    // The reader's own zone follows the first render, in a transition (useViewerZone).
    await waitFor(() => expect(text(first, ".event-time-viewer")).toBe(" (your time: 7:00 PM GMT-3)"));
    expect(within(first).getByText("December Fan Hangout: questions, stories and a song.")).toBeTruthy();
    // The later meet has no link yet; no gate for a VIP.
    const second = meetCard(SECOND.title);
    expect(within(second).queryByRole("link", { name: /Join now/ })).toBeNull();
    expect(within(second).getByText("Join link from 5:45 PM EST")).toBeTruthy();
    // The window is explained once for the page, never on each card.
    expect(screen.getAllByText("The join link appears here 15 minutes before each meet starts.")).toHaveLength(1);
    expect(within(second).queryByText(/minutes before/)).toBeNull();
    expect(screen.queryByRole("heading", { name: "VIP Access Required" })).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "Upcoming virtual meets" })).toBeTruthy();
    // Add to calendar.
    expect(within(first).getByRole("link", { name: "Download .ics" }).getAttribute("href")).toBe("/api/events/vm-1/ics");
    expect(within(first).getByRole("link", { name: "Google Calendar (opens in a new tab)" }).getAttribute("href")).toMatch(
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=December%20Fan%20Hangout&dates=20261205T220000Z\/20261206T000000Z&/,
    );
  });

  it("without the link yet, says when it appears and asks again exactly when the window opens", async () => {
    let calls = 0;
    const { callsTo } = api(VIP, {
      "GET /api/events/virtual": () => {
        calls++;
        return json(200, { meets: [calls === 1 ? FIRST : { ...FIRST, joinUrl: JOIN_URL }, SECOND] });
      },
    });
    renderPage();
    const first = await screen.findByRole("article", { name: FIRST.title });
    expect(within(first).getByText("Join link from 4:45 PM EST")).toBeTruthy();
    expect(within(first).queryByRole("link", { name: /Join now/ })).toBeNull();
    expect(callsTo("GET /api/events/virtual")).toHaveLength(1);

    // joinOpensAt is 21:45Z, five minutes away: nothing is asked before then...
    await advance(5 * 60_000 - 1_000);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(1);
    // ...and the list is fetched again at that instant, bringing the link.
    await advance(1_000);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(2);
    const join = await within(meetCard(FIRST.title)).findByRole("link", { name: /^Join now/ });
    expect(join.getAttribute("href")).toBe(JOIN_URL);
    expect(within(meetCard(FIRST.title)).queryByText(/Join link from/)).toBeNull();

    // No polling meanwhile: the next change is the first meet's end (22:00Z + 2 h), 2 h 15 min on.
    await advance(135 * 60_000 - 1_000);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(2);
    await advance(1_000);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(3);
  });

  it("when the window has opened by this clock but no link came (server clock behind), asks twice more, 15 s apart, then stops", async () => {
    vi.setSystemTime(Date.parse("2026-12-05T21:50:00.000Z"));
    const { callsTo } = api(VIP, { "GET /api/events/virtual": json(200, { meets: [FIRST] }) });
    renderPage();
    await screen.findByRole("article", { name: FIRST.title });
    expect(callsTo("GET /api/events/virtual")).toHaveLength(1);
    await advance(LATE_RETRY_MS - 1_000);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(1);
    await advance(1_000);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(2);
    await advance(LATE_RETRY_MS);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(3);
    // Then only the meet's end (00:00Z) would change anything: no loop.
    await advance(60 * 60_000);
    expect(callsTo("GET /api/events/virtual")).toHaveLength(3);
  });

  it("an admin gets the join link too", async () => {
    api(ADMIN, { "GET /api/events/virtual": json(200, { meets: [{ ...FIRST, joinUrl: JOIN_URL }] }) });
    renderPage();
    expect((await screen.findByRole("link", { name: /^Join now/ })).getAttribute("href")).toBe(JOIN_URL);
  });

  it("shows 'Failed to load virtual meets' with a retry", async () => {
    let failing = true;
    const { callsTo } = api(VIP, {
      "GET /api/events/virtual": () => (failing ? apiError(500, "internal", "boom") : json(200, { meets: [FIRST] })),
    });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load virtual meets");
    const before = callsTo("GET /api/events/virtual").length;
    failing = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: FIRST.title })).toBeTruthy();
    expect(callsTo("GET /api/events/virtual")).toHaveLength(before + 1);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("/virtual-meet in Portuguese", () => {
  it("a VIP reads the dates and the join window in Portuguese, in the event's zone and their own", async () => {
    const { callsTo } = api(VIP);
    renderPage("pt-BR");
    const first = await screen.findByRole("article", { name: FIRST.title });
    expect(screen.getByRole("heading", { level: 2, name: "Próximos encontros virtuais" })).toBeTruthy();
    expect(text(first, ".event-date")).toBe("sáb., 5 de dez. de 2026");
    expect(text(first, ".event-time")).toBe("17:00 GMT-5");
    // The reader's own zone follows the first render, in a transition (useViewerZone).
    await waitFor(() => expect(text(first, ".event-time-viewer")).toBe(" (no seu horário: 19:00 BRT)"));
    expect(within(first).getByText("Link de acesso a partir de 16:45 GMT-5")).toBeTruthy();
    expect(screen.getAllByText("O link de acesso aparece aqui 15 minutos antes do início de cada encontro.")).toHaveLength(1);
    expect(callsTo("GET /api/events/virtual").map(([input]) => String(input))).toContainEqual(expect.stringContaining("/api/events/virtual?lang=pt-BR"));
    expect(within(first).getByRole("link", { name: "Baixar .ics" })).toBeTruthy();
  });

  it("a VIP with the link reads 'Entrar agora'", async () => {
    api(VIP, { "GET /api/events/virtual": json(200, { meets: [{ ...FIRST, joinUrl: JOIN_URL }] }) });
    renderPage("pt-BR");
    const join = await screen.findByRole("link", { name: "Entrar agora: December Fan Hangout (abre em uma nova aba)" });
    expect(join.textContent).toBe("Entrar agora");
  });

  it("a visitor gets the teaser and the VIP call to action in Portuguese", async () => {
    api(VISITOR);
    renderPage("pt-BR");
    expect(await screen.findByRole("heading", { level: 2, name: "O que é um encontro virtual?" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Próximo encontro virtual" })).toBeTruthy();
    expect(await screen.findByText("December Fan Hangout")).toBeTruthy();
    expect(text(screen.getByRole("region", { name: "O que é um encontro virtual?" }), ".event-time")).toBe("17:00 GMT-5");
    expect(screen.getByRole("heading", { level: 2, name: "Acesso VIP necessário" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Torne-se um membro VIP" }).getAttribute("href")).toBe("/vip-signup");
  });
});

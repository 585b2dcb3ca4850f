// The back office's dashboards against a fake API, in the real app (generated route tree, admin
// layout and its message catalog): the overview's cards with real trends (up, down, none) and its
// link cards; site analytics with its periods (days and the admin's time zone in the request), its
// cards (bounce rate's colours inverted), the charts' data tables, the top pages and referrers;
// track analytics with its periods, cards, sortable table, empty and error states; the audit log
// with its filters and 'Load more'. Charts are drawn by recharts, which happy-dom cannot measure:
// the assertions read the data tables that stand behind each chart.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { routeTree } from "../../app/routeTree.gen";
import type { AuditEntryView, AuditListResponse } from "../../worker/contracts/admin/admin";
import type { AnalyticsResponse, OverviewResponse, TrackAnalyticsResponse, TrackStatsRow } from "../../worker/contracts/admin/analytics";
import type { SessionUser } from "../../worker/contracts/auth";
import { apiError, json, mockApi, type ApiRoutes } from "./accounts-harness";
import type { DeadLetterView } from "../../worker/contracts/dead-letters";
import { seedConfig } from "./fixtures/config";

const ADMIN: SessionUser = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "admin@example.test",
  username: "site_admin",
  isAdmin: true,
  isVIP: false,
  avatarUrl: null,
};
const TIME_ZONE = "America/Sao_Paulo";

const OVERVIEW: OverviewResponse = {
  currentVisitors: { value: 1234, changePct: 15.2 },
  pageViews: { value: 5678, changePct: -3.4 },
  avgSessionSeconds: { value: 125, changePct: null },
  activeUsers: { value: 42, changePct: 0 },
  totals: { users: 1500, upcomingEvents: 3, messages: 1, subscribers: 250 },
  health: { requests: 4821, errorRate: 0.0125, p95Ms: 250 },
  store: {
    ordersToday: {
      count: 3,
      totals: [
        { currency: "usd", cents: 4500 },
        { currency: "brl", cents: 0 },
      ],
    },
    monthRevenue: [
      { currency: "usd", cents: 123456 },
      { currency: "brl", cents: 49900 },
    ],
  },
};

const HOURLY = Array.from({ length: 24 }, (_, hour) => ({ hour, pageViews: hour * 10 + 1 }));

function analytics(days: 7 | 30 | 90, overrides: Partial<AnalyticsResponse> = {}): AnalyticsResponse {
  return {
    days,
    timeZone: TIME_ZONE,
    cards: {
      currentVisitors: { value: days * 10, changePct: 5 },
      pageViews: { value: 12345, changePct: 12.5 },
      avgSessionSeconds: { value: 3725, changePct: -2.5 },
      bounceRatePct: { value: 42.5, changePct: 5 },
      totalUsers: { value: 1500, newToday: 12 },
      activeUsers: { value: 300, changePct: null },
      newsletterSubscribers: 250,
      mobilePct: 62.5,
      desktopPct: 37.5,
    },
    traffic: [
      { date: "2026-03-01", pageViews: 120, visitors: 80 },
      { date: "2026-03-02", pageViews: 1500, visitors: 950 },
      { date: "2026-03-03", pageViews: 0, visitors: 0 },
    ],
    hourly: HOURLY,
    topPages: [
      { path: "/music", pageViews: 900, visitors: 400 },
      { path: "/events", pageViews: 300, visitors: 200 },
    ],
    topReferrers: [
      { host: "www.google.com", pageViews: 500 },
      { host: null, pageViews: 450 },
    ],
    ...overrides,
  };
}

const track = (trackId: string, title: string, albumTitle: string, totalPlays: number, lastPlayed: string | null): TrackStatsRow => ({
  trackId,
  title,
  albumTitle,
  totalPlays,
  previewPlays: Math.round(totalPlays / 2),
  dailyAvg: totalPlays / 30,
  weeklyAvg: totalPlays / 4,
  monthlyAvg: totalPlays,
  lastPlayed,
});

const TRACKS: TrackAnalyticsResponse = {
  period: "30",
  totalPlays: 1234,
  totalPreviewPlays: 617,
  topTrack: { title: "Spring Love", plays: 700 },
  dailyAverage: 41.13,
  lastPlayed: "2026-03-03T18:30:00.000Z",
  tracks: [
    track("because-i-love-you", "Because I Love You", "Freestyle Hits", 200, "2026-03-01T10:00:00.000Z"),
    track("spring-love", "Spring Love", "Spring Love (1988)", 700, "2026-03-03T18:30:00.000Z"),
    track("dream-about-you", "Dream About You", "Dreams", 334, null),
  ],
};

function seededClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(["me"], { user: ADMIN });
  seedConfig(queryClient);
  return queryClient;
}

/** The real app at `url`, signed in as an administrator. */
function renderAdmin(url: string, { locale = "en" as Locale } = {}) {
  const queryClient = seededClient();
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }), context: { queryClient } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

function api(routes: ApiRoutes) {
  return mockApi({ "GET /api/auth/me": json(200, { user: ADMIN }), "GET /api/admin/dead-letters": json(200, { items: [], open: 0 }), ...routes });
}

/** The query strings a mocked path was called with, in order. */
const queriesOf = (calls: ReturnType<ReturnType<typeof mockApi>["callsTo"]>) =>
  calls.map(([input]) => new URL(String(input), "http://localhost").searchParams.toString());

const card = (name: string) => screen.getByRole("article", { name });
const valueOf = (article: HTMLElement) => article.querySelector(".admin-stat-value")?.textContent;
const trendOf = (article: HTMLElement) => article.querySelector(".admin-trend");
/** A table's rows as cell texts, header row included. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((c) => c.textContent));

/** A promise the test settles itself, to see what shows while a request is pending. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  // The admin's zone as the browser reports it (Intl.DateTimeFormat().resolvedOptions()).
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: TIME_ZONE };
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("admin sidebar", () => {
  it("links every area, in order, with Settings and Logout at its foot", async () => {
    api({ "GET /api/admin/overview": json(200, OVERVIEW) });
    renderAdmin("/admin");
    const nav = await screen.findByRole("navigation", { name: "Back office" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Overview", "/admin"],
      ["Analytics", "/admin/analytics"],
      ["Track Analytics", "/admin/analytics/tracks"],
      ["Revenue", "/admin/revenue"],
      ["Tax", "/admin/tax"],
      ["Events", "/admin/events"],
      ["Venues", "/admin/venues"],
      ["Tickets", "/admin/tickets"],
      ["Users", "/admin/users"],
      ["Messages", "/admin/messages"],
      ["Marketing", "/admin/marketing"],
      ["Campaigns", "/admin/campaigns"],
      ["Moderation", "/admin/moderation"],
      ["Catalog", "/admin/catalog"],
      ["Perks", "/admin/perks"],
      ["Membership Tiers", "/admin/tiers"],
      ["Store", "/admin/store"],
      ["Orders", "/admin/store/orders"],
      ["Shipping", "/admin/store/shipping"],
      ["Disputes", "/admin/disputes"],
      ["Listening Parties", "/admin/parties"],
      ["Community Rooms", "/admin/rooms"],
      ["Remix Contests", "/admin/contests"],
      ["Audit Log", "/admin/audit"],
    ]);
    expect(within(nav).getByRole("link", { name: "Overview" }).getAttribute("aria-current")).toBe("page");
    const sidebar = nav.closest("aside")!;
    expect(within(sidebar).getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/admin/settings");
    expect(within(sidebar).getByRole("button", { name: "Logout" })).toBeTruthy();
  });
});

describe("/admin overview", () => {
  it("shows the four figures with their real trends: up in green, down in red, none, flat", async () => {
    const { callsTo } = api({ "GET /api/admin/overview": json(200, OVERVIEW) });
    renderAdmin("/admin");
    await screen.findByRole("article", { name: "Current Visitors" });

    const visitors = card("Current Visitors");
    expect(valueOf(visitors)).toBe("1,234");
    expect(trendOf(visitors)?.getAttribute("data-tone")).toBe("good");
    expect(within(visitors).getByText("▲ 15.2%").getAttribute("aria-hidden")).toBe("true");
    expect(within(visitors).getByText("Up 15.2% on the previous period").className).toBe("sr-only");

    const views = card("Page Views");
    expect(valueOf(views)).toBe("5,678");
    expect(trendOf(views)?.getAttribute("data-tone")).toBe("bad");
    expect(within(views).getByText("▼ 3.4%")).toBeTruthy();
    expect(within(views).getByText("Down 3.4% on the previous period")).toBeTruthy();

    const session = card("Avg. Session");
    expect(valueOf(session)).toBe("2m 5s");
    expect(trendOf(session)?.textContent).toBe("no previous data");
    expect(trendOf(session)?.getAttribute("data-tone")).toBe("none");

    const active = card("Active Users");
    expect(valueOf(active)).toBe("42");
    expect(trendOf(active)?.getAttribute("data-tone")).toBe("flat");
    expect(within(active).getByText("No change on the previous period")).toBeTruthy();
    expect(callsTo("GET /api/admin/overview")).toHaveLength(1);
  });

  it("links each area with its headline count", async () => {
    api({ "GET /api/admin/overview": json(200, OVERVIEW) });
    renderAdmin("/admin");
    const manage = await screen.findByRole("region", { name: "Manage the site" });
    expect(
      within(manage)
        .getAllByRole("link")
        .map((link) => [link.getAttribute("href"), link.textContent]),
    ).toEqual([
      ["/admin/analytics", "Site AnalyticsTraffic, devices, hours and referrers"],
      ["/admin/users", "Users1,500 members"],
      ["/admin/events", "Events3 upcoming events"],
      ["/admin/messages", "Messages1 message"],
      ["/admin/marketing", "Marketing250 subscribers"],
    ]);
  });

  it("shows the site's last hour: requests, error share and p95, in both languages", async () => {
    api({ "GET /api/admin/overview": json(200, OVERVIEW) });
    renderAdmin("/admin");
    const hour = await screen.findByRole("region", { name: "The site in the last hour" });
    expect(valueOf(within(hour).getByRole("article", { name: "Requests" }))).toBe("4,821");
    expect(valueOf(within(hour).getByRole("article", { name: "Errors" }))).toBe("1.25%");
    expect(valueOf(within(hour).getByRole("article", { name: "p95 response time" }))).toBe("≤ 250 ms");
    cleanup();

    api({ "GET /api/admin/overview": json(200, OVERVIEW) });
    renderAdmin("/admin", { locale: "pt-BR" });
    const hora = await screen.findByRole("region", { name: "O site na última hora" });
    expect(valueOf(within(hora).getByRole("article", { name: "Requisições" }))).toBe("4.821");
    expect(valueOf(within(hora).getByRole("article", { name: "Erros" }))).toBe("1,25%");
  });

  it("lists failed background jobs with Retry and Dismiss, in both languages, and refreshes after one", async () => {
    const job: DeadLetterView = {
      id: "msg-1",
      queue: "freestyle-lovers-notify",
      kind: "fanout",
      refs: { eventId: "evt-7" },
      attempts: 6,
      receivedAt: "2026-11-24T10:00:00.000Z",
      status: "open",
    };
    let listed = [job];
    const { callsTo } = api({
      "GET /api/admin/overview": json(200, OVERVIEW),
      "GET /api/admin/dead-letters": () => json(200, { items: listed, open: listed.length }),
      "POST /api/admin/dead-letters/msg-1/retry": () => {
        listed = [];
        return json(200, { ...job, status: "retried" });
      },
    });
    renderAdmin("/admin");
    const jobs = await screen.findByRole("region", { name: "1 failed background job" });
    expect(within(jobs).getByText("Notifications")).toBeTruthy();
    expect(jobs.textContent).toContain("fanout");
    expect(jobs.textContent).toContain("eventId evt-7");
    expect(jobs.textContent).toContain("6 attempts");
    fireEvent.click(within(jobs).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "1 failed background job" })).toBeNull());
    expect(callsTo("POST /api/admin/dead-letters/msg-1/retry")).toHaveLength(1);
    cleanup();

    listed = [job, { ...job, id: "msg-2", queue: "freestyle-lovers-campaigns", kind: "send", refs: {} }];
    renderAdmin("/admin", { locale: "pt-BR" });
    const tarefas = await screen.findByRole("region", { name: "2 tarefas em segundo plano falharam" });
    expect(within(tarefas).getByText("Campanhas de newsletter")).toBeTruthy();
    expect(within(tarefas).getAllByRole("button", { name: "Descartar" })).toHaveLength(2);
  });

  it("shows no failed-jobs section when nothing failed", async () => {
    api({ "GET /api/admin/overview": json(200, OVERVIEW) });
    renderAdmin("/admin");
    await screen.findByRole("region", { name: "The site in the last hour" });
    expect(screen.queryByRole("region", { name: /failed background job/ })).toBeNull();
  });

  it("says so when the last hour had no request", async () => {
    api({ "GET /api/admin/overview": json(200, { ...OVERVIEW, health: { requests: 0, errorRate: 0, p95Ms: null } }) });
    renderAdmin("/admin");
    const hour = await screen.findByRole("region", { name: "The site in the last hour" });
    expect(within(hour).getByText("No requests in the last hour.")).toBeTruthy();
    expect(within(hour).queryAllByRole("article")).toEqual([]);
  });

  it("speaks Portuguese: numbers, durations and trends in pt-BR", async () => {
    api({ "GET /api/admin/overview": json(200, OVERVIEW) });
    renderAdmin("/admin", { locale: "pt-BR" });
    const visitors = await screen.findByRole("article", { name: "Visitantes atuais" });
    expect(valueOf(visitors)).toBe("1.234");
    expect(within(visitors).getByText("▲ 15,2%")).toBeTruthy();
    expect(valueOf(card("Sessão média"))).toBe("2min 5s");
    expect(trendOf(card("Sessão média"))?.textContent).toBe("sem dados anteriores");
  });

  it("shows loading, then an error with a working 'Try again'", async () => {
    const first = deferred<Response>();
    let calls = 0;
    api({
      "GET /api/admin/overview": () => {
        calls += 1;
        return calls === 1 ? first.promise : json(200, OVERVIEW);
      },
    });
    renderAdmin("/admin");
    expect((await screen.findByRole("status")).textContent).toBe("Loading overview...");
    first.resolve(apiError(500, "internal", "boom"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load the overview");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(valueOf(await screen.findByRole("article", { name: "Page Views" }))).toBe("5,678");
  });
});

describe("/admin/analytics", () => {
  const analyticsApi = () =>
    api({
      "GET /api/admin/analytics": (request) => {
        const days = Number(new URL(request.url).searchParams.get("days")) as 7 | 30 | 90;
        return json(200, analytics(days));
      },
    });

  it("asks for the last 30 days in the admin's time zone, and for 7 or 90 when chosen", async () => {
    const { callsTo } = analyticsApi();
    const { router } = renderAdmin("/admin/analytics");
    await screen.findByRole("article", { name: "Current Visitors" });
    expect(queriesOf(callsTo("GET /api/admin/analytics"))).toEqual([`days=30&tz=${encodeURIComponent(TIME_ZONE)}`]);
    const periods = screen.getByRole("group", { name: "Period" });
    expect(
      within(periods)
        .getAllByRole("button")
        .map((b) => [b.textContent, b.getAttribute("aria-pressed")]),
    ).toEqual([
      ["Last 7 days", "false"],
      ["Last 30 days", "true"],
      ["Last 90 days", "false"],
    ]);
    expect(valueOf(card("Current Visitors"))).toBe("300");

    fireEvent.click(within(periods).getByRole("button", { name: "Last 7 days" }));
    await waitFor(() => expect(valueOf(card("Current Visitors"))).toBe("70"));
    expect(queriesOf(callsTo("GET /api/admin/analytics")).at(-1)).toBe(`days=7&tz=${encodeURIComponent(TIME_ZONE)}`);
    expect(within(periods).getByRole("button", { name: "Last 7 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(periods).getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe("false");
    expect(router.state.location.search).toEqual({ days: 7 });
    const nav = screen.getByRole("navigation", { name: "Back office" });
    expect(within(nav).getByRole("link", { name: "Analytics" }).getAttribute("aria-current")).toBe("page");

    fireEvent.click(within(periods).getByRole("button", { name: "Last 90 days" }));
    await waitFor(() => expect(valueOf(card("Current Visitors"))).toBe("900"));
    expect(queriesOf(callsTo("GET /api/admin/analytics")).at(-1)).toBe(`days=90&tz=${encodeURIComponent(TIME_ZONE)}`);
    expect(screen.getByRole("link", { name: "Track analytics" }).getAttribute("href")).toBe("/admin/analytics/tracks");
  });

  it("shows every card, with bounce rate's colours inverted (a rise is bad)", async () => {
    analyticsApi();
    renderAdmin("/admin/analytics");
    await screen.findByRole("article", { name: "Bounce Rate" });
    const bounce = card("Bounce Rate");
    expect(valueOf(bounce)).toBe("42.5%");
    expect(within(bounce).getByText("▲ 5.0%")).toBeTruthy();
    expect(trendOf(bounce)?.getAttribute("data-tone")).toBe("bad");
    // The same rise on a figure to grow is good news.
    expect(within(card("Current Visitors")).getByText("▲ 5.0%")).toBeTruthy();
    expect(trendOf(card("Current Visitors"))?.getAttribute("data-tone")).toBe("good");
    expect(trendOf(card("Avg. Session"))?.getAttribute("data-tone")).toBe("bad");

    expect(valueOf(card("Page Views"))).toBe("12,345");
    expect(valueOf(card("Avg. Session"))).toBe("1h 2m");
    expect(valueOf(card("Total Users"))).toBe("1,500");
    expect(within(card("Total Users")).getByText("12 new today")).toBeTruthy();
    expect(trendOf(card("Active Users"))?.textContent).toBe("no previous data");
    expect(valueOf(card("Newsletter Subscribers"))).toBe("250");
    expect(valueOf(card("Mobile Users"))).toBe("62.5%");
    expect(valueOf(card("Desktop Users"))).toBe("37.5%");
  });

  it("puts each chart's figures in a captioned table that can be shown", async () => {
    analyticsApi();
    renderAdmin("/admin/analytics");
    const traffic = await screen.findByRole("table", { name: "Page views and unique visitors per date" });
    expect(rowsOf(traffic)).toEqual([
      ["Date", "Page Views", "Unique Visitors"],
      ["Mar 1, 2026", "120", "80"],
      ["Mar 2, 2026", "1,500", "950"],
      ["Mar 3, 2026", "0", "0"],
    ]);

    const hourly = screen.getByRole("table", { name: `Page views by hour of the day (${TIME_ZONE})` });
    const hours = rowsOf(hourly);
    expect(hours).toHaveLength(25);
    expect(hours[1]).toEqual(["12 AM", "1"]);
    expect(hours[2]).toEqual(["1 AM", "11"]);
    expect(hours[13]).toEqual(["12 PM", "121"]);
    expect(hours[24]).toEqual(["11 PM", "231"]);

    // Visually hidden until asked for; always there for screen readers.
    const section = screen.getByRole("region", { name: "Traffic Overview" });
    const toggle = within(section).getByRole("button", { name: "Show data table" });
    expect(traffic.parentElement?.className).toBe("sr-only");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(traffic.parentElement?.className).toBe("table-wrap admin-chart-table");
    const chart = within(section).getByRole("img");
    expect(chart.getAttribute("aria-label")).toBe("Bar chart of page views and unique visitors per date. The data table has the same figures.");
    // The chart module (and recharts with it) arrives after the figures: the placeholder goes.
    await waitFor(() => expect(within(chart).queryByText("Loading chart...")).toBeNull(), { timeout: 5000 });
    expect(chart.querySelector(".recharts-responsive-container")).not.toBeNull();
  });

  it("lists the top pages and referrers, direct visits as 'Direct'", async () => {
    analyticsApi();
    renderAdmin("/admin/analytics");
    const pages = await screen.findByRole("table", { name: "Top Pages" });
    expect(rowsOf(pages)).toEqual([
      ["Page", "Page Views", "Unique Visitors"],
      ["/music", "900", "400"],
      ["/events", "300", "200"],
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Top Referrers" }))).toEqual([
      ["Source", "Page Views"],
      ["www.google.com", "500"],
      ["Direct", "450"],
    ]);
  });

  it("labels the hours and dates in Portuguese", async () => {
    analyticsApi();
    renderAdmin("/admin/analytics", { locale: "pt-BR" });
    const hourly = await screen.findByRole("table", { name: `Visualizações de página por hora do dia (${TIME_ZONE})` });
    expect(rowsOf(hourly)[1]).toEqual(["00", "1"]);
    expect(rowsOf(hourly)[24]).toEqual(["23", "231"]);
    expect(rowsOf(screen.getByRole("table", { name: "Visualizações de página e visitantes únicos por data" }))[1]).toEqual(["1 de mar. de 2026", "120", "80"]);
    expect(rowsOf(screen.getByRole("table", { name: "Principais origens" }))[2]).toEqual(["Direto", "450"]);
    expect(screen.getByRole("button", { name: "Últimos 30 dias" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("says 'Loading analytics...' while loading, and shows an error banner on failure", async () => {
    const first = deferred<Response>();
    api({ "GET /api/admin/analytics": () => first.promise });
    renderAdmin("/admin/analytics");
    expect((await screen.findByRole("status")).textContent).toBe("Loading analytics...");
    first.resolve(apiError(500, "internal", "boom"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Failed to load analyticsTry again");
    expect(screen.queryByRole("article", { name: "Page Views" })).toBeNull();
  });
});

describe("/admin/analytics/tracks", () => {
  const tracksApi = (response: (period: string) => Response = (period) => json(200, { ...TRACKS, period })) =>
    api({ "GET /api/admin/analytics/tracks": (request) => response(new URL(request.url).searchParams.get("period")!) });

  const trackTable = () => screen.getByRole("table", { name: "Plays per track" });
  const titles = () =>
    rowsOf(trackTable())
      .slice(1)
      .map((row) => row[0]);
  const header = (name: string) => within(trackTable()).getByRole("button", { name }).closest("th")!;

  it("asks for 30 days by default and for all time when chosen, and shows the cards", async () => {
    const { callsTo } = tracksApi();
    renderAdmin("/admin/analytics/tracks");
    await screen.findByRole("article", { name: "Total Plays" });
    expect(queriesOf(callsTo("GET /api/admin/analytics/tracks"))).toEqual(["period=30"]);
    expect(valueOf(card("Total Plays"))).toBe("1,234");
    expect(valueOf(card("Preview Plays"))).toBe("617");
    expect(valueOf(card("Top Track"))).toBe("Spring Love");
    expect(within(card("Top Track")).getByText("700 plays")).toBeTruthy();
    expect(valueOf(card("Daily Average"))).toBe("41.13");
    const expectedMoment = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date(TRACKS.lastPlayed!));
    expect(valueOf(card("Last Played"))).toBe(expectedMoment);

    const periods = screen.getByRole("group", { name: "Period" });
    expect(
      within(periods)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Last 7 days", "Last 30 days", "Last 90 days", "All time"]);
    fireEvent.click(within(periods).getByRole("button", { name: "All time" }));
    await waitFor(() => expect(queriesOf(callsTo("GET /api/admin/analytics/tracks")).at(-1)).toBe("period=all"));
    expect(within(periods).getByRole("button", { name: "All time" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("lists the tracks by plays, and sorts by any column both ways", async () => {
    tracksApi();
    renderAdmin("/admin/analytics/tracks");
    await screen.findByRole("table", { name: "Plays per track" });
    expect(rowsOf(trackTable())[0]).toEqual([
      "Track↕",
      "Album↕",
      "Total Plays▼",
      "Preview Plays↕",
      "Daily Avg↕",
      "Weekly Avg↕",
      "Monthly Avg↕",
      "Last Played↕",
    ]);
    expect(rowsOf(trackTable())[1]).toEqual(["Spring Love", "Spring Love (1988)", "700", "350", "23.33", "175", "700", expect.any(String)]);
    expect(rowsOf(trackTable())[3]).toEqual(["Because I Love You", "Freestyle Hits", "200", "100", "6.67", "50", "200", expect.any(String)]);
    expect(rowsOf(trackTable())[2]![7]).toBe("Never");
    expect(titles()).toEqual(["Spring Love", "Dream About You", "Because I Love You"]);
    expect(header("Total Plays").getAttribute("aria-sort")).toBe("descending");

    fireEvent.click(within(trackTable()).getByRole("button", { name: "Track" }));
    expect(titles()).toEqual(["Because I Love You", "Dream About You", "Spring Love"]);
    expect(header("Track").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Total Plays").hasAttribute("aria-sort")).toBe(false);

    fireEvent.click(within(trackTable()).getByRole("button", { name: "Track" }));
    expect(titles()).toEqual(["Spring Love", "Dream About You", "Because I Love You"]);
    expect(header("Track").getAttribute("aria-sort")).toBe("descending");

    // Latest first; a track never played stays last either way.
    fireEvent.click(within(trackTable()).getByRole("button", { name: "Last Played" }));
    expect(titles()).toEqual(["Spring Love", "Because I Love You", "Dream About You"]);
    fireEvent.click(within(trackTable()).getByRole("button", { name: "Last Played" }));
    expect(titles()).toEqual(["Because I Love You", "Spring Love", "Dream About You"]);
    expect(header("Last Played").getAttribute("aria-sort")).toBe("ascending");

    fireEvent.click(within(trackTable()).getByRole("button", { name: "Album" }));
    expect(
      rowsOf(trackTable())
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(["Dreams", "Freestyle Hits", "Spring Love (1988)"]);
  });

  it("shows the empty state before anything was played", async () => {
    tracksApi(() => json(200, { period: "30", totalPlays: 0, totalPreviewPlays: 0, topTrack: null, dailyAverage: 0, lastPlayed: null, tracks: [] }));
    renderAdmin("/admin/analytics/tracks");
    expect(await screen.findByText("No play data available")).toBeTruthy();
    expect(screen.getByText("Tracks will appear here once they've been played")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(valueOf(card("Top Track"))).toBe("None");
    expect(valueOf(card("Last Played"))).toBe("Never");
  });

  it("says 'Failed to load track statistics' when the request fails", async () => {
    tracksApi(() => apiError(500, "internal", "boom"));
    renderAdmin("/admin/analytics/tracks");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Failed to load track statisticsTry again");
  });
});

describe("/admin/audit", () => {
  const entry = (id: number, overrides: Partial<AuditEntryView> = {}): AuditEntryView => ({
    id,
    actorId: "admin-1",
    actorEmail: "admin@example.test",
    action: "album.update",
    targetType: "album",
    targetId: "12",
    summary: { before: { title: "Old Title", year: 1988 }, after: { title: "New Title", year: 1988 } },
    createdAt: "2026-03-03T18:30:00.000Z",
    ...overrides,
  });
  const ACTIONS = ["album.update", "settings.update", "track.delete"];
  const FIRST_PAGE: AuditListResponse = {
    entries: [
      entry(120),
      entry(119, {
        actorId: "admin-2",
        actorEmail: "second@example.test",
        action: "settings.update",
        targetType: "settings",
        targetId: null,
        summary: { before: { sessionHours: 24 }, after: { sessionHours: 48 } },
      }),
      entry(118, { action: "track.delete", targetType: "track", targetId: "spring-love", summary: { before: { title: "Spring Love" }, after: null } }),
    ],
    nextCursor: 118,
    actions: ACTIONS,
  };
  const auditApi = (handler?: (params: URLSearchParams) => Response) =>
    api({
      "GET /api/admin/audit": (request) => {
        const params = new URL(request.url).searchParams;
        if (handler) return handler(params);
        if (params.get("before") === "118")
          return json(200, { entries: [entry(117, { summary: { note: "Imported 3 contacts" } })], nextCursor: null, actions: ACTIONS });
        return json(200, FIRST_PAGE);
      },
    });

  it("lists when, who, what, on which target, and the change as text", async () => {
    const { callsTo } = auditApi();
    renderAdmin("/admin/audit");
    const table = await screen.findByRole("table", { name: "Admin changes, newest first" });
    const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date("2026-03-03T18:30:00.000Z"));
    expect(rowsOf(table)).toEqual([
      ["When", "Admin", "Action", "Target", "Change"],
      [when, "admin@example.test", "Album edited", "album 12", "title: Old Title → New Title"],
      [when, "second@example.test", "Site settings changed", "settings", "sessionHours: 24 → 48"],
      [when, "admin@example.test", "Track deleted", "track spring-love", "title: Spring Love → (removed)"],
    ]);
    expect(queriesOf(callsTo("GET /api/admin/audit"))).toEqual([""]);
    expect(screen.getByText("3 entries shown")).toBeTruthy();
  });

  it("filters by action and by admin, and 'Load more' follows the cursor with the filters", async () => {
    const { callsTo } = auditApi();
    renderAdmin("/admin/audit");
    await screen.findByRole("table", { name: "Admin changes, newest first" });
    const action = screen.getByRole("combobox", { name: "Action" });
    const admin = screen.getByRole("combobox", { name: "Admin" });
    expect(
      within(action)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All actions", "Album edited", "Site settings changed", "Track deleted"]);
    expect(
      within(admin)
        .getAllByRole("option")
        .map((o) => [o.getAttribute("value"), o.textContent]),
    ).toEqual([
      ["", "All admins"],
      ["admin-1", "admin@example.test"],
      ["admin-2", "second@example.test"],
    ]);

    fireEvent.change(action, { target: { value: "album.update" } });
    await waitFor(() => expect(queriesOf(callsTo("GET /api/admin/audit")).at(-1)).toBe("action=album.update"));
    fireEvent.change(admin, { target: { value: "admin-2" } });
    await waitFor(() => expect(queriesOf(callsTo("GET /api/admin/audit")).at(-1)).toBe("action=album.update&actorId=admin-2"));
    // Both admins stay choosable under a filter.
    expect(within(admin).getAllByRole("option")).toHaveLength(3);

    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    await waitFor(() => expect(queriesOf(callsTo("GET /api/admin/audit")).at(-1)).toBe("action=album.update&actorId=admin-2&before=118"));
    expect(await screen.findByText("Imported 3 contacts")).toBeTruthy();
    expect(screen.getByText("4 entries shown")).toBeTruthy();
    // The last page: nothing more to load.
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows the empty states, with and without filters", async () => {
    auditApi((params) => json(200, { entries: [], nextCursor: null, actions: params.get("action") ? ["album.update"] : ["album.update"] }));
    renderAdmin("/admin/audit");
    expect(await screen.findByText("No admin changes yet")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Action" }), { target: { value: "album.update" } });
    expect(await screen.findByText("No entries match these filters")).toBeTruthy();
  });

  it("shows an error with 'Try again' when the log cannot be loaded", async () => {
    let fail = true;
    auditApi(() => (fail ? apiError(500, "internal", "boom") : json(200, FIRST_PAGE)));
    renderAdmin("/admin/audit");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Failed to load the audit logTry again");
    fail = false;
    await act(async () => fireEvent.click(within(alert).getByRole("button", { name: "Try again" })));
    expect(await screen.findByRole("table", { name: "Admin changes, newest first" })).toBeTruthy();
  });
});

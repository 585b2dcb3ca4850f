// /admin/live/:event against a fake API: the state with Go live and End (End only after its
// question), the settings' exact PUT body, the captions' upload (the file as the body, text/vtt)
// and delete, the Stream ingest details with the key hidden until asked, the viewers per minute
// as a table, a refusal's text.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as ControlRoomRoute } from "../../app/routes/admin/live.$eventId";
import type { LiveControlRoom, LiveShowSettings } from "../../worker/contracts/live";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser } from "./accounts-harness";

const EVENT = "7c1e0000-0000-4000-8000-0000000000a1";
const API = `/api/admin/live/${EVENT}`;

const settings = (extra: Partial<LiveShowSettings> = {}): LiveShowSettings => ({
  eventId: EVENT,
  access: "ticket",
  minTierId: null,
  replayHours: 48,
  replayKeepTierId: null,
  pinnedProductIds: [],
  provider: "local",
  state: "scheduled",
  startedAt: null,
  endedAt: null,
  roomId: "studio-session",
  ...extra,
});
const room = (extra: Partial<LiveControlRoom> = {}): LiveControlRoom => ({
  eventId: EVENT,
  title: "Studio session",
  show: settings(),
  state: "upcoming",
  local: true,
  ingest: null,
  viewers: 0,
  viewersSeries: [],
  roomId: "studio-session",
  captions: [],
  ...extra,
});
const LIVE = room({ state: "live", viewers: 2, show: settings({ state: "live", startedAt: "2026-11-27T20:00:00.000Z" }) });
const TIERS = {
  tiers: [
    { id: "vip", name: { en: "VIP", ptBR: "VIP" }, rank: 1, archived: false },
    { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, rank: 2, archived: false },
  ],
};
const PRODUCTS = {
  products: [
    { id: "p-shirt", title: "Tour shirt" },
    { id: "p-vinyl", title: "Vinyl bundle" },
  ],
};

function fakeServer(initial: LiveControlRoom, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser({ isAdmin: true }) }),
    [`GET ${API}`]: json(200, initial),
    "GET /api/admin/tier-choices": json(200, TIERS),
    "GET /api/admin/store/products": json(200, PRODUCTS),
    ...extra,
  });
}

function renderPage(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(ControlRoomRoute, "/admin/live/$eventId", root)]), `/admin/live/${EVENT}`, { locale });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/live/:event", () => {
  it("goes live from the local demo source, then ends the show only after its question", async () => {
    const ENDED = room({ state: "replay", show: settings({ state: "ended" }) });
    const { callsTo } = fakeServer(room(), { [`POST ${API}/start`]: json(200, LIVE), [`POST ${API}/end`]: json(200, ENDED) });
    renderPage();
    expect((await screen.findByTestId("live-admin-state")).textContent).toBe("Not started");
    expect(screen.getByTestId("live-local-source").textContent).toMatch(/^Local demo source/);
    fireEvent.click(screen.getByRole("button", { name: "Go live" }));
    await waitFor(() => expect(screen.getByTestId("live-admin-state").textContent).toBe("Live"));
    expect(callsTo(`POST ${API}/start`)).toHaveLength(1);
    expect(screen.getByTestId("live-admin-viewers").textContent).toBe("2 viewers now");

    fireEvent.click(screen.getByRole("button", { name: "End the show" }));
    let dialog = await screen.findByRole("dialog", { name: "End the show?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(`POST ${API}/end`)).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "End the show" }));
    dialog = await screen.findByRole("dialog", { name: "End the show?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "End the show" }));
    await waitFor(() => expect(screen.getByTestId("live-admin-state").textContent).toBe("Ended, replay open"));
    expect(callsTo(`POST ${API}/end`)).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Go live" })).toBeNull();
  });

  it("shows the Worker's refusal of a start", async () => {
    fakeServer(room(), { [`POST ${API}/start`]: apiError(409, "already_live", "This show has already started") });
    renderPage("pt-BR");
    fireEvent.click(await screen.findByRole("button", { name: "Entrar ao vivo" }));
    expect((await screen.findByRole("alert")).textContent).toBe("O show já está ao vivo.");
  });

  it("saves who may watch, the replay window, the keep tier and the pinned products as one body", async () => {
    const saved = room({
      show: settings({ access: "tier", minTierId: "inner-circle", replayHours: 24, replayKeepTierId: "vip", pinnedProductIds: ["p-vinyl"] }),
    });
    const { callsTo } = fakeServer(room(), { [`PUT ${API}`]: json(200, saved) });
    renderPage();
    fireEvent.change(await screen.findByLabelText("Access"), { target: { value: "tier" } });
    const tier = await screen.findByLabelText("Tier");
    await within(tier).findByRole("option", { name: "Inner Circle" });
    fireEvent.change(tier, { target: { value: "inner-circle" } });
    fireEvent.change(screen.getByLabelText("Replay window (hours, 0 for none)"), { target: { value: "24" } });
    fireEvent.change(screen.getByLabelText("After the window, keep the replay for"), { target: { value: "vip" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Vinyl bundle" }));
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(callsTo(`PUT ${API}`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT ${API}`)[0])).toEqual({
      access: "tier",
      minTierId: "inner-circle",
      replayHours: 24,
      replayKeepTierId: "vip",
      pinnedProductIds: ["p-vinyl"],
    });
    expect(await screen.findByText("Settings saved.")).toBeTruthy();
  });

  it("uploads a WebVTT file per language and deletes one", async () => {
    const withEn = room({ captions: [{ locale: "en", url: `/api/live/${EVENT}/captions/en.vtt` }] });
    const { callsTo } = fakeServer(room(), { [`PUT ${API}/captions/en`]: json(200, withEn), [`DELETE ${API}/captions/en`]: json(200, room()) });
    renderPage();
    const english = await screen.findByRole("form", { name: "Captions in English" });
    const file = new File(["WEBVTT\n\n00:00.000 --> 00:04.000\nHello\n"], "show.en.vtt", { type: "text/vtt" });
    fireEvent.change(within(english).getByLabelText("WebVTT file"), { target: { files: [file] } });
    fireEvent.click(within(english).getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(callsTo(`PUT ${API}/captions/en`)).toHaveLength(1));
    const [, init] = callsTo(`PUT ${API}/captions/en`)[0]!;
    expect(init?.body).toBe(file);
    expect((init?.headers as Record<string, string>)["content-type"]).toBe("text/vtt");
    expect(await within(english).findByRole("link", { name: "en.vtt" })).toBeTruthy();

    fireEvent.click(within(english).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/captions/en`)).toHaveLength(1));
    expect(await within(english).findByText("None yet")).toBeTruthy();
    expect(callsTo(`PUT ${API}/captions/pt-BR`)).toHaveLength(0);
  });

  it("shows Stream's ingest details with the key hidden until asked, the room's link and the viewers per minute", async () => {
    fakeServer(
      room({
        ...LIVE,
        local: false,
        show: settings({ provider: "stream", state: "live" }),
        ingest: { rtmpsUrl: "rtmps://live.cloudflare.com:443/live/", rtmpsKey: "secret-key-123", srtUrl: null },
        viewersSeries: [
          { minute: "2026-11-27T20:00:00.000Z", viewers: 3 },
          { minute: "2026-11-27T20:01:00.000Z", viewers: 5 },
        ],
      }),
    );
    renderPage();
    expect(await screen.findByText("rtmps://live.cloudflare.com:443/live/")).toBeTruthy();
    expect(screen.getByTestId("live-ingest-key").textContent).not.toContain("secret");
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(screen.getByTestId("live-ingest-key").textContent).toBe("secret-key-123");
    expect(screen.queryByTestId("live-local-source")).toBeNull();
    expect(screen.getByRole("link", { name: "Open the room to moderate" }).getAttribute("href")).toBe("/rooms/studio-session");
    const cells = screen.getAllByRole("row").map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent).join(","));
    expect(cells.filter(Boolean)).toEqual(["3", "5"]);
  });
});

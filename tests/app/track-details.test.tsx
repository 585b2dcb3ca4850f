// A track's lyrics and credits on its page (decision 112), against a fake API: credits by role in
// both languages, a release's VIP-only lyrics saying so to a member, plain lyrics with their line
// breaks, and synced lyrics marking the line being sung while the player plays that track.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TrackCreditsResponse, TrackLyricsResponse } from "../../worker/contracts/music/track-details";
import { Route as TrackRoute } from "../../app/routes/music/track/$trackId";
import { pageEngine } from "../../app/features/music/player/PlayerProvider";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { previewStartOf } from "../../app/features/music/player/previewStarts";
import { configRoute } from "./fixtures/config";
import { moonlightTrack } from "./fixtures/tracks";

const TRACK = moonlightTrack();
const PATH = `/api/music/tracks/${TRACK.id}`;

const CREDITS: TrackCreditsResponse = {
  credits: [
    { role: "performer", name: "Cia Rivera", detail: "vocals" },
    { role: "producer", name: "DJ Marcos", detail: null },
  ],
  isrc: "BRABC2400001",
  label: "Freestyle Lovers Records",
  recordedOn: "2024-05-31",
};
const SYNCED: TrackLyricsResponse = {
  access: "public",
  lyrics: [
    {
      locale: "en",
      synced: true,
      text: "[00:01.00]First line\n[00:04.00]Second line",
      lines: [
        { ms: 1000, text: "First line" },
        { ms: 4000, text: "Second line" },
      ],
    },
    { locale: "pt-BR", synced: false, text: "Primeira linha\nSegunda linha", lines: [] },
  ],
};

function render({
  me = null,
  lyrics = json(200, SYNCED),
  locale = "en",
  routes = {},
}: { me?: ReturnType<typeof sessionUser> | null; lyrics?: Response; locale?: "en" | "pt-BR"; routes?: ApiRoutes } = {}) {
  mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    [`GET ${PATH}`]: json(200, { track: TRACK }),
    [`GET ${PATH}/credits`]: json(200, CREDITS),
    [`GET ${PATH}/lyrics`]: lyrics,
    ...routes,
  });
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(TrackRoute, "/music/track/$trackId", root), stubRoute(root, "/vip-signup")]), `/music/track/${TRACK.id}`, {
    locale,
  });
}

const credits = async () => {
  const section = await screen.findByRole("region", { name: /Credits|Créditos/ });
  return [...section.querySelectorAll("dl > div")].map((row) => row.textContent);
};

afterEach(() => {
  pageEngine().setPreviewMode(false);
  pageEngine().reset();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("credits", () => {
  it("lists each credit by its role, then the label, the recording day and the ISRC", async () => {
    render();
    expect(await credits()).toEqual([
      "PerformerCia Rivera (vocals)",
      "ProducerDJ Marcos",
      "LabelFreestyle Lovers Records",
      "RecordedMay 31, 2024",
      "ISRCBRABC2400001",
    ]);
  });

  it("in Portuguese", async () => {
    render({ locale: "pt-BR" });
    expect(await credits()).toEqual([
      "IntérpreteCia Rivera (vocals)",
      "ProduçãoDJ Marcos",
      "GravadoraFreestyle Lovers Records",
      "Gravada em31 de maio de 2024",
      "ISRCBRABC2400001",
    ]);
  });
});

describe("a credit that names a member", () => {
  it("links to the member's profile (a released contest remix's remixers, decision 197)", async () => {
    const remixed: TrackCreditsResponse = { ...CREDITS, credits: [{ role: "remixer", name: "dj_ana", detail: null, memberId: "u-ana" }] };
    render({ routes: { [`GET ${PATH}/credits`]: json(200, remixed) } });
    const link = await screen.findByRole("link", { name: "dj_ana" });
    expect(link.getAttribute("href")).toBe("/social/profile/u-ana");
  });
});

describe("lyrics", () => {
  it("tells a member that a release's lyrics are for VIPs, with the way in", async () => {
    render({ me: sessionUser(), lyrics: apiError(403, "vip_required", "VIP Access Required") });
    const section = await screen.findByRole("region", { name: "Lyrics" });
    expect(within(section).getByText("The lyrics of this release are for VIP members.")).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
  });

  it("shows the page's language first and the other a button away, plain lyrics with their line breaks", async () => {
    render({ locale: "pt-BR" });
    const section = await screen.findByRole("region", { name: "Letra" });
    expect(section.querySelector(".track-lyrics-text")?.textContent).toBe("Primeira linha\nSegunda linha");
    fireEvent.click(within(section).getByRole("button", { name: "Show in English" }));
    expect(
      within(section)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["First line", "Second line"]);
  });

  it("marks the line being sung while this track plays, and none before the first", async () => {
    render({ me: sessionUser({ isVIP: true }) });
    const section = await screen.findByRole("region", { name: "Lyrics" });
    const current = () =>
      within(section)
        .queryAllByRole("listitem")
        .find((li) => li.getAttribute("aria-current") === "true")?.textContent ?? null;
    expect(current()).toBeNull();
    act(() => {
      pageEngine().playTrack(TRACK);
      pageEngine().seek(0.5);
    });
    expect(current()).toBeNull();
    act(() => pageEngine().seek(4.2));
    expect(current()).toBe("Second line");
    act(() => pageEngine().seek(1));
    expect(current()).toBe("First line");
  });

  it("while a preview plays, follows the song's time: the preview's start added", async () => {
    const lyrics: TrackLyricsResponse = {
      access: "public",
      lyrics: [
        {
          locale: "en",
          synced: true,
          text: "",
          lines: [
            { ms: 1000, text: "Intro" },
            { ms: 61_000, text: "Chorus" },
          ],
        },
      ],
    };
    render({
      lyrics: json(200, lyrics),
      routes: {
        [`POST ${PATH}/preview`]: json(200, { url: "/media/previews/p.mp3", expiresAt: "2999-01-01T00:00:00Z", startSeconds: 60, durationSeconds: 30 }),
        [`POST ${PATH}/preview-plays`]: json(200, { counted: true }),
      },
    });
    const section = await screen.findByRole("region", { name: "Lyrics" });
    const current = () =>
      within(section)
        .queryAllByRole("listitem")
        .find((li) => li.getAttribute("aria-current") === "true")?.textContent ?? null;
    // A visitor's player plays previews (the site's PlayerHost sets this from the session).
    act(() => {
      pageEngine().setPreviewMode(true);
      pageEngine().playTrack(TRACK);
    });
    await waitFor(() => expect(previewStartOf(TRACK.id)).toBe(60));
    act(() => pageEngine().seek(1.5));
    expect(current()).toBe("Chorus");
  });
});

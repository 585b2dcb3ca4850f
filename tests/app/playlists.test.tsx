// The playlists UI against a fake /api/playlists that keeps state like the Worker does: the hub's
// My Playlists grid (cards, preview, create, delete, play), Add to Playlist (choose, already-in,
// create-and-add, failure), the opened playlist (keyboard and drag reordering with announcements,
// rollback, saving when the page is left, remove, rename), the read-only view of a non-VIP member,
// and the pt-BR texts.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddToPlaylistButton } from "../../app/features/music/collections/AddToPlaylistDialog";
import { movedOrder } from "../../app/features/music/collections/PlaylistDetail";
import { PlaylistsGrid } from "../../app/features/music/collections/PlaylistsGrid";
import { PlayerEngine } from "../../app/features/music/player/engine";
import { PlayerProvider } from "../../app/features/music/player/PlayerProvider";
import type { Locale } from "../../app/i18n/locale";
import type { SessionUser } from "../../worker/contracts/auth";
import type { PlaylistView } from "../../worker/contracts/music/collections";
import { playlistNameKey } from "../../worker/contracts/music/collection-limits";
import type { TrackView } from "../../worker/contracts/music/music";
import { apiError, createTestRoot, json, mockApi, renderApp, sentJson, sessionUser, stubRoute } from "./accounts-harness";
import { FakeAudio, MemoryStorage, track } from "./player-fakes";
import { configRoute } from "./fixtures/config";

const TRACKS: TrackView[] = [
  track(1, { id: "neon-nights-1", title: "Neon Heartbeat" }),
  track(2, { id: "neon-nights-2", title: "Spring Love" }),
  track(3, { id: "neon-nights-3", title: "Satin Nights" }),
  track(4, { id: "neon-nights-4", title: "Boulevard" }),
  track(5, { id: "neon-nights-5", title: "Future Sounds", playable: false }),
];
const byId = new Map(TRACKS.map((t) => [t.id, t]));
const tracksOf = (...ns: number[]) => ns.map((n) => TRACKS[n - 1]!);

const ID = {
  summer: "11111111-aaaa-4aaa-8aaa-000000000001",
  road: "11111111-aaaa-4aaa-8aaa-000000000002",
  long: "11111111-aaaa-4aaa-8aaa-000000000003",
};
/** Ids the fake server hands to playlists it creates, in order. */
const NEW_IDS = ["22222222-bbbb-4bbb-8bbb-000000000001", "22222222-bbbb-4bbb-8bbb-000000000002"];

const playlist = (id: string, name: string, tracks: TrackView[]): PlaylistView => ({ id, name, createdAt: "2025-01-01T00:00:00.000Z", tracks });

type Override = Response | ((request: Request) => Response | Promise<Response>);

/** A stateful stand-in for the Worker's /api/playlists routes. */
class FakePlaylists {
  playlists: PlaylistView[];
  /** Names taken by playlists the client has not seen (made in another window). */
  takenElsewhere: string[] = [];
  /** One-shot answers for "METHOD /path", before the normal behaviour. */
  next = new Map<string, Override>();
  private newIds = [...NEW_IDS];

  constructor(playlists: PlaylistView[]) {
    this.playlists = structuredClone(playlists);
  }

  find(id: string) {
    return this.playlists.find((p) => p.id === id);
  }

  private ok(p: PlaylistView, status = 200) {
    return json(status, { playlist: p });
  }

  private nameError(name: string, exceptId?: string) {
    if (!name) return apiError(400, "playlist_name_required", "Playlist name is required");
    const key = playlistNameKey(name);
    const clash =
      this.takenElsewhere.some((n) => playlistNameKey(n) === key) || this.playlists.some((p) => p.id !== exceptId && playlistNameKey(p.name) === key);
    return clash ? apiError(409, "playlist_name_taken", "A playlist with this name already exists") : null;
  }

  routes() {
    const routes: Record<string, (request: Request) => Response | Promise<Response>> = {};
    const route = (key: string, handler: (request: Request) => Response | Promise<Response>) => {
      routes[key] = (request) => {
        const override = this.next.get(key);
        if (override) {
          this.next.delete(key);
          return typeof override === "function" ? override(request) : override;
        }
        return handler(request);
      };
    };
    route("GET /api/playlists", () => json(200, { playlists: this.playlists }));
    route("POST /api/playlists", async (request) => {
      const name = String(((await request.json()) as { name: string }).name).trim();
      const error = this.nameError(name);
      if (error) return error;
      const created = playlist(this.newIds.shift()!, name, []);
      this.playlists.push(created);
      return this.ok(created, 201);
    });
    for (const id of [...Object.values(ID), ...NEW_IDS]) {
      const base = `/api/playlists/${id}`;
      const missing = () => apiError(404, "playlist_not_found", "Playlist not found");
      route(`PATCH ${base}`, async (request) => {
        const p = this.find(id);
        if (!p) return missing();
        const name = String(((await request.json()) as { name: string }).name).trim();
        const error = this.nameError(name, id);
        if (error) return error;
        p.name = name;
        return this.ok(p);
      });
      route(`DELETE ${base}`, () => {
        if (!this.find(id)) return missing();
        this.playlists = this.playlists.filter((p) => p.id !== id);
        return json(204, null);
      });
      route(`POST ${base}/tracks`, async (request) => {
        const p = this.find(id);
        if (!p) return missing();
        const { trackId } = (await request.json()) as { trackId: string };
        if (p.tracks.some((t) => t.id === trackId)) return apiError(409, "track_in_playlist", "This track is already in the playlist");
        p.tracks.push(byId.get(trackId)!);
        return this.ok(p, 201);
      });
      route(`PUT ${base}/order`, async (request) => {
        const p = this.find(id);
        if (!p) return missing();
        const { trackIds } = (await request.json()) as { trackIds: string[] };
        const same =
          [...trackIds].sort().join() ===
          p.tracks
            .map((t) => t.id)
            .sort()
            .join();
        if (!same) return apiError(400, "not_a_permutation", "The new order must list every track of the playlist exactly once");
        p.tracks = trackIds.map((t) => byId.get(t)!);
        return this.ok(p);
      });
      for (const t of TRACKS) {
        route(`DELETE ${base}/tracks/${t.id}`, () => {
          const p = this.find(id);
          if (!p) return missing();
          p.tracks = p.tracks.filter((x) => x.id !== t.id);
          return this.ok(p);
        });
      }
    }
    return routes;
  }
}

const VIP = sessionUser({ isVIP: true });
const MEMBER = sessionUser();

function newEngine() {
  return new PlayerEngine({
    resolveSource: async (trackId) => ({ url: `/media/${trackId}`, expiresAt: "2999-01-01T00:00:00Z" }),
    recordPlay: async () => undefined,
    createAudio: () => new FakeAudio(),
    createAudioContext: null,
    mediaSession: null,
    storage: new MemoryStorage(),
    log: () => {},
  });
}

type Setup = { me?: SessionUser | null; playlists?: PlaylistView[]; locale?: Locale };

function setup({ me = VIP, playlists = [], locale = "en" }: Setup = {}) {
  const server = new FakePlaylists(playlists);
  const api = mockApi({ "GET /api/auth/me": json(200, { user: me }), ...configRoute(), ...server.routes() });
  const engine = newEngine();
  const root = createTestRoot();
  const page = createRoute({
    getParentRoute: () => root,
    path: "/",
    component: () => (
      <PlayerProvider engine={engine}>
        <PlaylistsGrid />
        <ul aria-label="Catalog">
          {TRACKS.slice(0, 4).map((t) => (
            <li key={t.id}>
              {t.title} <AddToPlaylistButton track={t} />
            </li>
          ))}
        </ul>
      </PlayerProvider>
    ),
  }) as unknown as AnyRoute;
  const view = renderApp(root.addChildren([page, stubRoute(root, "/vip-signup"), stubRoute(root, "/music/track/$trackId")]), "/", { locale });
  return { ...view, ...api, server, engine };
}

const grid = () => screen.getByRole("region", { name: /My Playlists|Minhas Playlists/ });
const dialog = (name: string | RegExp) => screen.getByRole("dialog", { name });
const card = (name: string) => within(grid()).getByRole("heading", { level: 3, name }).closest("li")!;
const titlesIn = (container: HTMLElement) =>
  within(container)
    .getAllByRole("listitem")
    .map((li) => li.querySelector(".playlist-track-title")?.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("My Playlists grid", () => {
  it("shows nothing to a visitor and never asks for playlists", async () => {
    const { callsTo, queryClient } = setup({ me: null });
    await screen.findByRole("list", { name: "Catalog" });
    await waitFor(() => expect(callsTo("GET /api/auth/me")).toHaveLength(1));
    // Settled: the session is known (a visitor) and nothing is loading. A grid that asked for
    // playlists would have done so by now, on the render that knew the visitor.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole("region", { name: "My Playlists" })).toBeNull();
    expect(callsTo("GET /api/playlists")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: /to a playlist/ })).toBeNull();
  });

  it("says 'No playlists created yet' when there are none", async () => {
    setup({ playlists: [] });
    expect(await screen.findByText("No playlists created yet")).toBeTruthy();
    expect(within(grid()).getByRole("button", { name: "Create Playlist" })).toBeTruthy();
  });

  it("says 'Failed to load playlists' when the list cannot be read, and retries", async () => {
    const { server } = setup({ playlists: [playlist(ID.summer, "Summer Mix", [])] });
    // A 4xx: shown at once (a 5xx is retried once first).
    server.next.set("GET /api/playlists", apiError(403, "forbidden", "Forbidden"));
    expect(await screen.findByText("Failed to load playlists")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 3, name: "Summer Mix" })).toBeTruthy();
  });

  it("previews the first 3 tracks of a card, then '+N more tracks'", async () => {
    setup({ playlists: [playlist(ID.long, "Long One", tracksOf(1, 2, 3, 4, 5)), playlist(ID.summer, "Summer Mix", tracksOf(1))] });
    const long = await waitFor(() => card("Long One"));
    expect(long.textContent).toContain("5 tracks");
    const preview = within(long).getByRole("list");
    expect(
      within(preview)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Neon Heartbeat", "Spring Love", "Satin Nights"]);
    expect(within(long).getByText("+2 more tracks")).toBeTruthy();
    const summer = card("Summer Mix");
    expect(summer.textContent).toContain("1 track");
    expect(summer.textContent).not.toContain("more track");
  });

  it("plays a card's playable tracks as the queue", async () => {
    const { engine } = setup({ playlists: [playlist(ID.long, "Long One", tracksOf(5, 2, 3))] });
    fireEvent.click(await screen.findByRole("button", { name: "Play the playlist Long One" }));
    await waitFor(() => expect(engine.getState().current?.id).toBe("neon-nights-2"));
    expect(engine.getState().queue.map((t) => t.id)).toEqual(["neon-nights-2", "neon-nights-3"]);
  });
});

describe("Create New Playlist", () => {
  it("keeps Create disabled for a blank name, shows the server's 409 in the dialog, and closes on success", async () => {
    const { server, callsTo } = setup({ playlists: [] });
    server.takenElsewhere = ["Road Trip"];
    fireEvent.click(await screen.findByRole("button", { name: "Create Playlist" }));
    const create = dialog("Create New Playlist");
    const name = within(create).getByLabelText("Playlist name");
    const submit = within(create).getByRole("button", { name: "Create" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(name, { target: { value: "   " } });
    expect(submit.disabled).toBe(true);
    fireEvent.submit(name.closest("form")!);
    expect(callsTo("POST /api/playlists")).toHaveLength(0);

    fireEvent.change(name, { target: { value: "road trip" } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await within(create).findByText("A playlist with this name already exists")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Create New Playlist" })).toBe(create);
    expect(name.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(name, { target: { value: "  Night Drive  " } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(callsTo("POST /api/playlists").at(-1) as never)).toEqual({ name: "Night Drive" });
    expect(card("Night Drive").textContent).toContain("0 tracks");
    expect(screen.queryByText("No playlists created yet")).toBeNull();
  });

  it("refuses a name already on screen, in any case, without asking the server", async () => {
    const { callsTo } = setup({ playlists: [playlist(ID.summer, "Summer Mix", [])] });
    fireEvent.click(await screen.findByRole("button", { name: "Create Playlist" }));
    const create = dialog("Create New Playlist");
    fireEvent.change(within(create).getByLabelText("Playlist name"), { target: { value: "SUMMER MIX" } });
    fireEvent.click(within(create).getByRole("button", { name: "Create" }));
    expect(await within(create).findByText("A playlist with this name already exists")).toBeTruthy();
    expect(callsTo("POST /api/playlists")).toHaveLength(0);
  });

  it("says 'Failed to create playlist' in the dialog when the server fails", async () => {
    const { server } = setup({ playlists: [] });
    server.next.set("POST /api/playlists", apiError(500, "internal", "Internal error"));
    fireEvent.click(await screen.findByRole("button", { name: "Create Playlist" }));
    const create = dialog("Create New Playlist");
    fireEvent.change(within(create).getByLabelText("Playlist name"), { target: { value: "Mix" } });
    fireEvent.click(within(create).getByRole("button", { name: "Create" }));
    expect((await within(create).findByRole("alert")).textContent).toBe("Failed to create playlist");
  });
});

describe("Delete Playlist", () => {
  it("asks for confirmation, says 'Deleting...' while busy, and removes the card", async () => {
    const { server, callsTo } = setup({ playlists: [playlist(ID.summer, "Summer Mix", tracksOf(1)), playlist(ID.road, "Road Trip", [])] });
    fireEvent.click(await screen.findByRole("button", { name: "Delete the playlist Summer Mix" }));
    let confirm = dialog("Delete Playlist");
    expect(confirm.textContent).toContain("Are you sure you want to delete this playlist? This action cannot be undone.");
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(callsTo(`DELETE /api/playlists/${ID.summer}`)).toHaveLength(0);

    let release!: () => void;
    server.next.set(
      `DELETE /api/playlists/${ID.summer}`,
      () =>
        new Promise<Response>((resolve) => {
          release = () => {
            server.playlists = server.playlists.filter((p) => p.id !== ID.summer);
            resolve(json(204, null));
          };
        }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete the playlist Summer Mix" }));
    confirm = dialog("Delete Playlist");
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(((await within(confirm).findByRole("button", { name: "Deleting..." })) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(within(grid()).queryByRole("heading", { level: 3, name: "Summer Mix" })).toBeNull();
    expect(card("Road Trip")).toBeTruthy();
  });
});

describe("Add to Playlist", () => {
  const lists = () => [playlist(ID.summer, "Summer Mix", tracksOf(1)), playlist(ID.road, "Road Trip", tracksOf(2))];

  it("shows a playlist already holding the track as such, and adds to another one", async () => {
    const { callsTo } = setup({ playlists: lists() });
    fireEvent.click(await screen.findByRole("button", { name: "Add Neon Heartbeat to a playlist" }));
    const add = dialog("Add to Playlist");
    const holding = (await within(add).findByRole("button", { name: /Summer Mix/ })) as HTMLButtonElement;
    expect(holding.disabled).toBe(true);
    expect(holding.textContent).toContain("Already in this playlist");
    const other = within(add).getByRole("button", { name: /Road Trip/ }) as HTMLButtonElement;
    expect(other.disabled).toBe(false);
    fireEvent.click(other);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(callsTo(`POST /api/playlists/${ID.road}/tracks`)[0] as never)).toEqual({ trackId: "neon-nights-1" });
    expect(card("Road Trip").textContent).toContain("2 tracks");
    expect(within(card("Road Trip")).getByText("Neon Heartbeat")).toBeTruthy();
  });

  it("creates a new playlist and adds the track in one go", async () => {
    const { callsTo } = setup({ playlists: lists() });
    fireEvent.click(await screen.findByRole("button", { name: "Add Satin Nights to a playlist" }));
    const add = dialog("Add to Playlist");
    const submit = within(add).getByRole("button", { name: "Create and add" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(add).getByLabelText("New playlist name"), { target: { value: "Late Night" } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(callsTo("POST /api/playlists")[0] as never)).toEqual({ name: "Late Night" });
    expect(sentJson(callsTo(`POST /api/playlists/${NEW_IDS[0]}/tracks`)[0] as never)).toEqual({ trackId: "neon-nights-3" });
    const created = card("Late Night");
    expect(created.textContent).toContain("1 track");
    expect(within(created).getByText("Satin Nights")).toBeTruthy();
  });

  it("says 'Failed to add track to playlist' and stays open when the add fails", async () => {
    const { server } = setup({ playlists: lists() });
    server.next.set(`POST /api/playlists/${ID.summer}/tracks`, apiError(500, "internal", "Internal error"));
    fireEvent.click(await screen.findByRole("button", { name: "Add Boulevard to a playlist" }));
    const add = dialog("Add to Playlist");
    fireEvent.click(await within(add).findByRole("button", { name: /Summer Mix/ }));
    expect((await within(add).findByRole("alert")).textContent).toBe("Failed to add track to playlist");
    expect(screen.getByRole("dialog", { name: "Add to Playlist" })).toBe(add);
    expect(card("Summer Mix").textContent).toContain("1 track");
  });
});

describe("the opened playlist", () => {
  const three = () => [playlist(ID.summer, "Summer Mix", tracksOf(1, 2, 3))];

  async function open(name = "Summer Mix") {
    fireEvent.click(await screen.findByRole("button", { name: `Open the playlist ${name}` }));
    const detail = dialog(name);
    return { detail, list: within(detail).getByRole("list", { name: "Tracks in this playlist" }) };
  }

  it("moves a track with Move up, sends the whole order, announces it and keeps focus on the control", async () => {
    const { callsTo } = setup({ playlists: three() });
    const { detail, list } = await open();
    expect(titlesIn(list)).toEqual(["Neon Heartbeat", "Spring Love", "Satin Nights"]);
    const up = within(list).getByRole("button", { name: "Move Satin Nights up" });
    up.focus();
    fireEvent.click(up);
    await waitFor(() => expect(titlesIn(list)).toEqual(["Neon Heartbeat", "Satin Nights", "Spring Love"]));
    expect(within(detail).getByRole("status").textContent).toBe("Moved Satin Nights to position 2 of 3");
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Move Satin Nights up" }));
    await waitFor(() => expect(callsTo(`PUT /api/playlists/${ID.summer}/order`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT /api/playlists/${ID.summer}/order`)[0] as never)).toEqual({
      trackIds: ["neon-nights-1", "neon-nights-3", "neon-nights-2"],
    });
    // The card behind shows the new order too.
    await waitFor(() =>
      expect(
        within(card("Summer Mix"))
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual(["Neon Heartbeat", "Satin Nights", "Spring Love"]),
    );
  });

  it("moves with Alt+ArrowDown on a focused track, and a move to the top keeps focus on the row", async () => {
    const { callsTo, server } = setup({ playlists: three() });
    const { detail, list } = await open();
    const play = within(list).getByRole("button", { name: "Play Neon Heartbeat" });
    play.focus();
    const event = fireEvent.keyDown(play, { key: "ArrowDown", altKey: true });
    expect(event).toBe(false); // handled: the page's Alt+Down (volume) leaves it alone
    await waitFor(() => expect(titlesIn(list)).toEqual(["Spring Love", "Neon Heartbeat", "Satin Nights"]));
    expect(within(detail).getByRole("status").textContent).toBe("Moved Neon Heartbeat to position 2 of 3");
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Play Neon Heartbeat" }));

    // Move up on the second row takes it to the top, where Move up is disabled: focus goes to Move down.
    fireEvent.click(within(list).getByRole("button", { name: "Move Neon Heartbeat up" }));
    await waitFor(() => expect(titlesIn(list)).toEqual(["Neon Heartbeat", "Spring Love", "Satin Nights"]));
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Move Neon Heartbeat down" }));
    await waitFor(() => expect(callsTo(`PUT /api/playlists/${ID.summer}/order`)).toHaveLength(2));
    await waitFor(() => expect(server.find(ID.summer)!.tracks.map((t) => t.id)).toEqual(["neon-nights-1", "neon-nights-2", "neon-nights-3"]));
  });

  it("puts the order back and says so when the server refuses the reorder", async () => {
    const { server, callsTo } = setup({ playlists: three() });
    let fail!: () => void;
    server.next.set(
      `PUT /api/playlists/${ID.summer}/order`,
      () => new Promise<Response>((resolve) => (fail = () => resolve(apiError(500, "internal", "Internal error")))),
    );
    const { detail, list } = await open();
    fireEvent.click(within(list).getByRole("button", { name: "Move Neon Heartbeat down" }));
    // Optimistic: the new order shows while the server is asked.
    await waitFor(() => expect(titlesIn(list)).toEqual(["Spring Love", "Neon Heartbeat", "Satin Nights"]));
    await waitFor(() => expect(fail).toBeTypeOf("function"));
    await act(async () => fail());
    expect(await within(detail).findByRole("alert")).toBeTruthy();
    expect(within(detail).getByRole("alert").textContent).toBe("Failed to save the new order. The playlist was put back as it was.");
    expect(titlesIn(list)).toEqual(["Neon Heartbeat", "Spring Love", "Satin Nights"]);
    expect(callsTo(`PUT /api/playlists/${ID.summer}/order`)).toHaveLength(1);
    expect(server.find(ID.summer)!.tracks.map((t) => t.id)).toEqual(["neon-nights-1", "neon-nights-2", "neon-nights-3"]);
  });

  it("sends quick moves one after the other, and after a failure sends no more and puts the order back", async () => {
    const { server, callsTo } = setup({ playlists: three() });
    let fail!: () => void;
    server.next.set(
      `PUT /api/playlists/${ID.summer}/order`,
      () => new Promise<Response>((resolve) => (fail = () => resolve(apiError(503, "unavailable", "Unavailable")))),
    );
    const { detail, list } = await open();
    fireEvent.click(within(list).getByRole("button", { name: "Move Neon Heartbeat down" }));
    fireEvent.click(within(list).getByRole("button", { name: "Move Neon Heartbeat down" }));
    await waitFor(() => expect(titlesIn(list)).toEqual(["Spring Love", "Satin Nights", "Neon Heartbeat"]));
    await waitFor(() => expect(fail).toBeTypeOf("function"));
    expect(callsTo(`PUT /api/playlists/${ID.summer}/order`)).toHaveLength(1); // the second waits for the first
    await act(async () => fail());
    await waitFor(() => expect(titlesIn(list)).toEqual(["Neon Heartbeat", "Spring Love", "Satin Nights"]));
    expect(within(detail).getByRole("alert").textContent).toBe("Failed to save the new order. The playlist was put back as it was.");
    expect(callsTo(`PUT /api/playlists/${ID.summer}/order`)).toHaveLength(1);
  });

  it("sends each order with keepalive, so a save under way outlives the page", async () => {
    const { callsTo } = setup({ playlists: three() });
    const { list } = await open();
    fireEvent.click(within(list).getByRole("button", { name: "Move Neon Heartbeat down" }));
    await waitFor(() => expect(callsTo(`PUT /api/playlists/${ID.summer}/order`)).toHaveLength(1));
    expect(callsTo(`PUT /api/playlists/${ID.summer}/order`)[0]![1]).toMatchObject({ method: "PUT", keepalive: true, credentials: "same-origin" });
  });

  it.each(["beforeunload", "pagehide"])("on %s, sends at once the latest order that still waits for the one before it, once", async (leave) => {
    const { server, callsTo } = setup({ playlists: three() });
    let answer!: () => void;
    server.next.set(`PUT /api/playlists/${ID.summer}/order`, async (request) => {
      const { trackIds } = (await request.json()) as { trackIds: string[] };
      await new Promise<void>((resolve) => (answer = resolve));
      server.find(ID.summer)!.tracks = trackIds.map((t) => TRACKS.find((x) => x.id === t)!);
      return json(200, { playlist: server.find(ID.summer) });
    });
    const { list } = await open();
    const puts = () => callsTo(`PUT /api/playlists/${ID.summer}/order`);
    fireEvent.click(within(list).getByRole("button", { name: "Move Neon Heartbeat down" }));
    fireEvent.click(within(list).getByRole("button", { name: "Move Neon Heartbeat down" }));
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    expect(puts()).toHaveLength(1); // the second move waits for the first one's answer

    window.dispatchEvent(new Event(leave));
    expect(puts()).toHaveLength(2);
    expect(sentJson(puts()[1] as never)).toEqual({ trackIds: ["neon-nights-2", "neon-nights-3", "neon-nights-1"] });
    expect(puts()[1]![1]).toMatchObject({ method: "PUT", keepalive: true });
    // Leaving fires both events: the order is not sent twice.
    window.dispatchEvent(new Event("beforeunload"));
    window.dispatchEvent(new Event("pagehide"));
    expect(puts()).toHaveLength(2);

    // The page stayed after all: the queue goes on, and the playlist ends in the latest order.
    await act(async () => answer());
    await waitFor(() => expect(server.find(ID.summer)!.tracks.map((t) => t.id)).toEqual(["neon-nights-2", "neon-nights-3", "neon-nights-1"]));
    expect(titlesIn(list)).toEqual(["Spring Love", "Satin Nights", "Neon Heartbeat"]);
  });

  it("sends nothing when the page is left with every order answered, or after a refused one", async () => {
    const { server, callsTo } = setup({ playlists: three() });
    const { detail, list } = await open();
    const puts = () => callsTo(`PUT /api/playlists/${ID.summer}/order`);
    fireEvent.click(within(list).getByRole("button", { name: "Move Neon Heartbeat down" }));
    await waitFor(() => expect(server.find(ID.summer)!.tracks.map((t) => t.id)).toEqual(["neon-nights-2", "neon-nights-1", "neon-nights-3"]));
    window.dispatchEvent(new Event("beforeunload"));
    window.dispatchEvent(new Event("pagehide"));
    expect(puts()).toHaveLength(1);

    server.next.set(`PUT /api/playlists/${ID.summer}/order`, apiError(503, "unavailable", "Unavailable"));
    fireEvent.click(within(list).getByRole("button", { name: "Move Neon Heartbeat down" }));
    expect(await within(detail).findByRole("alert")).toBeTruthy();
    window.dispatchEvent(new Event("pagehide"));
    expect(puts()).toHaveLength(2);
  });

  it("reloads the playlist when it changed meanwhile (409 playlist_changed)", async () => {
    const { server } = setup({ playlists: three() });
    server.next.set(`PUT /api/playlists/${ID.summer}/order`, () => {
      server.find(ID.summer)!.tracks.push(TRACKS[3]!); // added in another window
      return apiError(409, "playlist_changed", "The playlist changed; reload it and try again");
    });
    const { detail, list } = await open();
    fireEvent.click(within(list).getByRole("button", { name: "Move Satin Nights up" }));
    expect((await within(detail).findByRole("alert")).textContent).toBe("This playlist changed in another window. It has been reloaded; please try again.");
    await waitFor(() => expect(titlesIn(list)).toEqual(["Neon Heartbeat", "Spring Love", "Satin Nights", "Boulevard"]));
  });

  it("reorders by drag and drop", async () => {
    const { callsTo } = setup({ playlists: three() });
    const { list } = await open();
    const rows = within(list).getAllByRole("listitem");
    fireEvent.dragStart(rows[2]!);
    fireEvent.dragOver(rows[0]!);
    fireEvent.drop(rows[0]!);
    await waitFor(() => expect(titlesIn(list)).toEqual(["Satin Nights", "Neon Heartbeat", "Spring Love"]));
    expect(titlesIn(list)).toEqual(["Satin Nights", "Neon Heartbeat", "Spring Love"]);
    await waitFor(() => expect(callsTo(`PUT /api/playlists/${ID.summer}/order`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT /api/playlists/${ID.summer}/order`)[0] as never)).toEqual({
      trackIds: ["neon-nights-3", "neon-nights-1", "neon-nights-2"],
    });
  });

  it("removes a track and renames the playlist", async () => {
    const { callsTo } = setup({ playlists: [...three(), playlist(ID.road, "Road Trip", [])] });
    const { detail, list } = await open();
    fireEvent.click(within(list).getByRole("button", { name: "Remove Spring Love from the playlist" }));
    await waitFor(() => expect(titlesIn(list)).toEqual(["Neon Heartbeat", "Satin Nights"]));
    expect(callsTo(`DELETE /api/playlists/${ID.summer}/tracks/neon-nights-2`)).toHaveLength(1);
    expect(within(detail).getByRole("status").textContent).toBe("Removed Spring Love from the playlist");

    fireEvent.click(within(detail).getByRole("button", { name: "Rename the playlist Summer Mix" }));
    const field = within(detail).getByLabelText("Playlist name");
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: "road trip" } });
    fireEvent.click(within(detail).getByRole("button", { name: "Save" }));
    expect(await within(detail).findByText("A playlist with this name already exists")).toBeTruthy();
    fireEvent.change(field, { target: { value: "Summer Mix 2025" } });
    fireEvent.click(within(detail).getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("dialog", { name: "Summer Mix 2025" })).toBeTruthy();
    expect(sentJson(callsTo(`PATCH /api/playlists/${ID.summer}`)[0] as never)).toEqual({ name: "Summer Mix 2025" });
  });
});

describe("a member without VIP", () => {
  it("sees their playlists read-only with a VIP call to action, and no add buttons", async () => {
    setup({ me: MEMBER, playlists: [playlist(ID.summer, "Summer Mix", tracksOf(1, 2))] });
    const summer = await waitFor(() => card("Summer Mix"));
    expect(within(grid()).getByRole("link", { name: "Unlock playlists with VIP" }).getAttribute("href")).toBe("/vip-signup");
    expect(within(grid()).queryByRole("button", { name: "Create Playlist" })).toBeNull();
    expect(within(summer).queryByRole("button", { name: /Play the playlist/ })).toBeNull();
    expect(within(summer).queryByRole("button", { name: /Delete the playlist/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /to a playlist/ })).toBeNull();

    fireEvent.click(within(summer).getByRole("button", { name: "Open the playlist Summer Mix" }));
    const detail = dialog("Summer Mix");
    expect(within(detail).queryByRole("button", { name: /Move|Remove|Rename/ })).toBeNull();
    expect(within(detail).getAllByRole("button", { name: /^Play a 30-second preview of / })).toHaveLength(2);
  });
});

describe("in Brazilian Portuguese", () => {
  it("shows the grid, the dialogs and the preview in pt-BR", async () => {
    setup({ locale: "pt-BR", playlists: [playlist(ID.long, "Longa", tracksOf(1, 2, 3, 4))] });
    expect(await screen.findByRole("heading", { level: 2, name: "Minhas Playlists" })).toBeTruthy();
    expect(await within(grid()).findByText("+1 outra faixa")).toBeTruthy();
    expect(card("Longa").textContent).toContain("4 faixas");
    fireEvent.click(screen.getByRole("button", { name: "Criar Playlist" }));
    const create = dialog("Criar Nova Playlist");
    expect(within(create).getByLabelText("Nome da playlist")).toBeTruthy();
    expect(within(create).getByRole("button", { name: "Criar" })).toBeTruthy();
    fireEvent.click(within(create).getByRole("button", { name: "Cancelar" }));
    fireEvent.click(screen.getByRole("button", { name: "Excluir a playlist Longa" }));
    expect(dialog("Excluir Playlist").textContent).toContain("Tem certeza de que deseja excluir esta playlist? Esta ação não pode ser desfeita.");
    fireEvent.click(within(dialog("Excluir Playlist")).getByRole("button", { name: "Cancelar" }));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar Neon Heartbeat a uma playlist" }));
    expect(await within(dialog("Adicionar à Playlist")).findByText(/Já está nesta playlist/)).toBeTruthy();
  });

  it("says 'Nenhuma playlist criada ainda' when there are none", async () => {
    setup({ locale: "pt-BR", playlists: [] });
    expect(await screen.findByText("Nenhuma playlist criada ainda")).toBeTruthy();
  });
});

describe("movedOrder", () => {
  it("moves one id to a new index and ignores moves out of range", () => {
    expect(movedOrder(["a", "b", "c"], "c", 0)).toEqual(["c", "a", "b"]);
    expect(movedOrder(["a", "b", "c"], "a", 2)).toEqual(["b", "c", "a"]);
    expect(movedOrder(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(movedOrder(["a", "b", "c"], "x", 1)).toEqual(["a", "b", "c"]);
  });
});

// The header's search against a fake API, in both languages: `/` and Ctrl+K focus it (not while
// typing elsewhere), results as you type grouped by kind with their pictures, the ARIA combobox's
// keys (arrows, Enter, Escape), the empty state, and Enter with nothing chosen opening /search.
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { QueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { SiteSearch, useSearchShortcut } from "../../app/components/search/SiteSearch";
import type { SearchResponse } from "../../worker/contracts/search";
import { json, mockApi, renderApp, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const CORAZON: SearchResponse = {
  query: "cora",
  groups: [
    {
      kind: "tracks",
      relaxed: false,
      nextOffset: null,
      items: [
        {
          kind: "tracks",
          id: "rhythm-7",
          title: "Corazón Electric",
          subtitle: "Rhythm of the Promise",
          imageUrl: "/media/covers/rhythm.png",
          href: "/music/track/rhythm-7",
        },
        { kind: "tracks", id: "latin-7", title: "Ay, Mi Corazón Digital", subtitle: "Latin Heat Sessions", imageUrl: null, href: "/music/track/latin-7" },
      ],
    },
    {
      kind: "events",
      relaxed: false,
      nextOffset: null,
      items: [
        {
          kind: "events",
          id: "ev-1",
          title: "Coral Night",
          subtitle: "São Paulo, BR",
          imageUrl: null,
          href: "/events#event-ev-1",
          // 10 PM on the 27th in São Paulo is already the 28th in UTC: the row says the venue's day.
          date: "2027-04-28T01:00:00.000Z",
          timeZone: "America/Sao_Paulo",
        },
      ],
    },
  ],
};
const RELAXED: SearchResponse = { query: "coracao", groups: [{ ...CORAZON.groups[0]!, relaxed: true }] };

/** The header's part: it, not the field, answers the shortcuts (the field hydrates later). */
function HeaderBar() {
  const header = useRef<HTMLElement>(null);
  useSearchShortcut(header);
  return (
    <header ref={header}>
      <SiteSearch variant="bar" />
    </header>
  );
}

function setUp(locale: "en" | "pt-BR" = "en") {
  const asked: string[] = [];
  mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    ...configRoute(),
    "GET /api/search": (request: Request) => {
      const q = new URL(request.url).searchParams.get("q")!;
      asked.push(`${q}|${new URL(request.url).searchParams.get("lang")}`);
      if (q === "cora") return json(200, CORAZON);
      if (q === "coracao") return json(200, RELAXED);
      return json(200, { query: q, groups: [] });
    },
  });
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({
    component: () => (
      <>
        <HeaderBar />
        <input aria-label="Another field" />
        <Outlet />
      </>
    ),
  });
  const tree = root.addChildren([stubRoute(root, "/"), stubRoute(root, "/music/track/$trackId"), stubRoute(root, "/search"), stubRoute(root, "/events")]);
  const view = renderApp(tree, "/", { locale });
  return { ...view, asked };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = () => screen.getByRole("combobox");

describe("the header's search (en)", () => {
  it("is focused by / and by Ctrl+K, but not while typing in another field", async () => {
    setUp();
    const box = await screen.findByRole("combobox", { name: "Search the site" });
    fireEvent.keyDown(document.body, { key: "/" });
    expect(document.activeElement).toBe(box);
    box.blur();
    fireEvent.keyDown(document.body, { key: "k", ctrlKey: true });
    expect(document.activeElement).toBe(box);
    const other = screen.getByRole("textbox", { name: "Another field" });
    other.focus();
    fireEvent.keyDown(other, { key: "/" });
    fireEvent.keyDown(other, { key: "k", ctrlKey: true });
    expect(document.activeElement).toBe(other);
  });

  it("shows results as you type, grouped by kind with pictures, and opens one with the arrow keys and Enter", async () => {
    const { router, asked } = setUp();
    const box = await screen.findByRole("combobox");
    box.focus();
    fireEvent.change(box, { target: { value: "cora" } });
    const list = await screen.findByRole("listbox", { name: "Search results" });
    expect(box.getAttribute("aria-expanded")).toBe("true");
    const groups = await within(list).findAllByRole("group");
    expect(groups.map((g) => g.getAttribute("aria-labelledby") && document.getElementById(g.getAttribute("aria-labelledby")!)!.textContent)).toEqual([
      "Tracks",
      "Events",
    ]);
    const options = within(list).getAllByRole("option");
    const lines = (o: HTMLElement) => [...o.querySelectorAll(".search-row-title, .search-row-subtitle")].map((e) => e.textContent);
    expect(options.map(lines)).toEqual([
      ["Corazón Electric", "Rhythm of the Promise"],
      ["Ay, Mi Corazón Digital", "Latin Heat Sessions"],
      // The date and time its event card shows: at the venue, in its zone, named.
      ["Coral Night", "Tue, Apr 27, 2027 · 10:00 PM GMT-3 · São Paulo, BR"],
      [],
    ]);
    expect(options[3]!.textContent).toBe("See all results for “cora”");
    // A result without a picture shows its initial, hidden from screen readers.
    expect(options[1]!.querySelector("[aria-hidden=true]")!.textContent).toBe("A");
    expect(options[0]!.querySelector("img")!.getAttribute("src")).toBe("/media/covers/rhythm.png");
    // One request for the word typed, in the page's language (the pause before asking).
    expect(asked).toEqual(["cora|en"]);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-activedescendant")).toBe(options[1]!.id);
    expect(options[1]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowUp" });
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(box.getAttribute("aria-activedescendant")).toBeNull();
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(box.getAttribute("aria-activedescendant")).toBe(options[3]!.id);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/music/track/rhythm-7"));
    expect((field() as HTMLInputElement).value).toBe("");
  });

  it("says when nothing is found, and opens the results page on Enter with nothing chosen", async () => {
    const { router } = setUp();
    const box = await screen.findByRole("combobox");
    box.focus();
    fireEvent.change(box, { target: { value: "zzz" } });
    expect(await screen.findByText("No results for “zzz”")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("No results for “zzz”");
    fireEvent.submit(box.closest("form")!);
    await waitFor(() => expect(router.state.location.href).toBe("/search?q=zzz"));
  });

  it("closes the list on Escape, then empties the field", async () => {
    setUp();
    const box = await screen.findByRole("combobox");
    box.focus();
    fireEvent.change(box, { target: { value: "cora" } });
    await screen.findByRole("listbox");
    await screen.findAllByRole("option", { name: /Corazón/ });
    fireEvent.keyDown(box, { key: "Escape" });
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect((box as HTMLInputElement).value).toBe("cora");
    fireEvent.keyDown(box, { key: "Escape" });
    expect((box as HTMLInputElement).value).toBe("");
  });
});

describe("the header's search landmark", () => {
  it("is named, apart from the results page's own field (two search landmarks of one name confuse a screen reader's list)", async () => {
    setUp();
    expect((await screen.findByRole("search")).getAttribute("aria-label")).toBe("Search the site");
    cleanup();
    setUp("pt-BR");
    expect((await screen.findByRole("search")).getAttribute("aria-label")).toBe("Buscar no site");
  });
});

describe("the header's search (pt-BR)", () => {
  it("speaks Portuguese, asks in Portuguese and marks close matches", async () => {
    const { asked } = setUp("pt-BR");
    const box = await screen.findByRole("combobox", { name: "Buscar no site" });
    box.focus();
    fireEvent.change(box, { target: { value: "coracao" } });
    const list = await screen.findByRole("listbox", { name: "Resultados da busca" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(3));
    const heading = document.getElementById(within(list).getByRole("group").getAttribute("aria-labelledby")!)!;
    expect(heading.textContent).toBe("Músicas · Resultados aproximados");
    expect(within(list).getAllByRole("option")[2]!.textContent).toBe("Ver todos os resultados para “coracao”");
    expect(asked).toEqual(["coracao|pt-BR"]);
    fireEvent.change(box, { target: { value: "xyz" } });
    expect(await screen.findByText("Nenhum resultado para “xyz”")).toBeTruthy();
  });

  it("dates an event at its venue, in its zone, the Portuguese way", async () => {
    setUp("pt-BR");
    const box = await screen.findByRole("combobox", { name: "Buscar no site" });
    box.focus();
    fireEvent.change(box, { target: { value: "cora" } });
    const list = await screen.findByRole("listbox", { name: "Resultados da busca" });
    const event = await within(list).findByRole("option", { name: /Coral Night/ });
    expect(event.querySelector(".search-row-subtitle")!.textContent).toMatch(/^ter\., 27 de abr\. de 2027 · 22:00 (BRT|GMT-3) · São Paulo, BR$/);
  });
});

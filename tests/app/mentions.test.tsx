// @mentions in the feed: the composer's and comment box's @username autocomplete (a text box
// controlling a listbox over GET /api/profiles/mentions, picked with the keyboard or a click), @username links
// in post and comment text, and the profile route resolving /social/profile/@username to the id.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { splitText } from "../../app/components/PostContent";
import { insertMention, mentionAt } from "../../app/features/feed/mentions";
import type { Locale } from "../../app/i18n/locale";
import { Route as SocialRoute } from "../../app/routes/social/index";
import { Route as ProfileRoute } from "../../app/routes/social/profile/$userId";
import type { PostView } from "../../worker/contracts/feed";
import type { MentionSuggestion, ProfileView } from "../../worker/contracts/profiles";
import { json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute, createTestRoot, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const ME = sessionUser();
const RITA_ID = "22222222-2222-4222-8222-222222222222";
const MEMBERS: MentionSuggestion[] = [
  { username: "maria", avatarUrl: null },
  { username: "mari_dj", avatarUrl: "/uploads/avatars/x.png" },
  { username: "marta", avatarUrl: null },
];

function post(content: string): PostView {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    author: { id: RITA_ID, username: "dj_rita", avatarUrl: null, isVIP: false },
    visibility: "members",
    tiers: null,
    official: false,
    pinned: false,
    locked: false,
    content,
    image: null,
    createdAt: new Date().toISOString(),
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    canDelete: false,
  };
}

/** Not a real socket: the feed's live updates are not what these tests are about. */
class SilentWebSocket {
  static readonly OPEN = 1;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

function setup({ posts = [] as PostView[], extra = {} as ApiRoutes, locale = "en" as Locale, url = "/social" } = {}) {
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: ME }),
    ...configRoute(),
    "GET /api/posts": json(200, { posts, nextCursor: null }),
    "GET /api/profiles/mentions": (request) => {
      const q = new URL(request.url).searchParams.get("q")!.toLowerCase();
      return json(200, { members: MEMBERS.filter((m) => m.username.startsWith(q)) });
    },
    ...extra,
  });
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(SocialRoute, "/social/", root),
    mountFileRoute(ProfileRoute, "/social/profile/$userId", root),
    stubRoute(root, "/social/login"),
  ]);
  return { ...renderApp(tree, url, { locale }), ...api };
}

/** Types `text` into the box as one change, the caret at its end. */
function type(box: HTMLTextAreaElement, text: string) {
  fireEvent.change(box, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });
}

const key = (box: HTMLElement, name: string) => fireEvent.keyDown(box, { key: name });

beforeEach(() => vi.stubGlobal("WebSocket", SilentWebSocket));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("the @username autocomplete", () => {
  it("finds the @name at the caret and inserts the picked one with a space", () => {
    expect(mentionAt("hi @ma", 6)).toEqual({ start: 3, query: "ma" });
    expect(mentionAt("@ma", 3)).toEqual({ start: 0, query: "ma" });
    expect(mentionAt("hi @", 4)).toBeNull();
    expect(mentionAt("ana@example", 11)).toBeNull(); // an e-mail address asks for nothing
    expect(mentionAt("hi @mar yes", 6)).toBeNull(); // the caret inside the word
    expect(mentionAt("hi @ma yes", 6)).toEqual({ start: 3, query: "ma" });
    expect(insertMention("hi @ma", { start: 3, query: "ma" }, "maria")).toEqual({ text: "hi @maria ", caret: 10 });
    expect(insertMention("hi @ma yes", { start: 3, query: "ma" }, "maria")).toEqual({ text: "hi @maria yes", caret: 10 });
  });

  it("lists members under the composer after one debounced request; Down, Up, Enter pick; Escape closes", async () => {
    const { callsTo } = setup();
    const box = (await screen.findByRole("textbox", { name: "Share something with the community" })) as HTMLTextAreaElement;
    expect(box.hasAttribute("aria-activedescendant")).toBe(false);
    expect(box.getAttribute("aria-autocomplete")).toBe("list");

    type(box, "Hello @m");
    type(box, "Hello @ma");
    const list = await screen.findByRole("listbox", { name: "Suggestions" });
    expect(box.getAttribute("aria-controls")).toBe(list.id);
    // Typed faster than the debounce: one request, for the whole name so far.
    expect(callsTo("GET /api/profiles/mentions").map(([input]) => new URL(String(input), "http://x").searchParams.get("q"))).toEqual(["ma"]);
    expect(box.hasAttribute("aria-activedescendant")).toBe(true);
    const options = within(list).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["@maria", "@mari_dj", "@marta"]);
    expect(box.getAttribute("aria-activedescendant")).toBe(options[0]!.id);
    expect(options[0]!.getAttribute("aria-selected")).toBe("true");

    key(box, "ArrowDown");
    key(box, "ArrowDown");
    expect(box.getAttribute("aria-activedescendant")).toBe(options[2]!.id);
    key(box, "ArrowDown"); // wraps to the first
    expect(box.getAttribute("aria-activedescendant")).toBe(options[0]!.id);
    key(box, "ArrowUp"); // and back to the last
    key(box, "ArrowUp");
    expect(box.getAttribute("aria-activedescendant")).toBe(options[1]!.id);
    expect(options[1]!.getAttribute("aria-selected")).toBe("true");

    const enter = fireEvent.keyDown(box, { key: "Enter" });
    expect(enter).toBe(false); // no new line in the text
    expect(box.value).toBe("Hello @mari_dj ");
    expect(box.selectionStart).toBe("Hello @mari_dj ".length);
    expect(box.hasAttribute("aria-activedescendant")).toBe(false);
    expect(box.hasAttribute("aria-activedescendant")).toBe(false);

    // Escape closes the list without picking; the text stays as typed.
    type(box, "Hello @mari_dj and @mar");
    await waitFor(() => expect(box.hasAttribute("aria-activedescendant")).toBe(true));
    key(box, "Escape");
    expect(box.hasAttribute("aria-activedescendant")).toBe(false);
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box.value).toBe("Hello @mari_dj and @mar");
    // Enter now is an ordinary key again.
    expect(fireEvent.keyDown(box, { key: "Enter" })).toBe(true);
  });

  it("picks with Tab or a click in the comment box, and says when nobody matches", async () => {
    setup({
      posts: [{ ...post("A post"), commentCount: 0 }],
      extra: { "GET /api/posts/00000000-0000-4000-8000-000000000001/comments": json(200, { comments: [] }) },
    });
    const card = (await screen.findByText("A post", { selector: ".post-content" })).closest("article")!;
    fireEvent.click(within(card).getByRole("button", { name: /comments?/i }));
    const box = (await within(card).findByRole("textbox", { name: "Write a comment" })) as HTMLTextAreaElement;

    type(box, "@mart");
    await within(card).findByRole("option", { name: "@marta" });
    expect(fireEvent.keyDown(box, { key: "Tab" })).toBe(false);
    expect(box.value).toBe("@marta ");

    type(box, "@marta @mari");
    fireEvent.click(await within(card).findByRole("option", { name: "@mari_dj" }));
    expect(box.value).toBe("@marta @mari_dj ");

    type(box, "@zz");
    expect((await within(card).findByText("No members found")).getAttribute("role")).toBe("status");
    expect(box.hasAttribute("aria-activedescendant")).toBe(false);
    expect(fireEvent.keyDown(box, { key: "Tab" })).toBe(true); // nothing to pick: Tab moves on
  });

  it("speaks Brazilian Portuguese", async () => {
    setup({ locale: "pt-BR" });
    const box = (await screen.findByRole("textbox", { name: "Compartilhe algo com a comunidade" })) as HTMLTextAreaElement;
    type(box, "@ma");
    expect(await screen.findByRole("listbox", { name: "Sugestões" })).toBeTruthy();
    type(box, "@zz");
    expect((await screen.findByText("Nenhum membro encontrado")).getAttribute("role")).toBe("status");
  });
});

describe("@username in post text", () => {
  it("splits mentions out of the text, not out of e-mail addresses, web addresses or over-long names", () => {
    expect(splitText("hi @dj_rita! mail ana@example.com, see https://x.test/@bob and @" + "a".repeat(31))).toEqual([
      { kind: "text", text: "hi " },
      { kind: "mention", text: "@dj_rita", username: "dj_rita" },
      { kind: "text", text: "! mail ana@example.com, see " },
      { kind: "link", text: "https://x.test/@bob", href: "https://x.test/@bob" },
      { kind: "text", text: " and @" + "a".repeat(31) },
    ]);
    // A name running on in another script is nobody, as the server reads it: no link to "@jos".
    expect(splitText("oi @josé")).toEqual([{ kind: "text", text: "oi @josé" }]);
  });

  it("links @username to the member's profile, as text (markup stays inert)", async () => {
    setup({ posts: [post('Thanks @dj_rita and @<img src=x onerror="alert(1)">')] });
    const text = await screen.findByText(/Thanks/, { selector: ".post-content" });
    expect(text.textContent).toBe('Thanks @dj_rita and @<img src=x onerror="alert(1)">');
    expect(text.querySelector("img")).toBeNull();
    const links = within(text).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([["@dj_rita", "/social/profile/%40dj_rita"]]);
  });

  it("opens /social/profile/@username at the member's own address", async () => {
    const profile: ProfileView = {
      id: RITA_ID,
      username: "dj_rita",
      avatarUrl: null,
      bio: null,
      website: null,
      location: null,
      isVIP: false,
      isAdmin: false,
      createdAt: new Date().toISOString(),
    };
    const { router, callsTo } = setup({
      url: "/social/profile/@DJ_Rita",
      extra: {
        "GET /api/profiles/by-username/DJ_Rita": json(200, { profile }),
        [`GET /api/profiles/${RITA_ID}`]: json(200, { profile }),
        [`GET /api/profiles/${RITA_ID}/posts`]: json(200, { posts: [] }),
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/social/profile/${RITA_ID}`));
    expect(await screen.findByRole("heading", { name: "dj_rita" })).toBeTruthy();
    expect(callsTo(`GET /api/profiles/${RITA_ID}`)).toHaveLength(0); // the lookup's answer was kept
  });

  it("shows the not-found page for an @username nobody has", async () => {
    setup({ url: "/social/profile/@nobody" });
    expect(await screen.findByRole("heading", { name: /not found/i })).toBeTruthy();
  });
});

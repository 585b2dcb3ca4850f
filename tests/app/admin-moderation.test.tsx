// /admin/moderation in the real app against a fake API: reported posts and comments with their
// author, report count, reasons and reports; hide, dismiss, delete and ban (the last two after a
// confirmation) with their exact requests; the hidden view with 'Show again'; empty and failed
// states.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import { routeTree } from "../../app/routeTree.gen";
import type { SessionUser } from "../../worker/contracts/auth";
import type { ModerationItem } from "../../worker/contracts/moderation";
import { apiError, json, mockApi, type ApiRoutes } from "./accounts-harness";
import { seedConfig } from "./fixtures/config";

const ADMIN: SessionUser = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "admin@example.test",
  username: "site_admin",
  isAdmin: true,
  isVIP: false,
  avatarUrl: null,
};
const API = "/api/admin/moderation";
const POST_ID = "bbbbbbbb-0000-4000-8000-000000000001";
const COMMENT_ID = "cccccccc-0000-4000-8000-000000000001";

const author = (username: string) => ({ id: `${username}-id`, username, email: `${username}@example.com`, status: "active" as const });
const POST: ModerationItem = {
  kind: "post",
  id: POST_ID,
  content: "Buy followers now!!!",
  imageUrl: null,
  commentCount: 2,
  createdAt: "2026-03-01T12:00:00.000Z",
  hiddenAt: null,
  author: author("spammer"),
  reportCount: 3,
  reasons: [
    { reason: "spam", count: 2 },
    { reason: "other", count: 1 },
  ],
  reports: [
    { id: "r1", reason: "spam", details: "obvious bot", reporter: "fan_one", createdAt: "2026-03-02T12:00:00.000Z" },
    { id: "r2", reason: "other", details: null, reporter: "fan_two", createdAt: "2026-03-02T11:00:00.000Z" },
  ],
  lastReportedAt: "2026-03-02T12:00:00.000Z",
};
const COMMENT: ModerationItem = {
  kind: "comment",
  id: COMMENT_ID,
  postId: "dddddddd-0000-4000-8000-000000000001",
  postExcerpt: "Great show last night",
  content: "rude words",
  createdAt: "2026-03-01T13:00:00.000Z",
  hiddenAt: null,
  author: author("troll"),
  reportCount: 1,
  reasons: [{ reason: "harassment", count: 1 }],
  reports: [{ id: "r3", reason: "harassment", details: null, reporter: "fan_three", createdAt: "2026-03-01T14:00:00.000Z" }],
  lastReportedAt: "2026-03-01T14:00:00.000Z",
};

function renderAt(url = "/admin/moderation", locale: "en" | "pt-BR" = "en") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  queryClient.setQueryData(["me"], { user: ADMIN });
  seedConfig(queryClient);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }), context: { queryClient } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

function api(routes: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: ADMIN }),
    [`GET ${API}/reports`]: (request) =>
      json(200, {
        items:
          new URL(request.url).searchParams.get("view") === "hidden"
            ? [{ ...POST, hiddenAt: "2026-03-03T12:00:00.000Z", reportCount: 0, reasons: [], reports: [] }]
            : [POST, COMMENT],
      }),
    ...routes,
  });
}

const card = (text: RegExp) => screen.getByRole("heading", { level: 3, name: text }).closest("article")!;
const ok = () => json(200, { resolvedReports: 3, item: null });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/moderation", () => {
  it("lists reported posts and comments with the content, author, count, reasons and reports", async () => {
    api();
    renderAt();
    expect(await screen.findByRole("heading", { level: 1, name: "Moderation" })).toBeTruthy();
    const post = card(/^Post · By spammer/);
    expect(within(post).getByText("Buy followers now!!!")).toBeTruthy();
    expect(within(post).getByText("3 reports")).toBeTruthy();
    expect(
      within(within(post).getByRole("list", { name: "Reasons" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Spam (2)", "Other (1)"]);
    expect(
      within(within(post).getByRole("list", { name: "Reports" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["fan_one: Spam “obvious bot”", "fan_two: Other"]);
    const comment = card(/^Comment · By troll/);
    expect(within(comment).getByText(/On the post: Great show last night/)).toBeTruthy();
    expect(within(comment).getByText("1 report")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Moderation" }).getAttribute("aria-current")).toBe("page");
  });

  it("hides and dismisses with one request each", async () => {
    const server = api({ [`POST ${API}/posts/${POST_ID}/hide`]: ok, [`POST ${API}/comments/${COMMENT_ID}/dismiss`]: ok });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: /^Post/ });
    fireEvent.click(within(card(/^Post/)).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/posts/${POST_ID}/hide`)).toHaveLength(1));
    fireEvent.click(within(card(/^Comment/)).getByRole("button", { name: "Dismiss reports" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/comments/${COMMENT_ID}/dismiss`)).toHaveLength(1));
    expect(await screen.findByText("Done: 3 reports resolved.")).toBeTruthy();
  });

  it("deletes and bans only after confirming", async () => {
    const server = api({
      [`DELETE ${API}/posts/${POST_ID}`]: ok,
      [`POST ${API}/comments/${COMMENT_ID}/ban-author`]: () => json(200, { userId: "troll-id", status: "banned", resolvedReports: 1 }),
    });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: /^Post/ });
    fireEvent.click(within(card(/^Post/)).getByRole("button", { name: "Delete" }));
    let dialog = screen.getByRole("dialog", { name: "Delete Post" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.callsTo(`DELETE ${API}/posts/${POST_ID}`)).toHaveLength(0);
    fireEvent.click(within(card(/^Post/)).getByRole("button", { name: "Delete" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Delete Post" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo(`DELETE ${API}/posts/${POST_ID}`)).toHaveLength(1);

    fireEvent.click(within(card(/^Comment/)).getByRole("button", { name: "Ban author" }));
    dialog = screen.getByRole("dialog", { name: "Ban Author" });
    expect(within(dialog).getByText(/^Ban troll\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Ban author" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/comments/${COMMENT_ID}/ban-author`)).toHaveLength(1));
  });

  it("shows a refused action in the dialog", async () => {
    api({ [`POST ${API}/posts/${POST_ID}/ban-author`]: () => apiError(409, "self_ban", "You cannot ban yourself") });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: /^Post/ });
    fireEvent.click(within(card(/^Post/)).getByRole("button", { name: "Ban author" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Ban author" }));
    expect(await within(screen.getByRole("dialog")).findByText("The action failed. Please try again.")).toBeTruthy();
  });

  it("lists hidden items with 'Show again'", async () => {
    const server = api({ [`POST ${API}/posts/${POST_ID}/unhide`]: ok });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: /^Post/ });
    fireEvent.click(screen.getByRole("button", { name: "Hidden" }));
    await waitFor(() => expect(within(card(/^Post/)).getByText("Hidden")).toBeTruthy());
    expect(within(card(/^Post/)).queryByRole("button", { name: "Dismiss reports" })).toBeNull();
    fireEvent.click(within(card(/^Post/)).getByRole("button", { name: "Show again" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/posts/${POST_ID}/unhide`)).toHaveLength(1));
  });

  it("says so when nothing is reported, and when the queue fails to load", async () => {
    api({ [`GET ${API}/reports`]: () => json(200, { items: [] }) });
    renderAt();
    expect(await screen.findByText("No open reports")).toBeTruthy();
    cleanup();
    api({ [`GET ${API}/reports`]: () => apiError(500, "internal", "Down") });
    renderAt();
    expect(await screen.findByText("Failed to load reports")).toBeTruthy();
  });
});

describe("/admin/moderation: community room messages", () => {
  const ROOM_MESSAGE: ModerationItem = {
    kind: "room_message",
    id: "vip-lounge:42",
    roomId: "vip-lounge",
    roomName: { en: "VIP Lounge", ptBR: "Lounge VIP" },
    seq: 42,
    content: "awful words in the lounge",
    createdAt: "2026-03-01T15:00:00.000Z",
    hiddenAt: null,
    author: author("loud_fan"),
    reportCount: 2,
    reasons: [{ reason: "hate", count: 2 }],
    reports: [{ id: "r9", reason: "hate", details: null, reporter: "fan_four", createdAt: "2026-03-01T16:00:00.000Z" }],
    lastReportedAt: "2026-03-01T16:00:00.000Z",
  };

  it("shows the message's room, text and author, and offers only Hide and Dismiss, each one request to the room's message", async () => {
    const server = api({
      [`GET ${API}/reports`]: json(200, { items: [ROOM_MESSAGE] }),
      [`POST ${API}/room-messages/vip-lounge/42/hide`]: ok,
      [`POST ${API}/room-messages/vip-lounge/42/dismiss`]: ok,
    });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: /^Room message · By loud_fan/ });
    const item = card(/^Room message/);
    expect(within(item).getByText("awful words in the lounge")).toBeTruthy();
    expect(within(item).getByText(/In the room VIP Lounge/)).toBeTruthy();
    expect(within(item).getByText("2 reports")).toBeTruthy();
    expect(
      within(item)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Hide", "Dismiss reports"]);
    fireEvent.click(within(item).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/room-messages/vip-lounge/42/hide`)).toHaveLength(1));
    fireEvent.click(within(card(/^Room message/)).getByRole("button", { name: "Dismiss reports" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/room-messages/vip-lounge/42/dismiss`)).toHaveLength(1));
  });

  it.each([
    ["en", "Hidden in its room for good: a room message cannot be shown again."],
    ["pt-BR", "Oculta na sala para sempre: uma mensagem de sala não pode ser mostrada de novo."],
  ] as const)("lists a hidden room message in the hidden view, without a way to show it again (%s)", async (locale, note) => {
    api({
      [`GET ${API}/reports`]: json(200, { items: [{ ...ROOM_MESSAGE, hiddenAt: "2026-03-02T10:00:00.000Z", reportCount: 0, reasons: [], reports: [] }] }),
    });
    renderAt("/admin/moderation", locale);
    const heading = await screen.findByRole("heading", { level: 3, name: locale === "en" ? /^Room message · By loud_fan/ : /loud_fan/ });
    const item = heading.closest("article")!;
    expect(within(item).getByText("awful words in the lounge")).toBeTruthy();
    expect(within(item).getByText(note)).toBeTruthy();
    expect(within(item).queryAllByRole("button")).toEqual([]);
  });
});

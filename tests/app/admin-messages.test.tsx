// /admin/messages in the real app (its layout and routes) against a fake API: the cards with their
// badges, labels and replies ('Admin Reply' with the sent time, or 'Not sent'); the search and the
// two filters as query parameters; mark read / unread and high priority with their exact bodies;
// the 'Delete Message' dialog; the reply box (4 rows, disabled while blank, trimmed, 'Sending...',
// the server's reason or the spec's fallback on failure); the empty and failed states.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { routeTree } from "../../app/routeTree.gen";
import type { AdminMessageView, AdminMessagesResponse } from "../../worker/contracts/admin/messages";
import type { SessionUser } from "../../worker/contracts/auth";
import { apiError, json, mockApi, sentJson, type ApiRoutes } from "./accounts-harness";
import { seedConfig } from "./fixtures/config";

const ADMIN: SessionUser = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "admin@example.test",
  username: "site_admin",
  isAdmin: true,
  isVIP: false,
  avatarUrl: null,
};
const API = "/api/admin/messages";
const ID_1 = "aaaaaaaa-0000-4000-8000-000000000001";
const ID_2 = "aaaaaaaa-0000-4000-8000-000000000002";

const message = (overrides: Partial<AdminMessageView>): AdminMessageView => ({
  id: ID_1,
  name: "Ana Souza",
  email: "ana@example.com",
  subject: "Tour dates?",
  message: "When do you come\nto Lisbon?",
  status: "unread",
  priority: "normal",
  labels: [],
  createdAt: "2026-03-01T12:00:00.000Z",
  replies: [],
  ...overrides,
});

const MESSAGES = [
  message({ labels: ["booking", "press"] }),
  message({
    id: ID_2,
    name: "Bo",
    email: "bo@example.com",
    subject: "Thanks",
    message: "Great show",
    status: "replied",
    priority: "high",
    replies: [
      { id: "r1", content: "Thank you!", sentAt: "2026-03-02T10:00:00.000Z", createdAt: "2026-03-02T10:00:00.000Z" },
      { id: "r2", content: "One more thing", sentAt: null, createdAt: "2026-03-02T11:00:00.000Z" },
    ],
  }),
];

const page = (messages: AdminMessageView[]): AdminMessagesResponse => ({ messages, total: messages.length, page: 1, pageSize: 50 });

function renderAt(url = "/admin/messages", { locale = "en" as Locale } = {}) {
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
  return mockApi({ "GET /api/auth/me": json(200, { user: ADMIN }), [`GET ${API}`]: () => json(200, page(MESSAGES)), ...routes });
}

const card = (subject: string) => screen.getByRole("heading", { level: 3, name: subject }).closest("article")!;
const queriesTo = (server: ReturnType<typeof mockApi>) =>
  server.callsTo(`GET ${API}`).map(([input]) => new URL(String(input), "http://localhost").searchParams.toString());

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/messages: the list", () => {
  it("shows each message as a card: subject, status and priority badges, sender, date, labels, body and replies", async () => {
    api();
    renderAt();
    expect(await screen.findByRole("heading", { level: 1, name: "Messages" })).toBeTruthy();
    const first = card("Tour dates?");
    expect(within(first).getByText("Unread")).toBeTruthy();
    expect(within(first).getByText("Normal")).toBeTruthy();
    expect(within(first).getByText(/From Ana Souza \(ana@example.com\)/)).toBeTruthy();
    expect(
      within(within(first).getByRole("list", { name: "Labels" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["booking", "press"]);
    expect(within(first).getByText("When do you come to Lisbon?", { normalizer: (t) => t.replace(/\s+/g, " ") })).toBeTruthy();
    expect(within(first).queryByRole("list", { name: "Replies" })).toBeNull();
    expect(within(first).getByRole("button", { name: "Mark as Read" })).toBeTruthy();

    const second = card("Thanks");
    expect(within(second).getByText("Replied")).toBeTruthy();
    expect(within(second).getByText("High")).toBeTruthy();
    const replies = within(within(second).getByRole("list", { name: "Replies" })).getAllByRole("listitem");
    expect(replies).toHaveLength(2);
    expect(within(replies[0]!).getByText("Admin Reply")).toBeTruthy();
    expect(within(replies[0]!).getByText(/^Sent /)).toBeTruthy();
    expect(within(replies[1]!).getByText("Not sent")).toBeTruthy();
    expect(within(second).getByRole("button", { name: "Mark as Unread" })).toBeTruthy();
    expect((within(second).getByRole("button", { name: "High priority" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("searches after typing pauses and filters by status and priority, as query parameters", async () => {
    const server = api();
    renderAt();
    await screen.findByRole("heading", { level: 3, name: "Tour dates?" });
    expect(queriesTo(server).at(-1)).toBe("status=all&priority=all&page=1");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), { target: { value: "  lisbon " } });
    expect((screen.getByRole("searchbox") as HTMLInputElement).placeholder).toBe("Search messages...");
    await waitFor(() => expect(queriesTo(server).at(-1)).toBe("status=all&priority=all&page=1&search=lisbon"));
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "unread" } });
    await waitFor(() => expect(queriesTo(server).at(-1)).toBe("status=unread&priority=all&page=1&search=lisbon"));
    fireEvent.change(screen.getByRole("combobox", { name: "Priority" }), { target: { value: "high" } });
    await waitFor(() => expect(queriesTo(server).at(-1)).toBe("status=unread&priority=high&page=1&search=lisbon"));
    const options = (name: string) =>
      within(screen.getByRole("combobox", { name }))
        .getAllByRole("option")
        .map((o) => o.textContent);
    expect(options("Status")).toEqual(["All Status", "Unread", "Read", "Replied"]);
    expect(options("Priority")).toEqual(["All Priorities", "High", "Normal", "Low"]);
  });

  it("says 'No messages found' for an empty list and 'Failed to load messages' (with a retry) when the list fails", async () => {
    api({ [`GET ${API}`]: () => json(200, page([])) });
    renderAt();
    expect(await screen.findByText("No messages found")).toBeTruthy();
    cleanup();
    let fail = true;
    api({ [`GET ${API}`]: () => (fail ? apiError(500, "internal", "Down") : json(200, page(MESSAGES))) });
    renderAt();
    expect(await screen.findByText("Failed to load messages")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 3, name: "Tour dates?" })).toBeTruthy();
  });
});

describe("/admin/messages: actions", () => {
  it("marks read and unread, and sets high priority, with exact PATCH bodies, then reloads the list", async () => {
    const server = api({
      [`PATCH ${API}/${ID_1}`]: () => json(200, { message: MESSAGES[0] }),
      [`PATCH ${API}/${ID_2}`]: () => json(200, { message: MESSAGES[1] }),
    });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: "Tour dates?" });
    const loads = server.callsTo(`GET ${API}`).length;
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Mark as Read" }));
    await waitFor(() => expect(server.callsTo(`PATCH ${API}/${ID_1}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PATCH ${API}/${ID_1}`)[0])).toEqual({ status: "read" });
    await waitFor(() => expect(server.callsTo(`GET ${API}`).length).toBeGreaterThan(loads));

    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Set High Priority" }));
    await waitFor(() => expect(server.callsTo(`PATCH ${API}/${ID_1}`)).toHaveLength(2));
    expect(sentJson(server.callsTo(`PATCH ${API}/${ID_1}`)[1])).toEqual({ priority: "high" });

    fireEvent.click(within(card("Thanks")).getByRole("button", { name: "Mark as Unread" }));
    await waitFor(() => expect(sentJson(server.callsTo(`PATCH ${API}/${ID_2}`)[0])).toEqual({ status: "unread" }));
  });

  it("edits labels as a comma-separated line", async () => {
    const server = api({ [`PATCH ${API}/${ID_1}`]: () => json(200, { message: MESSAGES[0] }) });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: "Tour dates?" });
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Edit labels" }));
    const field = within(card("Tour dates?")).getByRole("textbox", { name: "Labels" }) as HTMLInputElement;
    expect(field.value).toBe("booking, press");
    fireEvent.change(field, { target: { value: "booking, , vip " } });
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Save labels" }));
    await waitFor(() => expect(sentJson(server.callsTo(`PATCH ${API}/${ID_1}`)[0])).toEqual({ labels: ["booking", "vip"] }));
    await waitFor(() => expect(within(card("Tour dates?")).queryByRole("textbox", { name: "Labels" })).toBeNull());
  });

  it("says 'Failed to update message' when a change is refused", async () => {
    api({ [`PATCH ${API}/${ID_1}`]: () => apiError(500, "internal", "Down") });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: "Tour dates?" });
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Mark as Read" }));
    expect(await screen.findByText("Failed to update message")).toBeTruthy();
  });

  it("deletes after the 'Delete Message' dialog; Cancel closes it without deleting", async () => {
    const server = api({ [`DELETE ${API}/${ID_1}`]: () => new Response(null, { status: 204 }) });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: "Tour dates?" });
    const open = () => fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Delete message: Tour dates?" }));
    open();
    let dialog = screen.getByRole("dialog", { name: "Delete Message" });
    expect(within(dialog).getByText("Are you sure you want to delete this message? This action cannot be undone.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.callsTo(`DELETE ${API}/${ID_1}`)).toHaveLength(0);

    open();
    dialog = screen.getByRole("dialog", { name: "Delete Message" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo(`DELETE ${API}/${ID_1}`)).toHaveLength(1);
  });

  it("keeps the dialog open with 'Failed to delete message' when the delete fails", async () => {
    api({ [`DELETE ${API}/${ID_1}`]: () => apiError(500, "internal", "Down") });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: "Tour dates?" });
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Delete message: Tour dates?" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await within(screen.getByRole("dialog")).findByText("Failed to delete message")).toBeTruthy();
  });
});

describe("/admin/messages: replying", () => {
  it("opens a 4-row box, sends the trimmed text ('Sending...' meanwhile), then clears and closes it", async () => {
    let answer: (res: Response) => void = () => {};
    const server = api({ [`POST ${API}/${ID_1}/replies`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: "Tour dates?" });
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Reply" }));
    const box = within(card("Tour dates?")).getByRole("textbox", { name: "Your reply" }) as HTMLTextAreaElement;
    expect([box.getAttribute("rows"), box.placeholder]).toEqual(["4", "Write your reply..."]);
    expect(document.activeElement).toBe(box);
    const send = within(card("Tour dates?")).getByRole("button", { name: "Send Reply" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: "   \n " } });
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: "  Next spring!\n  " } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(await within(card("Tour dates?")).findByRole("button", { name: "Sending..." })).toBeTruthy();
    expect(sentJson(server.callsTo(`POST ${API}/${ID_1}/replies`)[0])).toEqual({ content: "Next spring!" });
    await act(async () => answer(json(201, { message: { ...MESSAGES[0], status: "replied" } })));
    await waitFor(() => expect(within(card("Tour dates?")).queryByRole("textbox", { name: "Your reply" })).toBeNull());
  });

  it("shows the server's reason when the mail was not sent, and keeps the text", async () => {
    api({ [`POST ${API}/${ID_1}/replies`]: () => apiError(502, "reply_not_sent", "The mail provider refused the reply (HTTP 403). It is saved as not sent.") });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: "Tour dates?" });
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Reply" }));
    fireEvent.change(within(card("Tour dates?")).getByRole("textbox", { name: "Your reply" }), { target: { value: "Hello" } });
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Send Reply" }));
    expect(await within(card("Tour dates?")).findByText("The mail provider refused the reply (HTTP 403). It is saved as not sent.")).toBeTruthy();
    expect((within(card("Tour dates?")).getByRole("textbox", { name: "Your reply" }) as HTMLTextAreaElement).value).toBe("Hello");
  });

  it("falls back to 'Failed to send reply. Please try again.' without a server reason", async () => {
    api({ [`POST ${API}/${ID_1}/replies`]: () => new Response("Bad gateway", { status: 502 }) });
    renderAt();
    await screen.findByRole("heading", { level: 3, name: "Tour dates?" });
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Reply" }));
    fireEvent.change(within(card("Tour dates?")).getByRole("textbox", { name: "Your reply" }), { target: { value: "Hello" } });
    fireEvent.click(within(card("Tour dates?")).getByRole("button", { name: "Send Reply" }));
    expect(await within(card("Tour dates?")).findByText("Failed to send reply. Please try again.")).toBeTruthy();
  });
});

describe("/admin/messages in Portuguese", () => {
  it("shows the page's texts in pt-BR and a Moderation link in the sidebar", async () => {
    api();
    renderAt("/admin/messages", { locale: "pt-BR" });
    const first = (await screen.findByRole("heading", { level: 3, name: "Tour dates?" })).closest("article")!;
    expect(within(first).getByRole("button", { name: "Marcar como lida" })).toBeTruthy();
    expect(within(first).getByText("Não lida")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Moderação" }).getAttribute("href")).toBe("/admin/moderation");
  });
});

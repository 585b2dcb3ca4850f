// The dev mailbox shows a campaign mail's List-Unsubscribe header and offers attachments (a
// reminder's .ics) as downloads, in both languages.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as MailboxRoute } from "../../app/routes/dev/mailbox";
import type { MailboxMessage } from "../../worker/contracts/auth";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, stubRoute } from "./accounts-harness";

const root = createTestRoot();
const routeTree = root.addChildren([mountFileRoute(MailboxRoute, "/dev/mailbox", root), stubRoute(root, "/")]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ICS = btoa("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
const messages: MailboxMessage[] = [
  {
    id: "m1",
    to: "fan@example.com",
    subject: "November news",
    text: "Hello",
    html: null,
    createdAt: "2026-11-23T10:00:00.000Z",
    links: [],
    headers: { "list-unsubscribe": "<https://fans.test/api/newsletter/unsubscribe?t=abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    attachments: [{ filename: "event.ics", contentType: "text/calendar", content: ICS }],
  },
  { id: "m2", to: "fan@example.com", subject: "Plain", text: "x", html: null, createdAt: "2026-11-22T10:00:00.000Z", links: [], headers: {}, attachments: [] },
];

describe("dev mailbox: headers and attachments", () => {
  it.each([
    ["en", "Unsubscribe header (List-Unsubscribe)", "Attachments", "Download event.ics"],
    ["pt-BR", "Cabeçalho de cancelamento (List-Unsubscribe)", "Anexos", "Baixar event.ics"],
  ] as const)("in %s", async (locale, headerLabel, attachmentsHeading, downloadName) => {
    mockApi({ "GET /api/dev/mailbox": json(200, { messages }) });
    renderApp(routeTree, "/dev/mailbox", { locale });
    const article = await screen.findByRole("article", { name: "November news" });
    const term = within(article).getByText(headerLabel);
    expect(term.tagName).toBe("DT");
    expect(term.nextElementSibling?.textContent).toBe("<https://fans.test/api/newsletter/unsubscribe?t=abc>");
    expect(within(article).getByRole("heading", { name: attachmentsHeading })).toBeTruthy();
    const link = within(article).getByRole("link", { name: downloadName });
    expect(link.getAttribute("href")).toBe(`data:text/calendar;base64,${ICS}`);
    expect(link.getAttribute("download")).toBe("event.ics");

    const plain = screen.getByRole("article", { name: "Plain" });
    expect(within(plain).queryByText(headerLabel)).toBeNull();
    expect(within(plain).queryByRole("heading", { name: attachmentsHeading })).toBeNull();
  });
});

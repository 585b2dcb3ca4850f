// /admin/tickets against a fake API: the list with its Total Value (two decimals, per currency);
// the search, status and time filters sent as the API's query with the admin's time zone; the
// Export CSV link carrying the same filters; a ticket's details on its row's button; the import
// flow (choose a file → the suggested mapping and first rows → Import → imported, skipped and
// refused rows by row number), a file sent in pieces with their first rows, and its errors; the
// loading, empty and failed states; the page in Portuguese. The CSV pieces are checked on their own too.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as TicketsRoute } from "../../app/routes/admin/tickets";
import { cutIntoPieces, splitRows } from "../../app/features/admin/lib/csv-pieces";
import type {
  ImportBody,
  ImportPreviewResponse,
  ImportResponse,
  TicketDetailResponse,
  TicketsListResponse,
  TicketView,
} from "../../worker/contracts/tickets/admin";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp } from "./accounts-harness";

const API = "/api/admin/tickets";
const TIME_ZONE = "America/Sao_Paulo";

const ticket = (id: string, orderId: string, extra: Partial<TicketView> = {}): TicketView => ({
  id,
  source: "imported",
  ticketStatus: null,
  storeOrderId: null,
  typeName: null,
  holderName: null,
  code: null,
  checkedInAt: null,
  orderId,
  eventId: "ev-ny",
  eventTitle: "Freestyle Forever — New York",
  eventTitlePtBr: null,
  customerEmail: `${id}@example.com`,
  customerName: null,
  status: "confirmed",
  price: 45.5,
  currency: "USD",
  createdAt: "2026-11-20T18:30:00.000Z",
  ...extra,
});

const TICKETS: TicketView[] = [
  ticket("t1", "ORD-1001", { customerName: "Ana Lopez" }),
  ticket("t2", "ORD-1002", {
    status: "pending",
    price: 120,
    eventTitle: "Miami Freestyle Heat",
    eventTitlePtBr: "Calor Freestyle em Miami",
    eventId: "ev-mia",
  }),
  ticket("t3", "ORD-1003", { status: "cancelled", price: 450, currency: "BRL", eventTitle: "Noite Freestyle — São Paulo", eventId: "ev-sp" }),
];

const LIST: TicketsListResponse = {
  tickets: TICKETS,
  count: 3,
  totals: [
    { currency: "USD", amount: 165.5, count: 2 },
    { currency: "BRL", amount: 450, count: 1 },
  ],
  truncated: false,
};

const DETAIL: TicketDetailResponse = {
  ticket: TICKETS[0]!,
  event: {
    id: "ev-ny",
    title: "Freestyle Forever — New York",
    eventDate: "2026-12-13T01:00:00.000Z",
    timeZone: "America/New_York",
    status: "published",
    venueName: "Starlight Ballroom",
    venueCity: "New York",
    online: false,
  },
};

const PREVIEW: ImportPreviewResponse = {
  columns: ["Order #", "Show", "Buyer", "Amount", "Status", "Placed", "Notes"],
  delimiter: ",",
  mapping: { orderId: 0, event: 1, email: 2, price: 3, status: 4, date: 5, name: null },
  rows: [["A-1", "Miami Freestyle Heat", "ana@example.com", "$45.00", "Paid", "2026-11-01", "front row"]],
  rowCount: 3,
};

const RESULT: ImportResponse = {
  rows: 3,
  imported: 1,
  skipped: 1,
  failed: 1,
  skips: [{ row: 3, code: "already_stored", message: "A ticket with this order ID is already stored", value: "A-2" }],
  errors: [{ row: 4, code: "event_unknown", message: "No event has this title or id", value: "Nowhere Fest" }],
};

const CSV =
  "Order #,Show,Buyer,Amount,Status,Placed,Notes\r\nA-1,Miami Freestyle Heat,ana@example.com,$45.00,Paid,2026-11-01,front row\r\nA-2,Miami Freestyle Heat,bo@example.com,45,Paid,2026-11-02,\r\nA-3,Nowhere Fest,cy@example.com,45,Paid,2026-11-03,\r\n";

type ServerOptions = {
  list?: TicketsListResponse | (() => Response | Promise<Response>);
  preview?: () => Response;
  importAnswer?: (body: ImportBody) => Response;
};

function fakeServer({ list = LIST, preview = () => json(200, PREVIEW), importAnswer = () => json(200, RESULT) }: ServerOptions = {}) {
  const imports: ImportBody[] = [];
  const previews: string[] = [];
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}`]: () => (typeof list === "function" ? list() : json(200, list)),
    [`GET ${API}/t1`]: () => json(200, DETAIL),
    [`POST ${API}/import/preview`]: async (request) => {
      previews.push(await request.text());
      return preview();
    },
    [`POST ${API}/import`]: async (request) => {
      const body = (await request.json()) as ImportBody;
      imports.push(body);
      return importAnswer(body);
    },
  });
  /** The query strings of the list requests, in order. */
  const listQueries = () =>
    api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .filter((url) => url.pathname === API)
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...api, imports, previews, listQueries };
}

function renderTickets(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(TicketsRoute, "/admin/tickets", root)]), "/admin/tickets", { locale });
}

const tableRows = () =>
  within(screen.getByRole("table", { name: /Tickets, newest first|Ingressos/ }))
    .getAllByRole("row")
    .slice(1)
    .map((r) => [...r.querySelectorAll("td")].slice(0, 5).map((c) => c.textContent));

const chooseFile = (text: string, name = "orders.csv") => {
  const input = within(screen.getByRole("dialog")).getByLabelText("CSV file from your ticket provider");
  fireEvent.change(input, { target: { files: [new File([text], name, { type: "text/csv" })] } });
};

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
});

describe("/admin/tickets: the list", () => {
  it("shows the tickets, the Total Value per currency with two decimals, and asks for every ticket in the admin's zone", async () => {
    const server = fakeServer();
    renderTickets();
    expect(await screen.findByRole("heading", { level: 1, name: "Ticket Management" })).toBeTruthy();
    // The figure right under the h1 is an h2: headings skip no level (axe's heading-order).
    expect(screen.getByRole("heading", { level: 2, name: "Total Value" })).toBeTruthy();
    await screen.findByText("ORD-1001");
    expect(tableRows()).toEqual([
      ["ORD-1001", "Freestyle Forever — New York", "t1@example.com", "Confirmed", "$45.50"],
      ["ORD-1002", "Miami Freestyle Heat", "t2@example.com", "Pending", "$120.00"],
      ["ORD-1003", "Noite Freestyle — São Paulo", "t3@example.com", "Cancelled", "R$450.00"],
    ]);
    const total = screen.getByRole("article", { name: "Total Value" });
    expect(within(total).getByText("$165.50")).toBeTruthy();
    expect(within(total).getByText("R$450.00")).toBeTruthy();
    expect(within(total).getByText("3 tickets")).toBeTruthy();
    expect(server.listQueries()[0]).toEqual({ search: "", status: "all", time: "all", tz: TIME_ZONE });
  });

  it("sends the search (once typing stops), the status and the period, and the export link carries them", async () => {
    const server = fakeServer();
    renderTickets();
    await screen.findByText("ORD-1001");
    const exportLink = screen.getByRole("link", { name: "Export CSV" });
    expect(exportLink.getAttribute("href")).toBe(`${API}/export.csv?search=&status=all&time=all&tz=America%2FSao_Paulo`);
    expect(exportLink.getAttribute("download")).toBe("tickets.csv");

    fireEvent.change(screen.getByPlaceholderText("Search tickets..."), { target: { value: "  miami " } });
    await waitFor(() => expect(server.listQueries().at(-1)).toEqual({ search: "miami", status: "all", time: "all", tz: TIME_ZONE }));

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "pending" } });
    await waitFor(() => expect(server.listQueries().at(-1)).toMatchObject({ search: "miami", status: "pending" }));
    expect([...(screen.getByLabelText("Status") as HTMLSelectElement).options].map((o) => o.text)).toEqual(["All Status", "Confirmed", "Pending", "Cancelled"]);

    const period = screen.getByLabelText("Period") as HTMLSelectElement;
    expect([...period.options].map((o) => o.text)).toEqual(["All Time", "Today", "Last 7 Days", "Last 30 Days"]);
    fireEvent.change(period, { target: { value: "today" } });
    await waitFor(() => expect(server.listQueries().at(-1)).toEqual({ search: "miami", status: "pending", time: "today", tz: TIME_ZONE }));
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `${API}/export.csv?search=miami&status=pending&time=today&tz=America%2FSao_Paulo`,
    );
  });

  it("says when nothing matches, and that more tickets match than are shown", async () => {
    fakeServer({ list: { tickets: [], count: 0, totals: [], truncated: false } });
    renderTickets();
    expect(await screen.findByText("No tickets found")).toBeTruthy();
    expect(screen.getByText("Try adjusting your search or filters")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Total Value" })).getByText("$0.00")).toBeTruthy();
    cleanup();

    fakeServer({ list: { ...LIST, count: 1234, truncated: true } });
    renderTickets();
    expect(await screen.findByText("Showing the newest 3 of 1,234 tickets. Export CSV has them all.")).toBeTruthy();
  });

  it("shows 'Loading tickets...' and then 'Failed to load tickets' with a retry that works", async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeServer({
      list: async () => {
        await gate;
        return fail ? apiError(500, "internal", "Down") : json(200, LIST);
      },
    });
    renderTickets();
    expect(await screen.findByText("Loading tickets...")).toBeTruthy();
    release();
    expect(await screen.findByText("Failed to load tickets")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("ORD-1001")).toBeTruthy();
  });

  it("opens a ticket's details from its row", async () => {
    fakeServer();
    renderTickets();
    await screen.findByText("ORD-1001");
    fireEvent.click(screen.getByRole("button", { name: "View ticket ORD-1001" }));
    const dialog = await screen.findByRole("dialog", { name: "Ticket details" });
    await within(dialog).findByText("Ana Lopez");
    expect(within(dialog).getByText("t1@example.com").getAttribute("href")).toBe("mailto:t1@example.com");
    expect(within(dialog).getByText("Starlight Ballroom, New York")).toBeTruthy();
    expect(within(dialog).getByText("Published")).toBeTruthy();
    expect(within(dialog).getByText("$45.50")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("/admin/tickets: Import CSV", () => {
  it("shows the suggested mapping and the first rows, sends the file with the chosen mapping, then the results by row", async () => {
    const server = fakeServer();
    renderTickets();
    await screen.findByText("ORD-1001");
    fireEvent.click(screen.getByRole("button", { name: "Import CSV" }));
    chooseFile(`\uFEFF${CSV}`);

    const dialog = await screen.findByRole("dialog", { name: "Import tickets" });
    await within(dialog).findByText("orders.csv: 3 rows");
    expect(server.previews).toHaveLength(1);
    expect(server.previews[0]).toBe(CSV.trimEnd());
    const select = (label: string) => within(dialog).getByLabelText(label, { exact: false }) as HTMLSelectElement;
    expect(select("Order ID").value).toBe("0");
    expect(select("Event (title or id)").value).toBe("1");
    expect(select("Customer e-mail").value).toBe("2");
    expect(select("Price paid").value).toBe("3");
    expect(select("Customer name").value).toBe("");
    expect([...select("Customer name").options].map((o) => o.text)).toEqual(["Not in the file", ...PREVIEW.columns]);
    const preview = within(dialog).getByRole("table", { name: "First rows of the file" });
    expect(
      within(preview)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(PREVIEW.columns);
    expect(within(preview).getByText("front row")).toBeTruthy();

    fireEvent.change(select("Customer name"), { target: { value: "6" } });
    fireEvent.change(select("Status"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Import" }));

    await within(dialog).findByRole("region", { name: "Import results" });
    expect(server.imports).toEqual([
      { csv: CSV.trimEnd(), mapping: { orderId: 0, event: 1, email: 2, price: 3, status: null, date: 5, name: 6 }, firstRow: 2, tz: TIME_ZONE },
    ]);
    const figures = [...dialog.querySelectorAll(".tickets-figures div")].map((d) => [d.querySelector("dt")!.textContent, d.querySelector("dd")!.textContent]);
    expect(figures).toEqual([
      ["Rows read", "3"],
      ["Imported", "1"],
      ["Skipped", "1"],
      ["Errors", "1"],
    ]);
    expect(within(dialog).getByText("Row 4: no event has this title or id (“Nowhere Fest”)")).toBeTruthy();
    expect(within(dialog).getByText("Row 3: this order is already stored (“A-2”)")).toBeTruthy();
    // The list is fetched again to show what was imported.
    await waitFor(() => expect(server.listQueries().length).toBeGreaterThanOrEqual(2));
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("will not import until each required field has a column", async () => {
    const server = fakeServer({ preview: () => json(200, { ...PREVIEW, mapping: { ...PREVIEW.mapping, price: null } }) });
    renderTickets();
    await screen.findByText("ORD-1001");
    fireEvent.click(screen.getByRole("button", { name: "Import CSV" }));
    chooseFile(CSV);
    const dialog = await screen.findByRole("dialog", { name: "Import tickets" });
    await within(dialog).findByText("orders.csv: 3 rows");
    fireEvent.click(within(dialog).getByRole("button", { name: "Import" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose a column for each required field");
    expect(server.imports).toHaveLength(0);
  });

  it("says when the file is not a CSV, and lets another file be chosen", async () => {
    fakeServer({ preview: () => apiError(400, "not_csv", "This file is not a CSV file with a header row and at least two columns") });
    renderTickets();
    await screen.findByText("ORD-1001");
    fireEvent.click(screen.getByRole("button", { name: "Import CSV" }));
    chooseFile("just text", "notes.csv");
    const dialog = screen.getByRole("dialog", { name: "Import tickets" });
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This file could not be read as a CSV file with a header row.");
    expect(within(dialog).getByLabelText("CSV file from your ticket provider")).toBeTruthy();
  });

  it("sends a large file in pieces with their first rows, shows progress, and says where it stopped when a piece fails", async () => {
    const header = "Order,Event,Email,Price";
    const rows = Array.from({ length: 3000 }, (_, i) => `ORDER-${String(i).padStart(5, "0")},Miami Freestyle Heat,fan${i}@example.com,45.00`);
    let answered = 0;
    const server = fakeServer({
      importAnswer: (body) => {
        answered++;
        if (answered === 3) return apiError(500, "internal", "Something went wrong. Please try again.");
        const n = body.csv.split("\r\n").length - 1;
        return json(200, { rows: n, imported: n, skipped: 0, failed: 0, skips: [], errors: [] });
      },
    });
    renderTickets();
    await screen.findByText("ORD-1001");
    fireEvent.click(screen.getByRole("button", { name: "Import CSV" }));
    chooseFile([header, ...rows].join("\n"), "season.csv");
    const dialog = await screen.findByRole("dialog", { name: "Import tickets" });
    await within(dialog).findByText("season.csv: 3,000 rows");
    fireEvent.click(within(dialog).getByRole("button", { name: "Import" }));
    await within(dialog).findByRole("region", { name: "Import results" });

    expect(server.imports).toHaveLength(3);
    const [first, second] = server.imports;
    const firstCount = first!.csv.split("\r\n").length - 1;
    expect(first!.firstRow).toBe(2);
    expect(second!.firstRow).toBe(2 + firstCount);
    expect(second!.csv.startsWith(`${header}\r\nORDER-${String(firstCount).padStart(5, "0")},`)).toBe(true);
    for (const piece of server.imports) expect(new TextEncoder().encode(JSON.stringify(piece)).length).toBeLessThan(64 * 1024);
    const done = firstCount + (second!.csv.split("\r\n").length - 1);
    expect(
      within(dialog).getByText(
        `The import stopped after ${done.toLocaleString("en-US")} of 3,000 rows. Importing the same file again is safe: orders already stored are skipped.`,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("The import failed. Please try again.")).toBeTruthy();
  });
});

describe("/admin/tickets in Portuguese", () => {
  it("shows the page, the amounts and the filters in pt-BR", async () => {
    fakeServer();
    renderTickets("pt-BR");
    expect(await screen.findByRole("heading", { level: 1, name: "Gerenciamento de ingressos" })).toBeTruthy();
    await screen.findByText("ORD-1001");
    expect(tableRows()[0]).toEqual(["ORD-1001", "Freestyle Forever — New York", "t1@example.com", "Confirmado", "US$\u00A045,50"]);
    expect(tableRows()[2]![4]).toBe("R$\u00A0450,00");
    // A show's Portuguese title where it has one; the title it has otherwise.
    expect(tableRows().map((r) => r[1])).toEqual(["Freestyle Forever — New York", "Calor Freestyle em Miami", "Noite Freestyle — São Paulo"]);
    const total = screen.getByRole("article", { name: "Valor total" });
    // (getByText reads the non-breaking space pt-BR puts after the symbol as a plain one.)
    expect(within(total).getByText("US$ 165,50")).toBeTruthy();
    expect(within(total).getByText("3 ingressos")).toBeTruthy();
    expect(screen.getByPlaceholderText("Buscar ingressos...")).toBeTruthy();
    expect([...(screen.getByLabelText("Período") as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      "Todo o período",
      "Hoje",
      "Últimos 7 dias",
      "Últimos 30 dias",
    ]);
    expect(screen.getByRole("link", { name: "Exportar CSV" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Importar CSV" })).toBeTruthy();
  });

  it("says 'Nenhum ingresso encontrado' when nothing matches", async () => {
    fakeServer({ list: { tickets: [], count: 0, totals: [], truncated: false } });
    renderTickets("pt-BR");
    expect(await screen.findByText("Nenhum ingresso encontrado")).toBeTruthy();
    expect(screen.getByText("Tente ajustar sua busca ou os filtros")).toBeTruthy();
  });
});

describe("CSV pieces", () => {
  it("cuts rows at line breaks outside quotes only (CRLF, LF, CR), dropping the byte-order mark", () => {
    expect(splitRows('\uFEFFa,b\r\n"x\r\ny",2\n"say ""hi""",3\r4')).toEqual(["a,b", '"x\r\ny",2', '"say ""hi""",3', "4"]);
  });

  it("repeats the header in each piece, keeps each piece's JSON under the cap, and numbers rows from the file", () => {
    const rows = Array.from({ length: 50 }, (_, i) => `R${i},"Event, with comma",e${i}@x.io,${i}`);
    const { header, pieces, rows: count } = cutIntoPieces(["o,e,m,p", ...rows, "", ""].join("\n"), 400);
    expect(header).toBe("o,e,m,p");
    expect(count).toBe(50);
    expect(pieces.length).toBeGreaterThan(3);
    let next = 2;
    for (const piece of pieces) {
      expect(piece.firstRow).toBe(next);
      expect(piece.csv.startsWith("o,e,m,p\r\n")).toBe(true);
      expect(JSON.stringify(piece.csv).length - 2).toBeLessThanOrEqual(400);
      next += piece.rows;
    }
    expect(pieces.flatMap((p) => p.csv.split("\r\n").slice(1))).toEqual(rows);
  });
});

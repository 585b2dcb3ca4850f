// /admin/marketing in the real app against a fake API: the three figures; Recent Subscribers (Name
// or 'N/A', Email, the contact's status by name, Joined); the import's declared basis (required,
// sent as ?basis=); the import sending the chosen .csv itself
// ('Importing...' with the rows written so far) and the Import Results panel with its 'Import
// error: {reason}' lines; the refusals ('Failed to parse CSV file', a file that is not .csv, an
// unknown error); the export's download and 'Failed to export contacts'.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import { routeTree } from "../../app/routeTree.gen";
import type { ImportProgressLine, ImportResult, MarketingContactsResponse } from "../../worker/contracts/admin/marketing";
import type { SessionUser } from "../../worker/contracts/auth";
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
const API = "/api/admin/marketing";

const CONTACTS: MarketingContactsResponse = {
  contacts: [
    { id: "c1", firstName: "Ana", lastName: "Souza", email: "ana@example.com", subscribed: true, status: "subscribed", createdAt: "2026-03-01T12:00:00.000Z" },
    { id: "c2", firstName: null, lastName: null, email: "anon@example.com", subscribed: false, status: "unsubscribed", createdAt: "2026-02-01T12:00:00.000Z" },
    { id: "c3", firstName: "Pen", lastName: null, email: "pen@example.com", subscribed: false, status: "pending", createdAt: "2026-01-03T12:00:00.000Z" },
    { id: "c4", firstName: "Bo", lastName: null, email: "bo@example.com", subscribed: false, status: "bounced", createdAt: "2026-01-02T12:00:00.000Z" },
    { id: "c5", firstName: "Cy", lastName: null, email: "cy@example.com", subscribed: false, status: "complained", createdAt: "2026-01-01T12:00:00.000Z" },
  ],
  total: 5,
  page: 1,
  pageSize: 50,
};

const RESULT: ImportResult = {
  total: 6,
  imported: 3,
  skipped: 2,
  skippedReasons: { blankEmail: 1, duplicateInFile: 1, alreadyListed: 0 },
  errorCount: 1,
  errors: [{ row: 4, code: "invalid_email", value: "not-an-email" }],
};

function renderAt(url = "/admin/marketing", locale: "en" | "pt-BR" = "en") {
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
    [`GET ${API}/summary`]: () => json(200, { totalContacts: 1234, subscribers: 1000, last30Days: 56 }),
    [`GET ${API}/contacts`]: () => json(200, CONTACTS),
    ...routes,
  });
}

/** An import answer as the Worker streams it: one JSON line per step. */
function progressAnswer(lines: ImportProgressLine[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const line of lines) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/x-ndjson; charset=utf-8" } });
}

const fileInput = () => screen.getByLabelText("CSV file") as HTMLInputElement;
const chooseBasis = (name = "Consent") => fireEvent.click(screen.getByRole("radio", { name: new RegExp(`^${name}`) }));
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const csvFile = (text = "FirstName,LastName,Email\r\nAna,Souza,ana@example.com\r\n", name = "contacts.csv") => new File([text], name, { type: "text/csv" });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/marketing: figures and subscribers", () => {
  it("shows Total Contacts, Subscribers and Last 30 Days, and the Recent Subscribers table", async () => {
    api();
    renderAt();
    expect(await screen.findByRole("heading", { level: 1, name: "Marketing" })).toBeTruthy();
    const figure = async (label: string) => (await screen.findByRole("heading", { level: 3, name: label })).closest("article")!.textContent;
    expect(await figure("Total Contacts")).toContain("1,234");
    expect(await figure("Subscribers")).toContain("1,000");
    expect(await figure("Last 30 Days")).toContain("56");

    const table = await screen.findByRole("table", { name: "Recent Subscribers" });
    const rows = within(table).getAllByRole("row");
    expect([...rows[0]!.querySelectorAll("th")].map((c) => c.textContent)).toEqual(["Name", "Email", "Status", "Joined"]);
    expect([...rows[1]!.querySelectorAll("td")].slice(0, 3).map((c) => c.textContent)).toEqual(["Ana Souza", "ana@example.com", "Subscribed"]);
    expect([...rows[2]!.querySelectorAll("td")].slice(0, 3).map((c) => c.textContent)).toEqual(["N/A", "anon@example.com", "Unsubscribed"]);
    expect(rows.slice(3).map((r) => r.querySelectorAll("td")[2]!.textContent)).toEqual(["Awaiting confirmation", "Bounced", "Marked as spam"]);
    expect(rows[1]!.querySelector("time")!.getAttribute("datetime")).toBe("2026-03-01T12:00:00.000Z");
  });

  it("says 'Failed to load subscribers' when the list fails", async () => {
    api({ [`GET ${API}/contacts`]: () => apiError(500, "internal", "Down") });
    renderAt();
    expect(await screen.findByText("Failed to load subscribers")).toBeTruthy();
  });
});

describe("/admin/marketing: import", () => {
  it("sends the chosen .csv itself, shows 'Importing...' with the rows written so far, then the Import Results panel", async () => {
    let answer: (res: Response) => void = () => {};
    const server = api({ [`POST ${API}/import`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt();
    await screen.findByRole("table", { name: "Recent Subscribers" });
    expect(screen.getByText("The CSV should contain FirstName, LastName and Email columns.")).toBeTruthy();
    chooseBasis("Legitimate interest");
    const file = csvFile();
    choose(file);
    expect(await screen.findAllByText("Importing...")).not.toHaveLength(0);
    expect(fileInput().disabled).toBe(true);
    const [url, init] = server.callsTo(`POST ${API}/import`)[0]!;
    expect(String(url)).toMatch(/\/import\?basis=legitimate_interest$/);
    expect(init!.body).toBe(file);
    expect(new Headers(init!.headers).get("content-type")).toBe("text/csv");
    expect(new Headers(init!.headers).get("accept")).toContain("application/x-ndjson");

    const loads = server.callsTo(`GET ${API}/summary`).length;
    await act(async () =>
      answer(
        progressAnswer([
          { type: "progress", processed: 3, total: 6 },
          { type: "result", result: RESULT },
        ]),
      ),
    );
    const panel = (await screen.findByRole("heading", { level: 2, name: "Import Results" })).closest("section")!;
    const figures = [...panel.querySelectorAll("dl > div")].map((d) => [d.querySelector("dt")!.textContent, d.querySelector("dd")!.textContent]);
    expect(figures).toEqual([
      ["Total Contacts", "6"],
      ["Imported", "3"],
      ["Skipped", "2"],
      ["Errors", "1"],
    ]);
    expect(within(panel).getByText("1 without an email, 1 repeated in the file, 0 already on the list")).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(['Import error: row 4: invalid email address "not-an-email"']);
    expect(fileInput().disabled).toBe(false);
    await waitFor(() => expect(server.callsTo(`GET ${API}/summary`).length).toBeGreaterThan(loads));
  });

  it("shows the rows written so far while the import runs", async () => {
    let push: (line: ImportProgressLine) => void = () => {};
    let end: () => void = () => {};
    let opened = false;
    api({
      [`POST ${API}/import`]: () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (line) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
            end = () => controller.close();
            opened = true;
          },
        });
        return new Response(body, { headers: { "content-type": "application/x-ndjson" } });
      },
    });
    renderAt();
    await screen.findByRole("table", { name: "Recent Subscribers" });
    chooseBasis();
    choose(csvFile());
    await waitFor(() => expect(opened).toBe(true));
    await act(async () => push({ type: "progress", processed: 5000, total: 12000 }));
    expect(await screen.findByText("Importing... 5,000 of 12,000 rows")).toBeTruthy();
    const bar = screen.getByRole("progressbar") as HTMLProgressElement;
    expect([bar.getAttribute("value"), bar.getAttribute("max")]).toEqual(["5000", "12000"]);
    await act(async () => {
      push({ type: "result", result: { ...RESULT, errors: [], errorCount: 0 } });
      end();
    });
    expect(await screen.findByText("No errors")).toBeTruthy();
  });

  it("asks for the basis the list's consent rests on, each explained, and sends nothing without one", async () => {
    const server = api({ [`POST ${API}/import`]: () => json(200, RESULT) });
    renderAt();
    await screen.findByRole("table", { name: "Recent Subscribers" });
    const group = screen.getByRole("group", { name: "What does this list's consent rest on?" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(["consent", "legitimate_interest", "contract"]);
    expect(within(group).getByText("Everyone on the list asked to receive the newsletter (a sign-up form, a checkbox).")).toBeTruthy();
    choose(csvFile());
    expect(await screen.findByText("Choose what the list's consent rests on before choosing the file")).toBeTruthy();
    expect(server.callsTo(`POST ${API}/import`)).toHaveLength(0);
    chooseBasis("Contract");
    expect(screen.queryByText("Choose what the list's consent rests on before choosing the file")).toBeNull();
    choose(csvFile());
    expect(await screen.findByRole("heading", { level: 2, name: "Import Results" })).toBeTruthy();
    expect(String(server.callsTo(`POST ${API}/import`)[0]![0])).toMatch(/\?basis=contract$/);
  });

  it("says so in the basis's words when the server refuses an import without a basis", async () => {
    api({ [`POST ${API}/import`]: () => apiError(400, "import_basis_required", "Choose what the list's consent rests on") });
    renderAt();
    await screen.findByRole("table", { name: "Recent Subscribers" });
    chooseBasis();
    choose(csvFile());
    expect(await screen.findByText("Choose what the list's consent rests on before choosing the file")).toBeTruthy();
  });

  it("explains the bases, the optional columns, the statuses and the new row errors in Portuguese", async () => {
    api({
      [`POST ${API}/import`]: () =>
        json(200, {
          ...RESULT,
          errorCount: 2,
          errors: [
            { row: 2, code: "invalid_country", value: "XX" },
            { row: 3, code: "invalid_tags", value: "a;b" },
          ],
        }),
    });
    renderAt("/admin/marketing", "pt-BR");
    const table = await screen.findByRole("table");
    expect([...within(table).getAllByRole("row")].slice(1).map((r) => r.querySelectorAll("td")[2]!.textContent)).toEqual([
      "Inscrito",
      "Descadastrado",
      "Aguardando confirmação",
      "E-mail devolvido",
      "Marcou como spam",
    ]);
    const group = screen.getByRole("group", { name: "Em que se baseia o consentimento desta lista?" });
    expect(within(group).getByText("Legítimo interesse")).toBeTruthy();
    expect(within(group).getByText("Os e-mails fazem parte de algo que essas pessoas contrataram (uma assinatura, um ingresso).")).toBeTruthy();
    expect(screen.getByText(/^Colunas opcionais: Tags/)).toBeTruthy();
    fireEvent.click(within(group).getByRole("radio", { name: /^Consentimento/ }));
    fireEvent.change(screen.getByLabelText("Arquivo CSV"), { target: { files: [new File(["Email\na@example.com\n"], "contatos.csv", { type: "text/csv" })] } });
    expect(await screen.findByText('Erro de importação: linha 2: país desconhecido "XX" (use um código de duas letras, como BR)')).toBeTruthy();
    expect(screen.getByText('Erro de importação: linha 3: mais de 10 tags, ou uma tag com mais de 40 caracteres "a;b"')).toBeTruthy();
  });

  it("refuses a file that is not .csv before sending anything", async () => {
    const server = api();
    renderAt();
    await screen.findByRole("table", { name: "Recent Subscribers" });
    choose(new File(["x"], "contacts.xlsx"));
    expect(await screen.findByText("Please choose a .csv file")).toBeTruthy();
    expect(server.callsTo(`POST ${API}/import`)).toHaveLength(0);
  });

  it("says 'Failed to parse CSV file' with the server's reason when the file is refused", async () => {
    api({ [`POST ${API}/import`]: () => apiError(400, "no_email_column", "The CSV has no Email column (expected FirstName, LastName, Email)") });
    renderAt();
    await screen.findByRole("table", { name: "Recent Subscribers" });
    chooseBasis();
    choose(csvFile("Name\nAna\n"));
    expect(await screen.findByText("Failed to parse CSV file: The CSV has no Email column (expected FirstName, LastName, Email)")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Import Results" })).toBeNull();
  });

  it("says 'Import error: Unknown error' when the server fails otherwise", async () => {
    api({ [`POST ${API}/import`]: () => new Response("oops", { status: 500 }) });
    renderAt();
    await screen.findByRole("table", { name: "Recent Subscribers" });
    chooseBasis();
    choose(csvFile());
    expect(await screen.findByText("Import error: Unknown error")).toBeTruthy();
  });
});

describe("/admin/marketing: export", () => {
  it("downloads the CSV under the server's file name", async () => {
    const server = api({
      [`GET ${API}/export.csv`]: () =>
        new Response("\uFEFFFirstName,LastName,Email\r\nAna,Souza,ana@example.com", {
          headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="contacts_export_20260301-120000.csv"' },
        }),
    });
    const created = vi.fn((_: Blob) => "blob:contacts");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute("href")}`);
    });
    renderAt();
    await screen.findByRole("table", { name: "Recent Subscribers" });
    fireEvent.click(screen.getByRole("button", { name: "Export Contacts" }));
    await waitFor(() => expect(clicked).toEqual(["contacts_export_20260301-120000.csv blob:contacts"]));
    expect(server.callsTo(`GET ${API}/export.csv`)).toHaveLength(1);
    expect(await created.mock.calls[0]![0].text()).toContain("Ana,Souza,ana@example.com");
  });

  it("says 'Failed to export contacts' when the export fails", async () => {
    api({ [`GET ${API}/export.csv`]: () => apiError(500, "internal", "Down") });
    renderAt();
    await screen.findByRole("table", { name: "Recent Subscribers" });
    fireEvent.click(screen.getByRole("button", { name: "Export Contacts" }));
    expect(await screen.findByText("Failed to export contacts")).toBeTruthy();
  });
});

// /admin/campaigns in the real app against a fake API: the list's loading, failure and empty
// states and its rows; composing a bilingual campaign (blocks included) and the POST it makes;
// the audience's exact count; the preview frame's srcdoc; scheduling a local time in the admin's
// zone (DST-aware epoch ms); "Send now" behind its question; Cancel on a scheduled campaign;
// refusals shown in the page's words; the page in Portuguese.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import { routeTree } from "../../app/routeTree.gen";
import type { SessionUser } from "../../worker/contracts/auth";
import type { AudienceCount, Campaign, CampaignInput, CampaignListItem } from "../../worker/contracts/newsletter";
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
const API = "/api/admin/campaigns";
const ID = "c0ffee00-0000-4000-8000-000000000001";
const COUNT: AudienceCount = { count: 1204, byLocale: { en: 900, "pt-BR": 304 } };
const STATS = { queued: 0, sent: 0, failed: 0, delivered: 0, bounced: 0, complained: 0, unsubscribed: 0 };

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: ID,
    name: "November news",
    topic: "news",
    subjectEn: "New single out",
    subjectPtBr: null,
    bodyEn: [{ type: "paragraph", text: "Hello" }],
    bodyPtBr: null,
    audience: { kind: "all" },
    status: "draft",
    scheduledAt: null,
    timeZone: null,
    recipientsTotal: 0,
    createdAt: "2026-10-01T12:00:00.000Z",
    updatedAt: "2026-10-01T12:00:00.000Z",
    startedAt: null,
    finishedAt: null,
    stats: { ...STATS },
    ...overrides,
  };
}
const listItem = ({ bodyEn: _en, bodyPtBr: _pt, ...rest }: Campaign): CampaignListItem => rest;

function renderAt(url = "/admin/campaigns", locale: "en" | "pt-BR" = "en") {
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
  return router;
}

function api(routes: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: ADMIN }),
    [`GET ${API}`]: () => json(200, { campaigns: [] }),
    [`POST ${API}/audience`]: () => json(200, COUNT),
    [`POST ${API}/preview`]: async (req) => {
      const body = (await req.json()) as { subject: string; locale: string };
      return json(200, { subject: body.subject, html: `<p>${body.locale}: ${body.subject}</p>`, text: body.subject });
    },
    ...routes,
  });
}

/** The admin's zone as Intl reports it, for code that asks resolvedOptions(). */
function adminZone(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone };
  });
}

const bodyOf = async (server: ReturnType<typeof api>, key: string, at = 0) => JSON.parse(String(server.callsTo(key)[at]![1]!.body)) as unknown;
const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/campaigns: the list", () => {
  it("shows 'Loading campaigns...', then each campaign's name, translated status, recipients and figures; a row opens it", async () => {
    let answer: (res: Response) => void = () => {};
    const sent = campaign({
      status: "sent",
      recipientsTotal: 1204,
      startedAt: "2026-10-02T12:00:00.000Z",
      finishedAt: "2026-10-02T12:10:00.000Z",
      stats: { ...STATS, sent: 1000, delivered: 150, failed: 4, bounced: 30, complained: 2, unsubscribed: 18 },
    });
    api({
      [`GET ${API}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [`GET ${API}/${ID}`]: () => json(200, sent),
    });
    renderAt();
    expect(await screen.findByText("Loading campaigns...")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Campaigns" }).getAttribute("aria-current")).toBe("page");
    answer(json(200, { campaigns: [listItem(sent), listItem(campaign({ id: "d2", name: "Draft one" }))] }));

    const table = await screen.findByRole("table", { name: "Campaigns" });
    const rows = within(table).getAllByRole("row");
    expect([...rows[0]!.querySelectorAll("th")].map((c) => c.textContent)).toEqual([
      "Name",
      "Status",
      "Scheduled or sent",
      "Recipients",
      "Sent",
      "Delivered",
      "Failed",
      "Bounced",
      "Complained",
      "Unsubscribed",
    ]);
    const cells = (row: HTMLElement) => [...row.querySelectorAll("th, td")].map((c) => c.textContent);
    expect(cells(rows[1]!)).toEqual(["November news", "Sent", expect.any(String), "1,204", "1,200", "150", "4", "30", "2", "18"]);
    expect(rows[1]!.querySelector("time")!.getAttribute("datetime")).toBe("2026-10-02T12:10:00.000Z");
    expect(cells(rows[2]!).slice(0, 3)).toEqual(["Draft one", "Draft", "Not yet"]);

    fireEvent.click(within(rows[1]!).getByRole("link", { name: "November news" }));
    expect(await screen.findByRole("heading", { level: 2, name: "November news" })).toBeTruthy();
    const figures = screen.getByLabelText("Figures");
    expect([...figures.querySelectorAll("dd")].map((d) => d.textContent)).toEqual(["1,204", "1,200", "150", "4", "30", "2", "18"]);
  });

  it("says 'Failed to load the campaigns' when the list fails, and 'No campaigns yet' when there are none", async () => {
    api({ [`GET ${API}`]: () => apiError(500, "internal", "Down") });
    renderAt();
    expect(await screen.findByText("Failed to load the campaigns")).toBeTruthy();
    cleanup();
    api();
    renderAt();
    expect(await screen.findByText("No campaigns yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "New campaign" })).toBeTruthy();
  });
});

describe("/admin/campaigns: composing", () => {
  it("sends a bilingual campaign with its blocks and audience in the POST, then opens the saved draft", async () => {
    const server = api({
      [`POST ${API}`]: async (req) => json(201, campaign({ ...((await req.json()) as CampaignInput) })),
      [`GET ${API}/${ID}`]: () => json(200, campaign()),
    });
    const router = renderAt("/admin/campaigns?campaign=new");
    await screen.findByRole("heading", { level: 2, name: "New campaign" });
    expect(screen.getAllByText("In paragraphs, **bold** and [label](https://…) work.")).toHaveLength(1);

    type("Campaign name", "November news");
    fireEvent.change(screen.getByLabelText("Topic"), { target: { value: "events" } });
    const english = screen.getByRole("group", { name: "English" });
    type("Subject (English)", "New single out", english);
    type("Paragraph text", "Out **now**: [listen](https://example.com/x)", english);
    fireEvent.click(within(english).getByRole("button", { name: "Add heading" }));
    type("Heading text", "Big news", english);
    fireEvent.click(within(english).getByRole("button", { name: "Move up: Block 2: Heading" }));
    fireEvent.click(within(english).getByRole("button", { name: "Add image" }));
    type("Image address", "/media/covers/single.jpg", english);
    type("Alt text", "The cover", english);
    fireEvent.click(within(english).getByRole("button", { name: "Add button" }));
    type("Button label", "Listen", english);
    type("Button link", "https://example.com/listen", english);
    fireEvent.click(within(english).getByRole("button", { name: "Add paragraph" }));
    fireEvent.click(within(english).getByRole("button", { name: "Remove: Block 5: Paragraph" }));

    fireEvent.click(screen.getByRole("checkbox", { name: "Add Portuguese version" }));
    const portuguese = screen.getByRole("group", { name: "Português" });
    type("Subject (Portuguese)", "Single novo", portuguese);
    type("Paragraph text", "Já saiu", portuguese);

    fireEvent.change(screen.getByLabelText("Who"), { target: { value: "vip" } });
    fireEvent.change(screen.getByLabelText("Recipients' language"), { target: { value: "pt-BR" } });
    type("Country (two-letter code, optional)", "br");
    type("Tag (optional)", "rio");
    type("Exclude contacts mailed in the last N days (optional)", "7");

    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}`)).toHaveLength(1));
    expect(await bodyOf(server, `POST ${API}`)).toEqual({
      name: "November news",
      topic: "events",
      subjectEn: "New single out",
      subjectPtBr: "Single novo",
      bodyEn: [
        { type: "heading", text: "Big news" },
        { type: "paragraph", text: "Out **now**: [listen](https://example.com/x)" },
        { type: "image", src: "/media/covers/single.jpg", alt: "The cover" },
        { type: "button", label: "Listen", href: "https://example.com/listen" },
      ],
      bodyPtBr: [{ type: "paragraph", text: "Já saiu" }],
      audience: { kind: "vip", locale: "pt-BR", country: "BR", tag: "rio", excludeMailedWithinDays: 7 },
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ campaign: ID }));
    expect(await screen.findByRole("button", { name: "Send a test to me" })).toBeTruthy();
  });

  it("gives a block to some tiers and the audience to chosen tiers, in English and Portuguese", async () => {
    const tierChoices = () =>
      json(200, {
        tiers: [
          { id: "member", rank: 0, name: { en: "Member", ptBR: "Membro" }, archived: false },
          { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, archived: false },
          { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, archived: false },
        ],
      });
    const server = api({
      [`POST ${API}`]: async (req) => json(201, campaign({ ...((await req.json()) as CampaignInput) })),
      [`GET ${API}/${ID}`]: () => json(200, campaign()),
      "GET /api/admin/tier-choices": tierChoices,
    });
    renderAt("/admin/campaigns?campaign=new");
    await screen.findByRole("heading", { level: 2, name: "New campaign" });
    type("Campaign name", "Circle news");
    const english = screen.getByRole("group", { name: "English" });
    type("Subject (English)", "For the circle", english);
    type("Paragraph text", "Stems inside", english);
    fireEvent.click(within(english).getByRole("checkbox", { name: "Only for some tiers: Block 1: Paragraph" }));
    fireEvent.change(await within(english).findByLabelText("Lowest tier"), { target: { value: "inner-circle" } });
    fireEvent.change(screen.getByLabelText("Who"), { target: { value: "tiers" } });
    const audience = (await screen.findAllByRole("combobox", { name: "Which tiers" })).at(-1)!;
    fireEvent.change(audience, { target: { value: "chosen" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "VIP" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Inner Circle" }));
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}`)).toHaveLength(1));
    expect(await bodyOf(server, `POST ${API}`)).toMatchObject({
      bodyEn: [{ type: "paragraph", text: "Stems inside", tiers: { minTier: "inner-circle" } }],
      audience: { kind: "tiers", tiers: { tierIds: ["vip", "inner-circle"] } },
    });
    cleanup();

    api({ "GET /api/admin/tier-choices": tierChoices });
    renderAt("/admin/campaigns?campaign=new", "pt-BR");
    await screen.findByLabelText("Texto do parágrafo");
    fireEvent.click((await screen.findAllByRole("checkbox", { name: /^Só para alguns níveis/ }))[0]!);
    expect(await screen.findByLabelText("Nível mínimo")).toBeTruthy();
    expect(screen.getByRole("option", { name: "Círculo Íntimo" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Membros dos níveis escolhidos" })).toBeTruthy();
  });

  it("refuses a Portuguese subject without blocks before sending anything, and shows the server's refusal in its own words", async () => {
    const server = api({
      [`GET ${API}/${ID}`]: () => json(200, campaign()),
      [`PUT ${API}/${ID}`]: () => apiError(409, "campaign_not_draft", "The campaign is sending: only a draft can be edited."),
    });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    await screen.findByRole("heading", { level: 2, name: "November news" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Add Portuguese version" }));
    const portuguese = screen.getByRole("group", { name: "Português" });
    type("Subject (Portuguese)", "Single novo", portuguese);
    fireEvent.click(within(portuguese).getByRole("button", { name: "Remove: Block 1: Paragraph" }));
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Portuguese blocks: add at least one block (60 at most).");
    fireEvent.click(within(portuguese).getByRole("button", { name: "Add paragraph" }));
    type("Paragraph text", "Já saiu", portuguese);
    type("Subject (Portuguese)", "", portuguese);
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The Portuguese version needs both a subject and at least one block."));
    type("Paragraph text", "Veja [aqui](javascript:alert(1))", portuguese);
    type("Subject (Portuguese)", "Single novo", portuguese);
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Portuguese blocks, block 1: a link must start with https://, http:// or mailto:."));
    expect(server.callsTo(`PUT ${API}/${ID}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole("checkbox", { name: "Add Portuguese version" }));
    type("Campaign name", "Renamed");
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Only a draft can be edited: this campaign is already scheduled or sent.")).toBeTruthy();
    expect(((await bodyOf(server, `PUT ${API}/${ID}`)) as CampaignInput).name).toBe("Renamed");
    expect(((await bodyOf(server, `PUT ${API}/${ID}`)) as CampaignInput).bodyPtBr).toBeNull();
  });

  it("shows the audience's exact count ('Counting…' first) and asks again with the new filters", async () => {
    let answer: (res: Response) => void = () => {};
    const server = api({
      [`GET ${API}/${ID}`]: () => json(200, campaign()),
      [`POST ${API}/audience`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    expect(await screen.findByText("Counting…")).toBeTruthy();
    await waitFor(() => expect(server.callsTo(`POST ${API}/audience`)).toHaveLength(1));
    expect(await bodyOf(server, `POST ${API}/audience`)).toEqual({ topic: "news", audience: { kind: "all" } });
    answer(json(200, COUNT));
    expect(await screen.findByText("1,204 recipients — 900 English, 304 Portuguese")).toBeTruthy();

    type("Tag (optional)", "rio");
    await waitFor(() => expect(server.callsTo(`POST ${API}/audience`)).toHaveLength(2));
    expect(await bodyOf(server, `POST ${API}/audience`, 1)).toEqual({ topic: "news", audience: { kind: "all", tag: "rio" } });
  });

  it("puts the rendered html in the sandboxed preview frame, in either language and width", async () => {
    const server = api({ [`GET ${API}/${ID}`]: () => json(200, campaign({ subjectPtBr: "Single novo", bodyPtBr: [{ type: "heading", text: "Oi" }] })) });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    const frame = (await screen.findByTitle("Mail preview")) as HTMLIFrameElement;
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe("<p>en: New single out</p>");
    expect(await bodyOf(server, `POST ${API}/preview`)).toEqual({ locale: "en", subject: "New single out", body: [{ type: "paragraph", text: "Hello" }] });
    expect(frame.style.width).toBe("600px");

    fireEvent.click(screen.getByRole("radio", { name: "Phone" }));
    expect(((await screen.findByTitle("Mail preview")) as HTMLIFrameElement).style.width).toBe("375px");
    fireEvent.click(screen.getByRole("radio", { name: "Português" }));
    await waitFor(() => expect(screen.getByTitle("Mail preview").getAttribute("srcdoc")).toBe("<p>pt-BR: Single novo</p>"));
    expect(await bodyOf(server, `POST ${API}/preview`, 1)).toEqual({ locale: "pt-BR", subject: "Single novo", body: [{ type: "heading", text: "Oi" }] });
  });
});

describe("/admin/campaigns: sending", () => {
  it("schedules a local time in the admin's zone as the right instant, daylight saving included", async () => {
    adminZone("America/New_York");
    const scheduledAt = Date.UTC(2030, 6, 1, 13, 30); // 09:30 EDT (UTC-4)
    const server = api({
      [`GET ${API}/${ID}`]: () => json(200, campaign()),
      [`POST ${API}/${ID}/send`]: () =>
        json(200, campaign({ status: "scheduled", scheduledAt: new Date(scheduledAt).toISOString(), timeZone: "America/New_York" })),
    });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    fireEvent.click(await screen.findByRole("button", { name: "Schedule…" }));
    type("Date and time (America/New_York)", "2030-07-01T09:30");
    fireEvent.click(screen.getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/${ID}/send`)).toHaveLength(1));
    expect(await bodyOf(server, `POST ${API}/${ID}/send`)).toEqual({ scheduledAt, timeZone: "America/New_York" });
    expect(await screen.findByText(/^Scheduled for .*9:30.* \(America\/New_York\)$/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();

    // In winter the same zone is UTC-5; a past time is refused without a request.
    cleanup();
    const winter = api({ [`GET ${API}/${ID}`]: () => json(200, campaign()), [`POST ${API}/${ID}/send`]: () => json(200, campaign()) });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    fireEvent.click(await screen.findByRole("button", { name: "Schedule…" }));
    type("Date and time (America/New_York)", "2020-01-01T09:30");
    fireEvent.click(screen.getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText("Choose a date and time in the future.")).toBeTruthy();
    expect(winter.callsTo(`POST ${API}/${ID}/send`)).toHaveLength(0);
    type("Date and time (America/New_York)", "2030-12-01T09:30");
    fireEvent.click(screen.getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(winter.callsTo(`POST ${API}/${ID}/send`)).toHaveLength(1));
    expect(await bodyOf(winter, `POST ${API}/${ID}/send`)).toEqual({ scheduledAt: Date.UTC(2030, 11, 1, 14, 30), timeZone: "America/New_York" });
  });

  it("'Send now' asks 'Send to 1,204 people now?' and then posts { scheduledAt: null }, showing the progress", async () => {
    adminZone("America/Sao_Paulo");
    const server = api({
      [`GET ${API}/${ID}`]: () => json(200, campaign()),
      [`POST ${API}/${ID}/send`]: () => json(200, campaign({ status: "sending", recipientsTotal: 1204, stats: { ...STATS, queued: 1004, sent: 200 } })),
    });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    await screen.findByText("1,204 recipients — 900 English, 304 Portuguese");
    fireEvent.click(screen.getByRole("button", { name: "Send now" }));
    const dialog = await screen.findByRole("dialog", { name: "Send the campaign" });
    expect(within(dialog).getByText("Send to 1,204 people now?")).toBeTruthy();
    expect(server.callsTo(`POST ${API}/${ID}/send`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Send now" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/${ID}/send`)).toHaveLength(1));
    expect(await bodyOf(server, `POST ${API}/${ID}/send`)).toEqual({ scheduledAt: null, timeZone: "America/Sao_Paulo" });
    expect(await screen.findByText("200 of 1,204 sent")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send now" })).toBeNull();
  });

  it("polls a campaign being sent every 2 s until it is sent, then shows its figures", async () => {
    let loads = 0;
    const server = api({
      [`GET ${API}/${ID}`]: () =>
        json(
          200,
          ++loads === 1
            ? campaign({ status: "sending", recipientsTotal: 10, stats: { ...STATS, queued: 7, sent: 3 } })
            : campaign({ status: "sent", recipientsTotal: 10, stats: { ...STATS, sent: 8, delivered: 2 } }),
        ),
    });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    expect(await screen.findByText("3 of 10 sent")).toBeTruthy();
    await waitFor(() => expect(server.callsTo(`GET ${API}/${ID}`)).toHaveLength(2), { timeout: 4_000 });
    await waitFor(() => expect(screen.queryByText("3 of 10 sent")).toBeNull());
    expect([...screen.getByLabelText("Figures").querySelectorAll("dd")].map((d) => d.textContent)).toEqual(["10", "10", "2", "0", "0", "0", "0"]);
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
  });

  it("sends a test in the chosen language and says 'Test sent to' the admin's address", async () => {
    const server = api({ [`GET ${API}/${ID}`]: () => json(200, campaign()), [`POST ${API}/${ID}/test`]: () => json(202, { ok: true }) });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    fireEvent.change(await screen.findByLabelText("Test language"), { target: { value: "pt-BR" } });
    fireEvent.click(screen.getByRole("button", { name: "Send a test to me" }));
    expect(await screen.findByText("Test sent to admin@example.test")).toBeTruthy();
    expect(await bodyOf(server, `POST ${API}/${ID}/test`)).toEqual({ locale: "pt-BR" });
  });

  it("a scheduled campaign shows when and Cancel, which posts the cancel after its question", async () => {
    adminZone("UTC");
    const scheduled = campaign({ status: "scheduled", scheduledAt: "2030-07-01T13:30:00.000Z", timeZone: "UTC", recipientsTotal: 0 });
    const server = api({
      [`GET ${API}/${ID}`]: () => json(200, scheduled),
      [`POST ${API}/${ID}/cancel`]: () => json(200, { ...scheduled, status: "cancelled" }),
    });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    expect(await screen.findByText("Scheduled for Jul 1, 2030, 1:30 PM (UTC)")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save draft" })).toBeNull();
    expect(screen.getByLabelText("Campaign name").closest("fieldset")!.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel the campaign" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel campaign" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/${ID}/cancel`)).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Delete" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(screen.getAllByText("Cancelled").length).toBeGreaterThan(0);
  });

  it("a paused campaign offers Resume and Cancel; a refused move shows in the page's words", async () => {
    const paused = campaign({ status: "paused", recipientsTotal: 10, stats: { ...STATS, queued: 4, sent: 6 } });
    const server = api({
      [`GET ${API}/${ID}`]: () => json(200, paused),
      [`POST ${API}/${ID}/resume`]: () => apiError(409, "campaign_state", "The campaign is cancelled: it cannot do that now."),
    });
    renderAt(`/admin/campaigns?campaign=${ID}`);
    expect(await screen.findByText("6 of 10 sent")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    expect(await screen.findByText("The campaign's status has changed and does not allow that now.")).toBeTruthy();
    expect(server.callsTo(`POST ${API}/${ID}/resume`)).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
  });
});

describe("/admin/campaigns in Portuguese", () => {
  it("names the page, the nav entry, the empty list and the composer in Portuguese", async () => {
    api({ [`GET ${API}/${ID}`]: () => json(200, campaign()) });
    renderAt("/admin/campaigns", "pt-BR");
    expect(await screen.findByText("Nenhuma campanha ainda")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Campanhas" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Campanhas" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Nova campanha" })).toBeTruthy();
    cleanup();

    adminZone("America/Sao_Paulo");
    api({ [`GET ${API}/${ID}`]: () => json(200, campaign()) });
    renderAt(`/admin/campaigns?campaign=${ID}`, "pt-BR");
    expect(await screen.findByText("1.204 destinatários — 900 em inglês, 304 em português")).toBeTruthy();
    expect(screen.getByText("Nos parágrafos, **negrito** e [texto](https://…) funcionam.")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Adicionar versão em português" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar um teste para mim" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Agendar…" }));
    expect(screen.getByLabelText("Data e hora (America/Sao_Paulo)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Enviar agora" }));
    expect(await screen.findByText("Enviar para 1.204 pessoas agora?")).toBeTruthy();
    expect(screen.getByText("Rascunho")).toBeTruthy();
  });
});

describe("the media library", () => {
  it("fills an image block's address with a picture chosen from the library", async () => {
    const calls = api({
      [`GET ${API}/images`]: () =>
        json(200, {
          images: [
            { src: "/media/campaigns/img-0123456789abcdef.png", folder: "campaigns", uploadedAt: "2026-11-20T10:00:00.000Z" },
            { src: "/media/covers/album-1-0011223344556677.jpg", folder: "covers", uploadedAt: "2026-10-01T10:00:00.000Z" },
          ],
        }),
    });
    renderAt("/admin/campaigns?campaign=new");
    const english = await screen.findByRole("group", { name: "English" });
    fireEvent.click(within(english).getByRole("button", { name: "Add image" }));
    const block = await within(english).findByRole("group", { name: "Block 2: Image" });
    expect(calls.callsTo(`GET ${API}/images`)).toHaveLength(0);
    fireEvent.click(within(block).getByRole("button", { name: "Choose from the media library" }));
    const library = await within(block).findByRole("group", { name: "Media library" });
    fireEvent.click(await within(library).findByRole("button", { name: "Use album-1-0011223344556677.jpg" }));
    expect((within(block).getByLabelText("Image address") as HTMLInputElement).value).toBe("/media/covers/album-1-0011223344556677.jpg");
    expect(within(block).queryByRole("group", { name: "Media library" })).toBeNull();
  });
});

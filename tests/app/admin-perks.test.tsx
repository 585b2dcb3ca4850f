// /admin/perks against a fake API: the list with each perk's state, code and reveals ("{left} of
// {total} codes left"); the form's own checks before sending (end before start, a shared code
// missing) in the admin's words; a create with its exact body (times as instants from the
// admin's time zone); a server 400 shown at its field; the reveals of a perk; a delete after the
// question.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as PerksAdminRoute } from "../../app/routes/admin/perks";
import type { AdminPerk } from "../../worker/contracts/perks";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const API = "/api/admin/perks";
const adminPerk = (id: string, title: string, extra: Partial<AdminPerk> = {}): AdminPerk => ({
  id,
  title,
  description: `${title}: details`,
  titlePtBr: null,
  descriptionPtBr: null,
  pictureUrl: null,
  link: "https://shop.example.com/x",
  codeMode: "none",
  sharedCode: null,
  audience: "vip",
  minTierId: null,
  startsAt: "2026-01-01T12:00:00.000Z",
  endsAt: "2026-12-31T12:00:00.000Z",
  state: "live",
  reveals: 0,
  codes: { total: 0, claimed: 0, left: 0 },
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const VINYL = adminPerk("22222222-0000-4000-8000-000000000001", "Signed vinyl", {
  codeMode: "unique",
  reveals: 3,
  codes: { total: 10, claimed: 3, left: 7 },
});
const MERCH = adminPerk("22222222-0000-4000-8000-000000000002", "Merch discount", { codeMode: "shared", sharedCode: "VIP-20", state: "scheduled" });

function fakeServer(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}`]: json(200, { perks: [VINYL, MERCH] }),
    ...extra,
  });
}

function renderPage() {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(PerksAdminRoute, "/admin/perks", root)]), "/admin/perks");
}

const row = (title: string) => screen.getByRole("row", { name: new RegExp(title) });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/perks", () => {
  it("lists each perk's state, code and reveals", async () => {
    fakeServer();
    renderPage();
    await screen.findByRole("row", { name: /Signed vinyl/ });
    expect(within(row("Signed vinyl")).getByText("7 of 10 codes left")).toBeTruthy();
    expect(within(row("Signed vinyl")).getByText("Live")).toBeTruthy();
    expect(within(row("Signed vinyl")).getByText("3")).toBeTruthy();
    expect(within(row("Merch discount")).getByText("Shared: VIP-20")).toBeTruthy();
    expect(within(row("Merch discount")).getByText("Scheduled")).toBeTruthy();
    // Codes are imported only into a unique-code perk.
    expect(within(row("Merch discount")).queryByRole("button", { name: "Import codes for Merch discount" })).toBeNull();
    expect(within(row("Signed vinyl")).getByRole("button", { name: "Import codes for Signed vinyl" })).toBeTruthy();
  });

  it("checks the form before sending, then creates the perk with instants", async () => {
    const { callsTo } = fakeServer({ [`POST ${API}`]: json(201, { perk: adminPerk("22222222-0000-4000-8000-000000000003", "Surprise") }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Add perk" }));
    const form = screen.getByRole("dialog");
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Surprise" } });
    fireEvent.change(within(form).getByLabelText("Description"), { target: { value: "A demo for everyone." } });
    fireEvent.change(within(form).getByLabelText("Title in Portuguese"), { target: { value: "Surpresa" } });
    fireEvent.change(within(form).getByLabelText("Description in Portuguese"), { target: { value: "Uma demo para todos." } });
    fireEvent.change(within(form).getByLabelText("Code"), { target: { value: "shared" } });
    fireEvent.change(within(form).getByLabelText("Starts"), { target: { value: "2026-07-10T18:00" } });
    fireEvent.change(within(form).getByLabelText("Ends"), { target: { value: "2026-07-10T17:00" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    expect(await within(form).findByText("The perk must end after it starts")).toBeTruthy();
    expect(within(form).getByText("Enter the code every member gets")).toBeTruthy();
    expect(callsTo(`POST ${API}`)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText("Code"), { target: { value: "none" } });
    fireEvent.change(within(form).getByLabelText("Ends"), { target: { value: "2026-07-17T18:00" } });
    fireEvent.change(within(form).getByLabelText("Audience"), { target: { value: "members" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(callsTo(`POST ${API}`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}`)[0])).toEqual({
      title: "Surprise",
      description: "A demo for everyone.",
      titlePtBr: "Surpresa",
      descriptionPtBr: "Uma demo para todos.",
      link: "",
      audience: "members",
      minTierId: null,
      codeMode: "none",
      sharedCode: null,
      startsAt: new Date("2026-07-10T18:00").toISOString(),
      endsAt: new Date("2026-07-17T18:00").toISOString(),
    });
    expect(await screen.findByText("Perk created")).toBeTruthy();
  });

  it("shows a server 400 at the field it names", async () => {
    fakeServer({ [`PUT ${API}/${MERCH.id}`]: apiError(400, "perk_link_invalid", "The link must be a full https:// address", "link") });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Merch discount" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a full https:// address or a path such as /store")).toBeTruthy();
  });

  it("edits the Portuguese texts beside the English ones, checking their length before sending", async () => {
    const translated = { ...MERCH, titlePtBr: "Desconto na loja", descriptionPtBr: "20% em tudo." };
    const { callsTo } = fakeServer({
      [`GET ${API}`]: json(200, { perks: [VINYL, translated] }),
      [`PUT ${API}/${MERCH.id}`]: json(200, { perk: { ...translated, titlePtBr: "Desconto VIP" } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Merch discount" }));
    const form = screen.getByRole("dialog");
    expect((within(form).getByLabelText("Title in Portuguese") as HTMLInputElement).value).toBe("Desconto na loja");
    expect((within(form).getByLabelText("Description in Portuguese") as HTMLTextAreaElement).value).toBe("20% em tudo.");
    fireEvent.change(within(form).getByLabelText("Title in Portuguese"), { target: { value: "x".repeat(121) } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("At most 120 characters")).toBeTruthy();
    expect(callsTo(`PUT ${API}/${MERCH.id}`)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText("Title in Portuguese"), { target: { value: "Desconto VIP" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsTo(`PUT ${API}/${MERCH.id}`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT ${API}/${MERCH.id}`)[0])).toMatchObject({
      title: "Merch discount",
      titlePtBr: "Desconto VIP",
      descriptionPtBr: "20% em tudo.",
    });
  });

  it("shows a server 400 about a Portuguese text at its field", async () => {
    fakeServer({ [`PUT ${API}/${MERCH.id}`]: apiError(400, "perk_description_too_long", "Too long", "descriptionPtBr", { max: 2000 }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Merch discount" }));
    const form = screen.getByRole("dialog");
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    const field = within(form).getByLabelText("Description in Portuguese");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(field.getAttribute("aria-describedby")!.split(" ").pop()!)?.textContent).toBe("At most 2000 characters");
  });

  it("names the Portuguese fields in Portuguese for an admin reading in Portuguese", async () => {
    fakeServer();
    const root = createTestRoot();
    renderApp(root.addChildren([mountFileRoute(PerksAdminRoute, "/admin/perks", root)]), "/admin/perks", { locale: "pt-BR" });
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar vantagem" }));
    const form = screen.getByRole("dialog");
    expect(within(form).getByLabelText("Título em português")).toBeTruthy();
    expect(within(form).getByLabelText("Descrição em português")).toBeTruthy();
  });

  it("shows who revealed a perk", async () => {
    fakeServer({
      [`GET ${API}/${VINYL.id}/reveals`]: json(200, {
        total: 1,
        reveals: [{ userId: "u1", username: "vip_fan", email: "vip@example.com", revealedAt: "2026-02-01T10:00:00.000Z", code: "VINYL-001" }],
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Who revealed Signed vinyl" }));
    const dialog = screen.getByRole("dialog", { name: "Who revealed Signed vinyl" });
    expect(await within(dialog).findByText("vip_fan")).toBeTruthy();
    expect(within(dialog).getByText("VINYL-001")).toBeTruthy();
  });

  it("deletes a perk after the question", async () => {
    const { callsTo } = fakeServer({ [`DELETE ${API}/${VINYL.id}`]: json(200, { deleted: VINYL.id }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Signed vinyl" }));
    const question = screen.getByRole("dialog");
    expect(within(question).getByText(/Its picture, its 3 reveals and its 10 codes are deleted with it/)).toBeTruthy();
    fireEvent.click(within(question).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Perk deleted")).toBeTruthy();
    expect(callsTo(`DELETE ${API}/${VINYL.id}`)).toHaveLength(1);
  });
});

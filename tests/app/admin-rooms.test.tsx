// /admin/rooms against a fake API: the rooms' table (name in the admin's language, the rules in
// words, slow mode, archived, moderators); a create with a tier rule (its exact body); the Worker's
// 400 codes shown at their field in English and Portuguese; archive after the question; a moderator
// added by username (and the unknown username refused) and removed after the question.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as RoomsAdminRoute } from "../../app/routes/admin/rooms";
import type { AdminRoom } from "../../worker/contracts/rooms/admin";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const API = "/api/admin/rooms";
const members = { kind: "members" as const, tierId: null, eventId: null };
const room = (id: string, en: string, ptBR: string, extra: Partial<AdminRoom> = {}): AdminRoom => ({
  id,
  name: { en, ptBR },
  description: { en: "", ptBR: "" },
  read: members,
  write: members,
  archived: false,
  slowModeSeconds: 0,
  lastMessageAt: null,
  position: 0,
  moderators: [],
  lastSeq: 0,
  ...extra,
});
const GENERAL = room("general", "General", "Geral", { moderators: [{ userId: "u-ana", username: "ana", namedAt: "2026-11-01T00:00:00Z" }] });
const LOUNGE = room("vip-lounge", "VIP Lounge", "Lounge VIP", {
  read: { kind: "tier", tierId: "vip", eventId: null },
  write: { kind: "tier", tierId: "inner", eventId: null },
  slowModeSeconds: 30,
});
const SHOW = room("lisbon-show", "Lisbon Show", "Show de Lisboa", { write: { kind: "ticket", tierId: null, eventId: "ev-1" }, archived: true });
const TIERS = {
  tiers: [
    { id: "member", name: { en: "Member", ptBR: "Membro" }, rank: 0, archived: false },
    { id: "vip", name: { en: "VIP", ptBR: "VIP" }, rank: 1, archived: false },
    { id: "inner", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, rank: 2, archived: false },
  ],
};
const EVENTS = { events: [{ id: "ev-1", title: "Lisbon 2027" }] };

function fakeServer(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}`]: json(200, { rooms: [GENERAL, LOUNGE, SHOW] }),
    "GET /api/admin/tier-choices": json(200, TIERS),
    "GET /api/admin/events": json(200, EVENTS),
    ...extra,
  });
}

function renderPage(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(RoomsAdminRoute, "/admin/rooms", root)]), "/admin/rooms", { locale });
}

const row = (name: string) => screen.getByRole("row", { name: new RegExp(name) });

async function openCreate() {
  fireEvent.click(await screen.findByRole("button", { name: /Add room|Adicionar sala/ }));
  return screen.findByRole("dialog", { name: /Add room|Adicionar sala/ });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/rooms", () => {
  it("lists the rooms with their rules in words, slow mode, archived badge and moderators", async () => {
    fakeServer();
    renderPage();
    await screen.findByRole("row", { name: /VIP Lounge/ });
    const cells = (name: string) =>
      within(row(name))
        .getAllByRole("cell")
        .map((c) => c.textContent);
    await waitFor(() => expect(cells("VIP Lounge").slice(0, 3)).toEqual(["VIP and above", "Inner Circle and above", "30 s"]));
    expect(cells("General").slice(0, 3)).toEqual(["Members", "Members", "Off"]);
    await waitFor(() => expect(cells("Lisbon Show")[1]).toBe("Ticket holders of Lisbon 2027"));
    expect(within(row("Lisbon Show")).getByText("Archived")).toBeTruthy();
    expect(within(row("Lisbon Show")).getByRole("button", { name: "Open Lisbon Show again" })).toBeTruthy();
    expect(within(row("General")).getByRole("button", { name: "Remove ana as moderator of General" })).toBeTruthy();
  });

  it("creates a room whose readers are a tier and above, sending the exact body", async () => {
    const { callsTo } = fakeServer({ [`POST ${API}`]: json(201, { room: room("backstage", "Backstage", "Bastidores") }) });
    renderPage();
    const form = await openCreate();
    fireEvent.change(within(within(form).getByRole("group", { name: "English" })).getByLabelText("Name"), { target: { value: "Backstage" } });
    fireEvent.change(within(within(form).getByRole("group", { name: "Portuguese (Brazil)" })).getByLabelText("Name"), { target: { value: "Bastidores" } });
    fireEvent.change(within(within(form).getByRole("group", { name: "English" })).getByLabelText("Description"), { target: { value: "Crew talk." } });
    const read = within(form).getByRole("group", { name: "Who may read" });
    fireEvent.change(within(read).getByLabelText("Who may read"), { target: { value: "tier" } });
    // The schema's own check: a tier rule without its tier.
    fireEvent.click(within(form).getByRole("button", { name: "Create room" }));
    expect(await within(form).findByText("Choose the tier a room for a tier is open to")).toBeTruthy();
    expect(callsTo(`POST ${API}`)).toHaveLength(0);
    await within(read).findByRole("option", { name: "Inner Circle" });
    fireEvent.change(within(read).getByLabelText("Lowest tier"), { target: { value: "inner" } });
    fireEvent.change(within(form).getByLabelText(/Slow mode/), { target: { value: "60" } });
    fireEvent.change(within(form).getByLabelText("Place in the list"), { target: { value: "3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create room" }));
    await waitFor(() => expect(callsTo(`POST ${API}`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}`)[0])).toEqual({
      nameEn: "Backstage",
      namePtBr: "Bastidores",
      descriptionEn: "Crew talk.",
      descriptionPtBr: "",
      read: { access: "tier", tierId: "inner" },
      write: { access: "members" },
      slowModeSeconds: 60,
      position: 3,
    });
    expect(await screen.findByText("Room created.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("edits a room with its rules filled in, sending them back with the change", async () => {
    const { callsTo } = fakeServer({ [`PUT ${API}/lisbon-show`]: json(200, { room: SHOW }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Lisbon Show" }));
    const form = await screen.findByRole("dialog", { name: "Edit Lisbon Show" });
    const write = within(form).getByRole("group", { name: "Who may write" });
    await within(write).findByRole("option", { name: "Lisbon 2027" });
    expect((within(write).getByLabelText("Event") as HTMLSelectElement).value).toBe("ev-1");
    fireEvent.change(within(form).getByLabelText(/Slow mode/), { target: { value: "5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsTo(`PUT ${API}/lisbon-show`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT ${API}/lisbon-show`)[0])).toEqual({
      nameEn: "Lisbon Show",
      namePtBr: "Show de Lisboa",
      descriptionEn: "",
      descriptionPtBr: "",
      read: { access: "members" },
      write: { access: "ticket", eventId: "ev-1" },
      slowModeSeconds: 5,
      position: 0,
    });
    expect(await screen.findByText("Room saved.")).toBeTruthy();
  });

  const REFUSALS = [
    [400, "room_event_unknown", undefined, "That event does not exist", "Esse evento não existe"],
    [400, "tier_gate_unknown", undefined, "That membership tier does not exist", "Esse nível de assinatura não existe"],
    [
      409,
      "room_id_taken",
      "nameEn",
      "A room with this address already exists: change the English name",
      "Já existe uma sala com este endereço: mude o nome em inglês",
    ],
    [
      400,
      "room_slow_mode_invalid",
      "slowModeSeconds",
      "Slow mode is 0 to 3600 seconds between one member's messages",
      "O modo lento vai de 0 a 3600 segundos entre as mensagens de um membro",
    ],
    [400, "room_name_too_long", "namePtBr", "A room's name must be at most 60 characters", "O nome de uma sala deve ter no máximo 60 caracteres"],
  ] as const;
  for (const [status, code, field, en, pt] of REFUSALS) {
    it(`shows the Worker's ${code} in English and Portuguese`, async () => {
      for (const [locale, text] of [
        ["en", en],
        ["pt-BR", pt],
      ] as const) {
        const params = code === "room_slow_mode_invalid" ? { max: 3600 } : code === "room_name_too_long" ? { max: 60 } : undefined;
        fakeServer({ [`POST ${API}`]: apiError(status, code, "English from the server", field, params) });
        renderPage(locale);
        const form = await openCreate();
        const [enGroup, ptGroup] = within(form)
          .getAllByRole("group")
          .filter((g) => g.tagName === "FIELDSET")
          .slice(0, 2);
        fireEvent.change(within(enGroup!).getAllByRole("textbox")[0]!, { target: { value: "Backstage" } });
        fireEvent.change(within(ptGroup!).getAllByRole("textbox")[0]!, { target: { value: "Bastidores" } });
        fireEvent.click(within(form).getByRole("button", { name: /Create room|Criar sala/ }));
        expect(await within(form).findByText(text)).toBeTruthy();
        expect(within(form).queryByText("English from the server")).toBeNull();
        cleanup();
      }
    });
  }

  it("archives after the question, then says so", async () => {
    const { callsTo } = fakeServer({ [`POST ${API}/general/archive`]: json(200, { room: { ...GENERAL, archived: true } }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Archive General" }));
    const dialog = await screen.findByRole("dialog", { name: "Archive this room?" });
    expect(dialog.textContent).toContain("General becomes read-only for everyone; its history stays.");
    expect(callsTo(`POST ${API}/general/archive`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Archive" }));
    await waitFor(() => expect(callsTo(`POST ${API}/general/archive`)).toHaveLength(1));
    expect(await screen.findByText("Room archived.")).toBeTruthy();
  });

  it("adds a moderator by username, shows an unknown one refused, and removes one after the question", async () => {
    let answer = apiError(404, "room_member_unknown", "No member has this username", "username");
    const { callsTo } = fakeServer({
      [`POST ${API}/vip-lounge/moderators`]: () => answer,
      [`DELETE ${API}/general/moderators/u-ana`]: json(200, { room: { ...GENERAL, moderators: [] } }),
    });
    renderPage();
    const input = await screen.findByLabelText("Username: VIP Lounge");
    fireEvent.change(input, { target: { value: "nobody" } });
    fireEvent.click(within(row("VIP Lounge")).getByRole("button", { name: "Add moderator" }));
    expect(await screen.findByText("No member has this username")).toBeTruthy();
    expect(sentJson(callsTo(`POST ${API}/vip-lounge/moderators`)[0])).toEqual({ username: "nobody" });

    answer = json(201, { room: LOUNGE });
    fireEvent.change(input, { target: { value: " bruno " } });
    fireEvent.click(within(row("VIP Lounge")).getByRole("button", { name: "Add moderator" }));
    expect(await screen.findByText("bruno now moderates VIP Lounge.")).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe("");
    expect(sentJson(callsTo(`POST ${API}/vip-lounge/moderators`)[1])).toEqual({ username: "bruno" });

    fireEvent.click(screen.getByRole("button", { name: "Remove ana as moderator of General" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this moderator?" });
    expect(callsTo(`DELETE ${API}/general/moderators/u-ana`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/general/moderators/u-ana`)).toHaveLength(1));
    expect(await screen.findByText("ana no longer moderates General.")).toBeTruthy();
  });

  it("shows the names in Portuguese, and the failure to load", async () => {
    fakeServer();
    renderPage("pt-BR");
    expect(await screen.findByRole("rowheader", { name: /Lounge VIP/ })).toBeTruthy();
    cleanup();
    mockApi({ "GET /api/auth/me": json(200, { user: null }), [`GET ${API}`]: apiError(500, "internal", "Boom") });
    renderPage();
    expect(await screen.findByText("Failed to load rooms")).toBeTruthy();
  });
});

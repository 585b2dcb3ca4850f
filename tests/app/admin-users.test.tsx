// /admin/users against a fake API that searches, filters and pages like the Worker: the table's
// columns ('Never', status, Admin and VIP badges with Paid / Comp), the debounced search and the
// role filter sent to the server, Previous / Next with 'Page x of y', the loading, empty and
// failed states, the switches' exact requests (a ban and removing admin ask first; the admin's own
// admin and ban switches are off), a refusal's message, Invite User's form with its success and
// error messages, the page in Portuguese, and the invitation link filling in the sign-up form.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as UsersRoute } from "../../app/routes/admin/users";
import { Route as SignupRoute } from "../../app/routes/social/signup";
import type { AdminUser, AdminUsersResponse } from "../../worker/contracts/admin/users";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, type ApiRoutes } from "./accounts-harness";

const API = "/api/admin/users";
const ME = sessionUser({ id: "00000000-0000-4000-8000-000000000001", email: "boss@example.com", username: "boss", isAdmin: true });

const member = (n: number, extra: Partial<AdminUser> = {}): AdminUser => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  email: `fan${n}@example.com`,
  username: `fan_${n}`,
  joinedAt: "2024-03-01T12:00:00.000Z",
  lastSignInAt: null,
  status: "active",
  ban: null,
  isAdmin: false,
  isVIP: false,
  vipSource: "none",
  isDoorStaff: false,
  ...extra,
});

const USERS: AdminUser[] = [
  member(1, { id: ME.id, email: ME.email, username: "boss", isAdmin: true, lastSignInAt: "2025-01-02T10:00:00.000Z" }),
  member(2, { isVIP: true, vipSource: "paid" }),
  member(3, { isVIP: true, vipSource: "comp" }),
  member(4, { isVIP: true, vipSource: "both", isAdmin: true }),
  member(5, { status: "banned", ban: { reason: "Spam", until: null, at: "2025-01-01T00:00:00.000Z" } }),
];

const PAGE_SIZE = 3;

/** The users API in memory: search, role, pages of PAGE_SIZE, and the switches. */
function fakeServer({ users = USERS, extra = {} as ApiRoutes } = {}) {
  let rows = structuredClone(users);
  const page = (url: URL): AdminUsersResponse => {
    const search = (url.searchParams.get("search") ?? "").toLowerCase();
    const role = url.searchParams.get("role") ?? "all";
    const n = Number(url.searchParams.get("page") ?? "1");
    const matching = rows.filter(
      (u) =>
        (u.email.includes(search) || u.username.includes(search)) &&
        (role === "all" || (role === "admins" && u.isAdmin) || (role === "vip" && u.isVIP) || (role === "regular" && !u.isAdmin && !u.isVIP)),
    );
    return {
      users: matching.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE),
      page: n,
      pageSize: PAGE_SIZE,
      total: matching.length,
      totalPages: Math.max(1, Math.ceil(matching.length / PAGE_SIZE)),
    };
  };
  const update = (id: string, change: (u: AdminUser) => AdminUser) => {
    rows = rows.map((u) => (u.id === id ? change(u) : u));
    return json(200, { user: rows.find((u) => u.id === id) });
  };
  const switchRoutes: ApiRoutes = {};
  for (const u of rows) {
    switchRoutes[`PUT ${API}/${u.id}/admin`] = async (request) => {
      const { admin } = (await request.json()) as { admin: boolean };
      return update(u.id, (x) => ({ ...x, isAdmin: admin }));
    };
    switchRoutes[`PUT ${API}/${u.id}/vip`] = async (request) => {
      const { comp } = (await request.json()) as { comp: boolean };
      return update(u.id, (x) => {
        const paid = x.vipSource === "paid" || x.vipSource === "both";
        return { ...x, isVIP: paid || comp, vipSource: paid && comp ? "both" : paid ? "paid" : comp ? "comp" : "none" };
      });
    };
    switchRoutes[`PUT ${API}/${u.id}/door-staff`] = async (request) => {
      const { doorStaff } = (await request.json()) as { doorStaff: boolean };
      return update(u.id, (x) => ({ ...x, isDoorStaff: doorStaff }));
    };
    switchRoutes[`PUT ${API}/${u.id}/ban`] = async (request) => {
      const { banned, reason, until } = (await request.json()) as { banned: boolean; reason?: string; until?: string | null };
      return update(u.id, (x) => ({
        ...x,
        status: banned ? "banned" : "active",
        ban: banned ? { reason: reason!, until: until ?? null, at: x.ban?.at ?? "2025-06-01T00:00:00.000Z" } : null,
      }));
    };
  }
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: ME }),
    [`GET ${API}`]: (request) => json(200, page(new URL(request.url))),
    [`POST ${API}/invite`]: async (request) => json(201, { invited: ((await request.json()) as { email: string }).email }),
    ...switchRoutes,
    ...extra,
  });
  /** The query strings of every list request, in order. */
  const listQueries = () => api.callsTo(`GET ${API}`).map(([input]) => Object.fromEntries(new URL(String(input), "http://localhost").searchParams));
  return { ...api, listQueries };
}

function renderUsers(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(UsersRoute, "/admin/users", root)]), "/admin/users", { locale });
}

const rowOf = (email: string) => screen.getByText(email, { selector: ".admin-users-email" }).closest("tr")!;
const cells = (row: HTMLElement) => [...row.querySelectorAll("td")].map((c) => c.textContent);
const switchFor = (name: string) => screen.getByRole("switch", { name });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/users: the list", () => {
  it("shows the spec's columns, 'Never', statuses and role badges with the VIP's source", async () => {
    fakeServer();
    renderUsers();
    expect(await screen.findByRole("heading", { level: 1, name: "User Management" })).toBeTruthy();
    await screen.findByText("boss@example.com");
    const table = screen.getByRole("table", { name: "Users" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Email", "Joined", "Last Login", "Status", "Roles", "Actions"]);
    expect(cells(rowOf("fan2@example.com")).slice(0, 4)).toEqual(["Mar 1, 2024", "Never", "Active", "VIPPaid"]);
    expect(cells(rowOf("fan3@example.com"))[3]).toBe("VIPComp");
    expect(cells(rowOf("boss@example.com"))[1]).not.toBe("Never");
    expect(cells(rowOf("boss@example.com"))[3]).toBe("Admin");
    expect(screen.getByPlaceholderText("Search users...")).toBeTruthy();
    const role = screen.getByLabelText("Role") as HTMLSelectElement;
    expect([...role.options].map((o) => o.textContent)).toEqual(["All Roles", "Admins", "VIP Members", "Regular Users", "Door Staff"]);
    expect(screen.getByText(/Page 1 of 2/)).toBeTruthy();
    expect(screen.getByText(/5 users/)).toBeTruthy();
  });

  it("pages on the server with Previous and Next", async () => {
    const server = fakeServer();
    renderUsers();
    await screen.findByText("boss@example.com");
    const previous = screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    const next = screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(await screen.findByText("fan4@example.com")).toBeTruthy();
    expect(screen.getByText(/Page 2 of 2/)).toBeTruthy();
    expect(screen.queryByText("boss@example.com")).toBeNull();
    expect(server.listQueries().at(-1)).toEqual({ role: "all", page: "2" });
    await waitFor(() => expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("boss@example.com")).toBeTruthy();
  });

  it("sends the search (after typing settles) and the role filter to the server, back on page 1", async () => {
    const server = fakeServer();
    renderUsers();
    await screen.findByText("boss@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("fan4@example.com");
    fireEvent.change(screen.getByLabelText("Search users"), { target: { value: "  FAN3 " } });
    expect(await screen.findByText("fan3@example.com")).toBeTruthy();
    await waitFor(() => expect(server.listQueries().at(-1)).toEqual({ role: "all", page: "1", search: "FAN3" }));
    // Every keystroke is not a request: only the settled text was asked for.
    expect(server.listQueries().filter((q) => q.search && q.search !== "FAN3")).toEqual([]);

    fireEvent.change(screen.getByLabelText("Search users"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "admins" } });
    await waitFor(() => expect(server.listQueries().at(-1)).toEqual({ role: "admins", page: "1" }));
    await waitFor(() => expect(screen.queryByText("fan2@example.com")).toBeNull());
    expect(screen.getByText("fan4@example.com")).toBeTruthy();
  });

  it("says 'No users found' when nothing matches", async () => {
    fakeServer({ users: [] });
    renderUsers();
    expect(await screen.findByText("No users found")).toBeTruthy();
    expect(screen.getByText("Try adjusting your search criteria")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows 'Loading users...' while the list loads", async () => {
    let answer: (r: Response) => void = () => {};
    fakeServer({ extra: { [`GET ${API}`]: () => new Promise<Response>((resolve) => (answer = resolve)) } });
    renderUsers();
    expect(await screen.findByText("Loading users...")).toBeTruthy();
    answer(json(200, { users: [member(9)], page: 1, pageSize: 20, total: 1, totalPages: 1 }));
    expect(await screen.findByText("fan9@example.com")).toBeTruthy();
  });

  it("says 'Failed to load users' with a way to try again", async () => {
    let fail = true;
    fakeServer({
      extra: {
        [`GET ${API}`]: () => (fail ? apiError(500, "internal", "Down") : json(200, { users: [member(7)], page: 1, pageSize: 20, total: 1, totalPages: 1 })),
      },
    });
    renderUsers();
    // A 5xx is tried once more (a second later) before the page gives up.
    expect((await screen.findByRole("alert", {}, { timeout: 4000 })).textContent).toContain("Failed to load users");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("fan7@example.com")).toBeTruthy();
  });
});

describe("/admin/users: the switches", () => {
  it("grants and removes a comp VIP with one click each, and says so", async () => {
    const server = fakeServer();
    renderUsers();
    await screen.findByText("fan2@example.com");
    const comp = switchFor("Comp VIP: fan2@example.com");
    expect(comp.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(comp);
    expect(await screen.findByText("fan2@example.com has a complimentary VIP membership.")).toBeTruthy();
    expect(sentJson(server.callsTo(`PUT ${API}/${member(2).id}/vip`)[0])).toEqual({ comp: true, tierId: "vip" });
    await waitFor(() => expect(cells(rowOf("fan2@example.com"))[3]).toBe("VIPPaid + Comp"));
    expect(switchFor("Comp VIP: fan2@example.com").getAttribute("aria-checked")).toBe("true");
    fireEvent.click(switchFor("Comp VIP: fan2@example.com"));
    await waitFor(() => expect(sentJson(server.callsTo(`PUT ${API}/${member(2).id}/vip`)[1])).toEqual({ comp: false }));
    await waitFor(() => expect(cells(rowOf("fan2@example.com"))[3]).toBe("VIPPaid"));
  });

  it("grants and removes the door-staff role with one click each, with its badge (decision 027)", async () => {
    const server = fakeServer();
    renderUsers();
    await screen.findByText("fan3@example.com");
    const door = switchFor("Door staff: fan3@example.com");
    expect(door.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(door);
    expect(await screen.findByText("fan3@example.com can now check passes in at the door.")).toBeTruthy();
    expect(sentJson(server.callsTo(`PUT ${API}/${member(3).id}/door-staff`)[0])).toEqual({ doorStaff: true });
    await waitFor(() => expect(cells(rowOf("fan3@example.com"))[3]).toBe("VIPCompDoor staff"));
    fireEvent.click(switchFor("Door staff: fan3@example.com"));
    expect(await screen.findByText("fan3@example.com is no longer door staff.")).toBeTruthy();
    expect(sentJson(server.callsTo(`PUT ${API}/${member(3).id}/door-staff`)[1])).toEqual({ doorStaff: false });
    await waitFor(() => expect(cells(rowOf("fan3@example.com"))[3]).toBe("VIPComp"));
  });

  it("asks before banning; Cancel sends nothing; unbanning is one click", async () => {
    const server = fakeServer();
    renderUsers();
    await screen.findByText("fan2@example.com");
    fireEvent.click(switchFor("Banned: fan2@example.com"));
    const dialog = screen.getByRole("dialog", { name: "Ban user" });
    expect(dialog.textContent).toContain("Ban fan2@example.com? They are signed out everywhere at once");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.callsTo(`PUT ${API}/${member(2).id}/ban`)).toHaveLength(0);

    fireEvent.click(switchFor("Banned: fan2@example.com"));
    fireEvent.change(within(screen.getByRole("dialog")).getByLabelText("Reason (the member sees it when they sign in)"), { target: { value: " Spam " } });
    fireEvent.click(within(screen.getByRole("dialog")).getByLabelText("Permanent"));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Ban User" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(server.callsTo(`PUT ${API}/${member(2).id}/ban`)[0])).toEqual({ banned: true, reason: "Spam", until: null });
    expect(await screen.findByText("fan2@example.com is banned.")).toBeTruthy();
    await waitFor(() => expect(cells(rowOf("fan2@example.com"))[2]).toBe("BannedPermanentReason: SpamEdit ban"));

    fireEvent.click(switchFor("Banned: fan2@example.com"));
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(sentJson(server.callsTo(`PUT ${API}/${member(2).id}/ban`)[1])).toEqual({ banned: false }));
  });

  it("bans until a date in the admin's time zone, checks the form first, and edits a ban in force (pt-BR)", async () => {
    const server = fakeServer();
    renderUsers("pt-BR");
    await screen.findByText("fan2@example.com");
    fireEvent.click(switchFor("Banido: fan2@example.com"));
    const dialog = screen.getByRole("dialog", { name: "Banir usuário" });
    const submit = () => fireEvent.click(within(dialog).getByRole("button", { name: "Banir usuário" }));
    submit();
    expect(within(dialog).getByRole("alert").textContent).toBe("Informe um motivo.");
    fireEvent.change(within(dialog).getByLabelText("Motivo (o membro vê ao entrar)"), { target: { value: "Spam" } });
    const end = within(dialog).getByLabelText(/^Data e hora de término/) as HTMLInputElement;
    // Choosing a date offers one a week ahead, in the admin's time zone, rather than an empty field.
    const offeredFrom = Date.now();
    fireEvent.click(within(dialog).getByLabelText("Em uma data"));
    const offered = new Date(end.value).getTime();
    expect(offered).toBeGreaterThanOrEqual(Math.floor((offeredFrom + 7 * 86_400_000) / 60_000) * 60_000);
    expect(offered).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    fireEvent.change(end, { target: { value: "2001-01-01T10:00" } });
    submit();
    expect(within(dialog).getByRole("alert").textContent).toBe("O término precisa estar no futuro.");
    expect(server.callsTo(`PUT ${API}/${member(2).id}/ban`)).toHaveLength(0);
    fireEvent.change(end, { target: { value: "2099-03-04T15:30" } });
    submit();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The local time typed, sent as the instant it is in the admin's (the browser's) time zone.
    const until = new Date(2099, 2, 4, 15, 30).toISOString();
    expect(sentJson(server.callsTo(`PUT ${API}/${member(2).id}/ban`)[0])).toEqual({ banned: true, reason: "Spam", until });
    const shown = new Intl.DateTimeFormat("pt-BR", { dateStyle: "medium", timeStyle: "short" }).format(new Date(until));
    await waitFor(() => expect(cells(rowOf("fan2@example.com"))[2]).toBe(`BanidoAté ${shown}Motivo: SpamEditar banimento`));

    fireEvent.click(screen.getByRole("button", { name: "Editar banimento: fan2@example.com" }));
    const editing = screen.getByRole("dialog", { name: "Editar banimento" });
    expect((within(editing).getByLabelText("Motivo (o membro vê ao entrar)") as HTMLTextAreaElement).value).toBe("Spam");
    expect((within(editing).getByLabelText(/^Data e hora de término/) as HTMLInputElement).value).toBe("2099-03-04T15:30");
    fireEvent.click(within(editing).getByLabelText("Permanente"));
    fireEvent.click(within(editing).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(server.callsTo(`PUT ${API}/${member(2).id}/ban`)[1])).toEqual({ banned: true, reason: "Spam", until: null });
    expect(await screen.findByText("O banimento de fan2@example.com foi alterado.")).toBeTruthy();
  });

  it.each([
    {
      locale: "en",
      banned: "Banned: fan2@example.com",
      title: "Ban user",
      reason: "Reason (the member sees it when they sign in)",
      ban: "Ban User",
      permanent: "Permanent",
    },
    {
      locale: "pt-BR",
      banned: "Banido: fan2@example.com",
      title: "Banir usuário",
      reason: "Motivo (o membro vê ao entrar)",
      ban: "Banir usuário",
      permanent: "Permanente",
    },
  ] as const)("a new ban starts as permanent, so a reason and Ban straight away send a valid request ($locale)", async (t) => {
    const server = fakeServer();
    renderUsers(t.locale);
    await screen.findByText("fan2@example.com");
    fireEvent.click(switchFor(t.banned));
    const dialog = screen.getByRole("dialog", { name: t.title });
    expect((within(dialog).getByLabelText(t.permanent) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(t.reason), { target: { value: "Spam" } });
    fireEvent.click(within(dialog).getByRole("button", { name: t.ban }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo(`PUT ${API}/${member(2).id}/ban`).map(sentJson)).toEqual([{ banned: true, reason: "Spam", until: null }]);
  });

  it("keeps the server's refusal of the ban form in the dialog", async () => {
    fakeServer({
      extra: { [`PUT ${API}/${member(2).id}/ban`]: apiError(400, "ban_reason_too_long", "The reason must be at most 500 characters", "reason", { max: 500 }) },
    });
    renderUsers();
    await screen.findByText("fan2@example.com");
    fireEvent.click(switchFor("Banned: fan2@example.com"));
    const dialog = screen.getByRole("dialog", { name: "Ban user" });
    fireEvent.change(within(dialog).getByLabelText("Reason (the member sees it when they sign in)"), { target: { value: "Spam" } });
    fireEvent.click(within(dialog).getByLabelText("Permanent"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Ban User" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The reason must be at most 500 characters.");
  });

  it("grants admin with one click and asks before removing it", async () => {
    const server = fakeServer();
    renderUsers();
    await screen.findByText("fan3@example.com");
    fireEvent.click(switchFor("Admin: fan3@example.com"));
    await waitFor(() => expect(sentJson(server.callsTo(`PUT ${API}/${member(3).id}/admin`)[0])).toEqual({ admin: true }));
    await waitFor(() => expect(switchFor("Admin: fan3@example.com").getAttribute("aria-checked")).toBe("true"));
    fireEvent.click(switchFor("Admin: fan3@example.com"));
    const dialog = screen.getByRole("dialog", { name: "Remove admin access" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove Admin" }));
    await waitFor(() => expect(sentJson(server.callsTo(`PUT ${API}/${member(3).id}/admin`)[1])).toEqual({ admin: false }));
    expect(await screen.findByText("fan3@example.com is no longer an administrator.")).toBeTruthy();
  });

  it("keeps the admin's own admin and ban switches off limits", async () => {
    fakeServer();
    renderUsers();
    await screen.findByText("boss@example.com");
    await waitFor(() => expect((switchFor("Admin: boss@example.com") as HTMLButtonElement).disabled).toBe(true));
    expect((switchFor("Banned: boss@example.com") as HTMLButtonElement).disabled).toBe(true);
    expect((switchFor("Comp VIP: boss@example.com") as HTMLButtonElement).disabled).toBe(false);
    expect(within(rowOf("boss@example.com")).getByText("You")).toBeTruthy();
  });

  it("shows the server's refusal in the page's words", async () => {
    fakeServer({ extra: { [`PUT ${API}/${member(4).id}/admin`]: apiError(409, "last_admin", "The site must keep at least one active administrator.") } });
    renderUsers();
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    await screen.findByText("fan4@example.com");
    fireEvent.click(switchFor("Admin: fan4@example.com"));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Remove Admin" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The site must keep at least one active administrator.");
    expect(switchFor("Admin: fan4@example.com").getAttribute("aria-checked")).toBe("true");
  });
});

describe("/admin/users: Invite User", () => {
  async function openInvite() {
    await screen.findByText("boss@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    return screen.getByRole("dialog", { name: "Invite a user" });
  }

  it("sends the address and says the invitation went out", async () => {
    const server = fakeServer();
    renderUsers();
    const dialog = await openInvite();
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: " new.fan@example.com " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(server.callsTo(`POST ${API}/invite`)[0])).toEqual({ email: "new.fan@example.com", locale: "en" });
    expect(await screen.findByText("Invitation sent to new.fan@example.com.")).toBeTruthy();
  });

  it("sends the chosen invitation language; it starts as the admin's own", async () => {
    const server = fakeServer();
    renderUsers();
    const dialog = await openInvite();
    const language = within(dialog).getByLabelText<HTMLSelectElement>("Invitation language");
    expect(language.value).toBe("en");
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "fa@example.com" } });
    fireEvent.change(language, { target: { value: "pt-BR" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(server.callsTo(`POST ${API}/invite`)[0])).toEqual({ email: "fa@example.com", locale: "pt-BR" });
  });

  it("in Portuguese, the language field is translated and starts as Portuguese", async () => {
    fakeServer();
    renderUsers("pt-BR");
    await screen.findByText("boss@example.com");
    fireEvent.click(await screen.findByRole("button", { name: "Convidar usuário" }));
    const dialog = screen.getByRole("dialog");
    const language = within(dialog).getByLabelText<HTMLSelectElement>("Idioma do convite");
    expect(language.value).toBe("pt-BR");
    expect(within(language).getByRole("option", { name: "Português (Brasil)" })).toBeTruthy();
  });

  it("checks the address before sending", async () => {
    const server = fakeServer();
    renderUsers();
    const dialog = await openInvite();
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "not-an-address" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Please enter a valid email address");
    expect(within(dialog).getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(server.callsTo(`POST ${API}/invite`)).toHaveLength(0);
  });

  it.each([
    [apiError(409, "email_taken", "An account with this email already exists"), "An account with this email already exists"],
    [apiError(429, "rate_limited", "Too many attempts."), "Too many invitations. Please wait a while and try again."],
    [apiError(502, "mail_failed", "Failed to send the invitation. Please try again."), "Failed to send the invitation. Please try again."],
  ])("keeps the dialog open with the refusal: %#", async (response, text) => {
    fakeServer({ extra: { [`POST ${API}/invite`]: response } });
    renderUsers();
    const dialog = await openInvite();
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "someone@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(text);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("/admin/users in Portuguese", () => {
  it("translates the page", async () => {
    fakeServer();
    renderUsers("pt-BR");
    expect(await screen.findByRole("heading", { level: 1, name: "Gerenciamento de usuários" })).toBeTruthy();
    await screen.findByText("fan2@example.com");
    expect(screen.getByPlaceholderText("Buscar usuários...")).toBeTruthy();
    expect(cells(rowOf("fan2@example.com"))[1]).toBe("Nunca");
    expect(cells(rowOf("fan3@example.com"))[3]).toBe("VIPCortesia");
    expect(screen.getByRole("button", { name: "Convidar usuário" })).toBeTruthy();
    expect(screen.getByText(/Página 1 de 2/)).toBeTruthy();
  });
});

describe("the invitation link", () => {
  it("opens the sign-up form with the invited address filled in", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }) });
    const root = createTestRoot();
    renderApp(root.addChildren([mountFileRoute(SignupRoute, "/social/signup", root)]), "/social/signup?email=invited.fan%40example.com");
    const email = (await screen.findByLabelText(/Email/)) as HTMLInputElement;
    expect(email.value).toBe("invited.fan@example.com");
  });
});

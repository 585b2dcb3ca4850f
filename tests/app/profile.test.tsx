// The profile page and its Edit Profile dialog, rendered through the real file route.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_AVATAR_URL } from "../../app/components/defaultImages";
import { Route as ProfileRoute } from "../../app/routes/social/profile/$userId";
import type { ProfilePost, ProfileView } from "../../worker/contracts/profiles";
import type { SessionUser } from "../../worker/contracts/auth";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";

const root = createTestRoot();
const routeTree = root.addChildren([
  mountFileRoute(ProfileRoute, "/social/profile/$userId", root),
  stubRoute(root, "/"),
  stubRoute(root, "/social/login"),
  stubRoute(root, "/vip-signup"),
]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The site's style sheet as text. Vitest turns CSS imports (even ?raw) into empty strings, so it
// is read from disk; the specifier is built so the app's type check needs no Node types.
const fs = (await import(/* @vite-ignore */ ["node", "fs"].join(":"))) as { readFileSync(path: string, encoding: "utf8"): string };
const styles = fs.readFileSync(decodeURIComponent(import.meta.url.replace(/^file:\/\//, "").replace(/tests\/app\/[^/]+$/, "app/styles.css")), "utf8");

/** The declarations of one rule of the site's style sheet, by exact selector: property → values. */
function declarations(selector: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const rule = new RegExp(`(?:^|[}\\n])\\s*${escaped}\\s*\\{([^}]*)\\}`, "g");
  for (const match of styles.matchAll(rule)) {
    for (const declaration of match[1]!.replace(/\/\*[\s\S]*?\*\//g, "").split(";")) {
      const colon = declaration.indexOf(":");
      if (colon < 0) continue;
      const property = declaration.slice(0, colon).trim();
      found.set(property, [...(found.get(property) ?? []), declaration.slice(colon + 1).trim()]);
    }
  }
  if (found.size === 0) throw new Error(`no rule for ${selector} in styles.css`);
  return found;
}

const OWNER_ID = "11111111-1111-4111-8111-111111111111";
const OTHER_ID = "22222222-2222-4222-8222-222222222222";

function profileOf(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: OWNER_ID,
    username: "fan_one",
    avatarUrl: null,
    bio: "Freestyle since 1988",
    website: "https://fan.example/",
    location: "Miami",
    isVIP: false,
    isAdmin: false,
    createdAt: "2024-03-15T12:00:00.000Z",
    ...overrides,
  };
}

/** The API as seen by `me` looking at `profile`, plus extra routes. */
function serve({ me = sessionUser(), profile = profileOf(), posts = [] as ProfilePost[], extra = {} as ApiRoutes } = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    [`GET /api/profiles/${profile.id}`]: json(200, { profile }),
    [`GET /api/profiles/${profile.id}/posts`]: json(200, { posts }),
    ...extra,
  });
}

const openProfile = async (id = OWNER_ID, options?: Parameters<typeof renderApp>[2]) => {
  const view = renderApp(routeTree, `/social/profile/${id}`, options);
  await screen.findByRole("heading", { level: 1 });
  return view;
};

describe("profile page", () => {
  it("shows the profile: picture, name, bio, location, joined date and a safe website link", async () => {
    serve();
    await openProfile();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("fan_one");
    expect(screen.getByText("Freestyle since 1988")).toBeTruthy();
    expect(screen.getByText("Miami")).toBeTruthy();
    expect(screen.getByText("Joined March 15, 2024")).toBeTruthy();
    const link = screen.getByRole("link", { name: "fan.example" });
    expect(link.getAttribute("href")).toBe("https://fan.example/");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect((screen.getByRole("img", { name: "fan_one's profile picture" }) as HTMLImageElement).src).toBe(DEFAULT_AVATAR_URL);
  });

  it("formats the joined date for the chosen language", async () => {
    serve();
    await openProfile(OWNER_ID, { locale: "pt-BR" });
    expect(screen.getByText("Membro desde 15 de março de 2024")).toBeTruthy();
  });

  it("never turns a non-web website into a link", async () => {
    serve({ profile: profileOf({ website: "javascript:alert(1)" }) });
    await openProfile();
    expect(screen.queryByText(/javascript/)).toBeNull();
    expect(screen.queryByRole("link", { name: /alert/ })).toBeNull();
  });

  it("falls back to the stock avatar when the picture fails to load", async () => {
    serve({ profile: profileOf({ avatarUrl: "/uploads/avatars/missing.png" }) });
    await openProfile();
    const img = screen.getByRole("img", { name: "fan_one's profile picture" }) as HTMLImageElement;
    expect(img.getAttribute("src")).toBe("/uploads/avatars/missing.png");
    fireEvent.error(img);
    expect(img.getAttribute("src")).toBe(DEFAULT_AVATAR_URL);
  });

  it("shows the VIP badge for a VIP member", async () => {
    serve({ profile: profileOf({ isVIP: true }) });
    await openProfile();
    expect(within(screen.getByRole("heading", { level: 1 })).getByText("VIP")).toBeTruthy();
  });

  it("shows 'Profile not found' with a way home on a 404", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: sessionUser() }), [`GET /api/profiles/${OTHER_ID}`]: apiError(404, "not_found", "Profile not found") });
    renderApp(routeTree, `/social/profile/${OTHER_ID}`);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Profile not found");
    expect(screen.getByRole("link", { name: "Return Home" }).getAttribute("href")).toBe("/");
  });

  it.each(["not-a-uuid", "12345", "11111111-1111-4111-8111-11111111111z"])(
    "says 'Profile not found' for the id %s that cannot exist, without asking the API or logging an error",
    async (id) => {
      const consoleError = vi.spyOn(console, "error");
      const api = mockApi({
        "GET /api/auth/me": json(200, { user: sessionUser() }),
        [`GET /api/profiles/${id}`]: apiError(400, "invalid_id", "Invalid profile id"),
        [`GET /api/profiles/${id}/posts`]: apiError(400, "invalid_id", "Invalid profile id"),
      });
      renderApp(routeTree, `/social/profile/${id}`);
      expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Profile not found");
      expect(screen.getByRole("link", { name: "Return Home" }).getAttribute("href")).toBe("/");
      const profileCalls = api.fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith("/api/profiles/"));
      expect(profileCalls).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      consoleError.mockRestore();
    },
  );

  it("says 'Profile not found' for an unknown profile (404) without asking for its posts or logging an error", async () => {
    const consoleError = vi.spyOn(console, "error");
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser() }),
      [`GET /api/profiles/${OTHER_ID}`]: apiError(404, "not_found", "Profile not found"),
      [`GET /api/profiles/${OTHER_ID}/posts`]: apiError(404, "not_found", "Profile not found"),
    });
    renderApp(routeTree, `/social/profile/${OTHER_ID}`);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Profile not found");
    // Let anything the page might still start settle before counting.
    await waitFor(() => expect(api.callsTo(`GET /api/profiles/${OTHER_ID}`)).toHaveLength(1));
    expect(api.callsTo(`GET /api/profiles/${OTHER_ID}/posts`)).toHaveLength(0);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it("shows 'Failed to load profile' when the server fails", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: sessionUser() }), [`GET /api/profiles/${OTHER_ID}`]: apiError(500, "internal", "boom") });
    renderApp(routeTree, `/social/profile/${OTHER_ID}`);
    expect((await screen.findByRole("alert", {}, { timeout: 4000 })).textContent).toBe("Failed to load profile");
  });

  it("sends a visitor to sign in, remembering the profile", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }) });
    const { router } = renderApp(routeTree, `/social/profile/${OWNER_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/social/login"));
    expect(router.state.location.search).toEqual({ redirect: `/social/profile/${OWNER_ID}` });
  });

  it("gives the owner Edit Profile and Become VIP", async () => {
    serve();
    await openProfile();
    expect(screen.getByRole("button", { name: "Edit Profile" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become VIP" }).getAttribute("href")).toBe("/vip-signup");
  });

  it("does not offer Become VIP to a VIP or an administrator", async () => {
    serve({ profile: profileOf({ isAdmin: true }), me: sessionUser({ isAdmin: true }) });
    await openProfile();
    expect(screen.getByRole("button", { name: "Edit Profile" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Become VIP" })).toBeNull();
  });

  it("shows neither action on someone else's profile", async () => {
    serve({ profile: profileOf({ id: OTHER_ID, username: "someone" }) });
    await openProfile(OTHER_ID);
    expect(screen.queryByRole("button", { name: "Edit Profile" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Become VIP" })).toBeNull();
  });

  it("lists the user's posts, or says there are none", async () => {
    serve({ posts: [{ id: "p1", content: "<b>not html</b>", imageUrl: null, imageWidth: null, imageHeight: null, createdAt: "2025-01-01T10:00:00.000Z" }] });
    await openProfile();
    expect(await screen.findByText("<b>not html</b>")).toBeTruthy();
    cleanup();
    serve({ posts: [] });
    await openProfile();
    expect(await screen.findByText("No posts yet")).toBeTruthy();
  });
});

describe("Edit Profile dialog", () => {
  const openDialog = async (me?: SessionUser, extra?: ApiRoutes) => {
    const api = serve({ me, extra });
    const view = await openProfile();
    const opener = screen.getByRole("button", { name: "Edit Profile" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Edit Profile" });
    return { ...view, api, dialog, opener };
  };
  const inDialog = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  const pick = (dialog: HTMLElement, file: File) => fireEvent.change(inDialog(dialog, "Profile Picture"), { target: { files: [file] } });
  const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  const describedText = (input: HTMLElement) =>
    (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");

  it("is a labelled modal dialog that takes focus, closes on Escape and gives focus back", async () => {
    const { dialog, opener } = await openDialog();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(inDialog(dialog, "Username").value).toBe("fan_one");
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it("keeps Tab inside the dialog", async () => {
    const { dialog } = await openDialog();
    const save = within(dialog).getByRole("button", { name: "Save Changes" });
    save.focus();
    fireEvent.keyDown(save, { key: "Tab" });
    expect(document.activeElement).toBe(inDialog(dialog, "Username"));
    fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(save);
  });

  it("keeps Cancel and Save Changes in a footer outside the scrolling body, also with a picture preview", async () => {
    const { dialog } = await openDialog();
    const body = dialog.querySelector(":scope > .dialog-body") as HTMLElement;
    const footer = dialog.querySelector(":scope > .dialog-footer") as HTMLElement;
    expect(Array.from(dialog.children).map((child) => child.className)).toEqual(["dialog-title", "dialog-body", "dialog-footer"]);
    const form = body.querySelector("form")!;
    expect(within(body).getByLabelText("Username")).toBeTruthy();

    pick(dialog, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" }));
    const preview = within(dialog).getByRole("img", { name: "Preview of your new profile picture" });
    expect(body.contains(preview)).toBe(true);
    for (const name of ["Cancel", "Save Changes"]) {
      const button = within(dialog).getByRole("button", { name });
      expect(footer.contains(button)).toBe(true);
      expect(body.contains(button)).toBe(false);
    }
    // Save lives outside the form's element but still submits it.
    const saveButton = within(footer).getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;
    expect(saveButton.type).toBe("submit");
    expect(saveButton.form).toBe(form);
  });

  it("styles the dialog so only its body scrolls and the footer stays in view", () => {
    const dialog = declarations(".dialog");
    expect(dialog.get("display")).toEqual(["flex"]);
    expect(dialog.get("flex-direction")).toEqual(["column"]);
    expect(dialog.get("overflow")).toEqual(["hidden"]);
    expect(dialog.get("max-height")).toContain("calc(100dvh - 2rem)");
    const body = declarations(".dialog-body");
    expect(body.get("overflow-y")).toEqual(["auto"]);
    expect(body.get("min-height")).toEqual(["0"]);
    expect(body.get("flex")).toEqual(["1 1 auto"]);
    expect(declarations(".dialog-footer").get("flex")).toEqual(["none"]);
    expect(declarations(".dialog-title").get("flex")).toEqual(["none"]);
  });

  it("has a styled picture picker: the real file input is labelled, focusable and described, with a label as its button", async () => {
    const { dialog } = await openDialog();
    const input = inDialog(dialog, "Profile Picture");
    expect(input.type).toBe("file");
    expect(input.className).toBe("file-picker-input");
    // Reachable by keyboard: not hidden, not disabled, in the Tab order, and takes focus.
    expect(input.hidden).toBe(false);
    expect(input.disabled).toBe(false);
    expect(input.tabIndex).toBe(0);
    input.focus();
    expect(document.activeElement).toBe(input);
    // Its name is the field's label only; the button-like label opens the same input.
    const names = (input.getAttribute("aria-labelledby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(names).toEqual(["Profile Picture"]);
    const button = within(dialog).getByText("Choose a picture").closest("label")!;
    expect(button.htmlFor).toBe(input.id);
    expect(button.className).toContain("btn");
    expect(input.nextElementSibling).toBe(button); // the focus ring rule is `input:focus-visible + label`
    // The chosen file's name and the hint describe it.
    expect(describedText(input)).toContain("No file chosen");
    expect(describedText(input)).toContain("JPG, PNG, GIF (max 2MB)");
    pick(dialog, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" }));
    expect(describedText(input)).toContain("me.png");
    expect(within(dialog).getByText("me.png")).toBeTruthy();
    // Tab from the last text field reaches it before the footer's buttons.
    const order = Array.from(dialog.querySelectorAll<HTMLElement>("input, textarea, button"));
    expect(order.indexOf(input)).toBeGreaterThan(order.indexOf(inDialog(dialog, "Location")));
    expect(order.indexOf(input)).toBeLessThan(order.indexOf(within(dialog).getByRole("button", { name: "Cancel" })));
  });

  it("styles the picker input as visually hidden (never display:none) and draws the focus ring on its button", () => {
    const hidden = declarations(".field .file-picker-input");
    expect(hidden.get("position")).toEqual(["absolute"]);
    expect(hidden.get("opacity")).toEqual(["0"]);
    expect(hidden.has("display")).toBe(false);
    expect(hidden.has("visibility")).toBe(false);
    expect(declarations(".file-picker-input:focus-visible + .file-picker-button").get("outline")).toEqual(["3px solid var(--focus)"]);
  });

  it("translates the picker into Portuguese", async () => {
    serve();
    renderApp(routeTree, `/social/profile/${OWNER_ID}`, { locale: "pt-BR" });
    fireEvent.click(await screen.findByRole("button", { name: "Editar perfil" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Escolher uma foto")).toBeTruthy();
    expect(within(dialog).getByText("Nenhum arquivo escolhido")).toBeTruthy();
  });

  it("closes on a click on the backdrop", async () => {
    const { dialog } = await openDialog();
    fireEvent.mouseDown(dialog.parentElement!);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("refuses a file that is not an image, and one of 2MB or more, before any upload", async () => {
    const { dialog, api } = await openDialog();
    const input = inDialog(dialog, "Profile Picture");
    expect(input.getAttribute("accept")).toBe("image/*");
    expect(describedText(input)).toContain("JPG, PNG, GIF");

    pick(dialog, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(describedText(input)).toContain("Please select an image file");
    expect(input.getAttribute("aria-invalid")).toBe("true");

    pick(dialog, new File([new Uint8Array(2 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" }));
    expect(describedText(input)).toContain("Image must be less than 2MB");

    save(dialog);
    expect(api.callsTo("POST /api/uploads/avatar")).toHaveLength(0);
    expect(api.callsTo("PATCH /api/profiles/me")).toHaveLength(0);

    pick(dialog, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" }));
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(within(dialog).getByRole("img", { name: "Preview of your new profile picture" })).toBeTruthy();
  });

  it("checks the username pattern and the website before saving", async () => {
    const { dialog, api } = await openDialog();
    fireEvent.change(inDialog(dialog, "Username"), { target: { value: "no spaces" } });
    fireEvent.change(inDialog(dialog, "Website"), { target: { value: "not a url" } });
    save(dialog);
    expect(describedText(inDialog(dialog, "Username"))).toContain("Username can only contain letters, numbers, and underscores");
    expect(describedText(inDialog(dialog, "Website"))).toContain("Please enter a valid URL");
    expect(api.callsTo("PATCH /api/profiles/me")).toHaveLength(0);
  });

  it("uploads the picture first, then saves the fields, and shows the result everywhere", async () => {
    const order: string[] = [];
    const saved = profileOf({ username: "renamed", bio: "New bio", avatarUrl: "/uploads/avatars/new.png" });
    const { dialog, api, queryClient } = await openDialog(undefined, {
      "POST /api/uploads/avatar": () => {
        order.push("upload");
        return json(200, { avatarUrl: saved.avatarUrl, filename: "new.png" });
      },
      "PATCH /api/profiles/me": () => {
        order.push("patch");
        return json(200, { profile: saved });
      },
    });
    fireEvent.change(inDialog(dialog, "Username"), { target: { value: "renamed" } });
    fireEvent.change(inDialog(dialog, "Bio"), { target: { value: "New bio" } });
    pick(dialog, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" }));
    save(dialog);

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(order).toEqual(["upload", "patch"]);
    const uploadBody = api.callsTo("POST /api/uploads/avatar")[0]?.[1]?.body;
    expect(uploadBody instanceof FormData && uploadBody.get("avatar") instanceof File).toBe(true);
    const patchBody = JSON.parse(String(api.callsTo("PATCH /api/profiles/me")[0]?.[1]?.body));
    expect(patchBody).toEqual({ username: "renamed", bio: "New bio", website: "https://fan.example/", location: "Miami" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("renamed");
    expect(queryClient.getQueryData<{ user: SessionUser }>(["me"])?.user).toMatchObject({ username: "renamed", avatarUrl: saved.avatarUrl });
  });

  it("says 'Failed to update profile' and puts a taken username next to its field", async () => {
    const { dialog } = await openDialog(undefined, {
      "PATCH /api/profiles/me": apiError(409, "username_taken", "This username is already taken"),
    });
    fireEvent.change(inDialog(dialog, "Username"), { target: { value: "taken" } });
    await act(async () => save(dialog));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Failed to update profile");
    expect(describedText(inDialog(dialog, "Username"))).toContain("This username is already taken");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("shows the server's refusal of a picture next to the picture field", async () => {
    const { dialog, api } = await openDialog(undefined, {
      "POST /api/uploads/avatar": apiError(400, "not_image", "Please select an image file"),
    });
    pick(dialog, new File([new Uint8Array([1, 2, 3])], "fake.png", { type: "image/png" }));
    save(dialog);
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Failed to update profile");
    expect(describedText(inDialog(dialog, "Profile Picture"))).toContain("Please select an image file");
    expect(api.callsTo("PATCH /api/profiles/me")).toHaveLength(0);
  });
});

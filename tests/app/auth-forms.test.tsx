// Sign-up, sign-in, password reset and the local mailbox, rendered through the real file routes.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { safeRedirect } from "../../app/features/auth/redirect";
import { Route as LoginRoute } from "../../app/routes/social/login";
import { Route as SignupRoute } from "../../app/routes/social/signup";
import { Route as ResetRoute } from "../../app/routes/auth/reset-password";
import { Route as MailboxRoute } from "../../app/routes/dev/mailbox";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute } from "./accounts-harness";

const root = createTestRoot();
const routeTree = root.addChildren([
  mountFileRoute(LoginRoute, "/social/login", root),
  mountFileRoute(SignupRoute, "/social/signup", root),
  mountFileRoute(ResetRoute, "/auth/reset-password", root),
  mountFileRoute(MailboxRoute, "/dev/mailbox", root),
  stubRoute(root, "/"),
  stubRoute(root, "/admin"),
  stubRoute(root, "/social"),
  stubRoute(root, "/vip-signup"),
  stubRoute(root, "/social/profile/$userId"),
]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

/** The error text the field points at through aria-describedby, or null. */
function errorOf(label: string): string | null {
  const input = field(label);
  if (input.getAttribute("aria-invalid") !== "true") return null;
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim() || null
  );
}

describe("sign-up form", () => {
  const fillSignup = (v: { username?: string; email?: string; password?: string; confirmPassword?: string }) => {
    if (v.username !== undefined) type("Username", v.username);
    if (v.email !== undefined) type("Email", v.email);
    if (v.password !== undefined) type("Password", v.password);
    if (v.confirmPassword !== undefined) type("Confirm Password", v.confirmPassword);
  };
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Create Account" }));

  it("requires every field and sends nothing", async () => {
    const api = mockApi({});
    renderApp(routeTree, "/social/signup");
    await screen.findByRole("heading", { name: "Create Your Account" });
    submit();
    expect(errorOf("Username")).toBe("Username is required");
    expect(errorOf("Email")).toBe("Email is required");
    expect(errorOf("Password")).toBe("Password is required");
    expect(errorOf("Confirm Password")).toBe("Please confirm your password");
    expect(api.callsTo("POST /api/auth/signup")).toHaveLength(0);
  });

  it.each([
    [{ username: "bad name!" }, "Username", "Username can only contain letters, numbers, and underscores"],
    [{ email: "not-an-email" }, "Email", "Please enter a valid email address"],
    [{ password: "12345", confirmPassword: "12345" }, "Password", "Password must be at least 6 characters"],
    [{ password: "123456", confirmPassword: "654321" }, "Confirm Password", "Passwords don't match"],
  ])("shows the rule %o next to %s and sends nothing", async (override, label, message) => {
    const api = mockApi({});
    renderApp(routeTree, "/social/signup");
    await screen.findByRole("heading", { name: "Create Your Account" });
    fillSignup({ username: "good_name", email: "fan@example.com", password: "secret1", confirmPassword: "secret1", ...override });
    submit();
    expect(errorOf(label)).toBe(message);
    // Only the broken field is flagged.
    const others = ["Username", "Email", "Password", "Confirm Password"].filter((l) => l !== label);
    for (const other of others) expect(errorOf(other)).toBeNull();
    expect(api.callsTo("POST /api/auth/signup")).toHaveLength(0);
  });

  it("creates the account, stores the user and opens the new profile", async () => {
    const user = sessionUser({ username: "new_fan" });
    const api = mockApi({ "POST /api/auth/signup": json(201, { user }) });
    const { router, queryClient } = renderApp(routeTree, "/social/signup");
    await screen.findByRole("heading", { name: "Create Your Account" });
    fillSignup({ username: "new_fan", email: "new@example.com", password: "secret1", confirmPassword: "secret1" });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/social/profile/${user.id}`));
    expect(sentJson(api.callsTo("POST /api/auth/signup")[0])).toEqual({
      username: "new_fan",
      email: "new@example.com",
      password: "secret1",
      confirmPassword: "secret1",
      newsletter: false,
    });
    expect(queryClient.getQueryData(["me"])).toEqual({ user });
  });

  it("sends the news box when ticked (unticked by default)", async () => {
    const api = mockApi({ "POST /api/auth/signup": json(201, { user: sessionUser({ username: "news_fan" }) }) });
    renderApp(routeTree, "/social/signup");
    await screen.findByRole("heading", { name: "Create Your Account" });
    const box = screen.getByRole("checkbox", { name: /news by e-mail\. I can unsubscribe at any time\./ });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    fillSignup({ username: "news_fan", email: "news@example.com", password: "secret1", confirmPassword: "secret1" });
    submit();
    await waitFor(() => expect(api.callsTo("POST /api/auth/signup")).toHaveLength(1));
    expect(sentJson(api.callsTo("POST /api/auth/signup")[0])).toMatchObject({ newsletter: true });
  });

  it("puts a taken username next to the username field", async () => {
    mockApi({ "POST /api/auth/signup": apiError(409, "username_taken", "This username is already taken") });
    renderApp(routeTree, "/social/signup");
    await screen.findByRole("heading", { name: "Create Your Account" });
    fillSignup({ username: "taken", email: "new@example.com", password: "secret1", confirmPassword: "secret1" });
    submit();
    await waitFor(() => expect(errorOf("Username")).toBe("This username is already taken"));
  });

  it("falls back to the generic message when the server fails", async () => {
    mockApi({ "POST /api/auth/signup": apiError(500, "internal", "Something went wrong. Please try again.") });
    renderApp(routeTree, "/social/signup");
    await screen.findByRole("heading", { name: "Create Your Account" });
    fillSignup({ username: "fan", email: "new@example.com", password: "secret1", confirmPassword: "secret1" });
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Error creating account. Please try again.");
  });

  it("links to sign-in and to VIP sign-up", async () => {
    mockApi({});
    renderApp(routeTree, "/social/signup");
    await screen.findByRole("heading", { name: "Create Your Account" });
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/social/login");
    expect(screen.getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
  });
});

describe("sign-in form", () => {
  const signIn = async (url = "/social/login", locale: "en" | "pt-BR" = "en") => {
    const view = renderApp(routeTree, url, { locale });
    await screen.findByRole("heading", { level: 1 });
    type(locale === "en" ? "Email" : "E-mail", "fan@example.com");
    type(locale === "en" ? "Password" : "Senha", "secret1");
    fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Sign In" : "Entrar" }));
    return view;
  };

  it("shows 'Invalid email or password' on a 401", async () => {
    mockApi({ "POST /api/auth/login": apiError(401, "invalid_credentials", "Invalid email or password") });
    await signIn();
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
  });

  it("shows the same message for any other failure", async () => {
    mockApi({ "POST /api/auth/login": apiError(500, "internal", "Something went wrong. Please try again.") });
    await signIn();
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
  });

  it("translates the rate-limit message instead of showing the server's English", async () => {
    mockApi({ "POST /api/auth/login": apiError(429, "rate_limited", "Too many attempts. Please wait a few minutes and try again.") });
    await signIn("/social/login", "pt-BR");
    expect((await screen.findByRole("alert")).textContent).toBe("Muitas tentativas. Aguarde alguns minutos e tente novamente.");
  });

  it("disables the button while signing in", async () => {
    let answer: (r: Response) => void = () => {};
    mockApi({ "POST /api/auth/login": () => new Promise<Response>((resolve) => (answer = resolve)) });
    await signIn();
    const button = await screen.findByRole("button", { name: "Signing in..." });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer(apiError(401, "invalid_credentials", "Invalid email or password"));
    await waitFor(() => expect((screen.getByRole("button", { name: "Sign In" }) as HTMLButtonElement).disabled).toBe(false));
  });

  it("sends a member to their profile and stores the user", async () => {
    const user = sessionUser();
    mockApi({ "POST /api/auth/login": json(200, { user }) });
    const { router, queryClient } = await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/social/profile/${user.id}`));
    expect(queryClient.getQueryData(["me"])).toEqual({ user });
  });

  it("sends an administrator to /admin", async () => {
    mockApi({ "POST /api/auth/login": json(200, { user: sessionUser({ isAdmin: true }) }) });
    const { router } = await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
  });

  it("returns to a same-site redirect and ignores one to another site", async () => {
    mockApi({ "POST /api/auth/login": json(200, { user: sessionUser({ isAdmin: true }) }) });
    const first = await signIn("/social/login?redirect=%2Fsocial%3Ftab%3Dmine");
    await waitFor(() => expect(first.router.state.location.href).toBe("/social?tab=mine"));
    cleanup();
    const second = await signIn("/social/login?redirect=%2F%2Fevil.example%2Fphish");
    await waitFor(() => expect(second.router.state.location.pathname).toBe("/admin"));
  });

  it("links to password reset, sign-up and VIP sign-up", async () => {
    mockApi({});
    renderApp(routeTree, "/social/login");
    await screen.findByRole("heading", { name: "Sign In" });
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/auth/reset-password");
    expect(screen.getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/social/signup");
    expect(screen.getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
  });
});

describe("safeRedirect", () => {
  it.each(["/social", "/social/profile/abc?tab=posts#top", "/"])("keeps the same-site path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });
  it.each(["//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "social", "/\tx", "", 42])("refuses %s", (value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });
});

describe("password reset", () => {
  /** Tokens of the shape the Worker issues (randomToken(32): 43 base64url characters). */
  const TOKEN = "tok_123-abcdefghijklmnopqrstuvwxyzABCDEFGHI";
  const OLD_TOKEN = "old_token-0123456789abcdefghijklmnopqrstuvw";

  it("asks for the e-mail when there is no token and confirms the request", async () => {
    const api = mockApi({ "POST /api/auth/reset/request": json(200, { ok: true }) });
    renderApp(routeTree, "/auth/reset-password");
    await screen.findByRole("heading", { name: "Reset Password" });
    expect(screen.queryByLabelText("New Password")).toBeNull();
    type("Email", "fan@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Instructions" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Password reset instructions have been sent to your email. Please check your inbox and spam folder.",
    );
    expect(sentJson(api.callsTo("POST /api/auth/reset/request")[0])).toEqual({ email: "fan@example.com" });
  });

  it("maps an unknown e-mail and other failures to the spec's texts", async () => {
    let status = 404;
    mockApi({
      "POST /api/auth/reset/request": () =>
        status === 404 ? apiError(404, "user_not_found", "User not found") : apiError(500, "internal", "Something went wrong."),
    });
    renderApp(routeTree, "/auth/reset-password");
    await screen.findByRole("heading", { name: "Reset Password" });
    type("Email", "nobody@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Instructions" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No account found with this email address.");
    status = 500;
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Instructions" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to send reset instructions. Please try again or contact support."));
  });

  it("checks the link, then takes the new password and goes to sign-in after 2 seconds", async () => {
    const api = mockApi({
      "GET /api/auth/reset/verify": json(200, { ok: true }),
      "POST /api/auth/reset/confirm": json(200, { ok: true }),
    });
    const { router } = renderApp(routeTree, `/auth/reset-password?token=${TOKEN}&type=recovery`);
    await screen.findByLabelText("New Password");
    expect(api.callsTo("GET /api/auth/reset/verify")[0]?.[0]).toBe(`/api/auth/reset/verify?token=${TOKEN}`);
    expect(screen.getByLabelText("Confirm New Password")).toBeTruthy();

    type("New Password", "123");
    type("Confirm New Password", "456");
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(errorOf("New Password")).toBe("Password must be at least 6 characters");
    expect(errorOf("Confirm New Password")).toBe("Passwords don't match");
    expect(api.callsTo("POST /api/auth/reset/confirm")).toHaveLength(0);

    type("New Password", "brand-new");
    type("Confirm New Password", "brand-new");
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect((await screen.findByRole("status")).textContent).toBe("Your password has been reset successfully! Redirecting to login...");
    expect(sentJson(api.callsTo("POST /api/auth/reset/confirm")[0])).toEqual({
      token: TOKEN,
      password: "brand-new",
      confirmPassword: "brand-new",
    });
    expect(router.state.location.pathname).toBe("/auth/reset-password");
    await waitFor(() => expect(router.state.location.pathname).toBe("/social/login"), { timeout: 3500 });
    // The login page says the password was changed.
    expect(router.state.location.search).toEqual({ reset: "done" });
    expect((await screen.findByRole("status")).textContent).toBe("Your password was changed. Sign in with your new password.");
    expect(screen.getByLabelText("Email")).toBeTruthy();
  });

  it("says on the login page that the password was changed, in both languages, and only then", async () => {
    mockApi({});
    renderApp(routeTree, "/social/login?reset=done");
    expect((await screen.findByRole("status")).textContent).toBe("Your password was changed. Sign in with your new password.");
    cleanup();
    renderApp(routeTree, "/social/login?reset=done", { locale: "pt-BR" });
    expect((await screen.findByRole("status")).textContent).toBe("Sua senha foi alterada. Entre com a sua nova senha.");
    cleanup();
    renderApp(routeTree, "/social/login?reset=anything");
    await screen.findByRole("button", { name: "Sign In" });
    expect(screen.queryByRole("status")).toBeNull();
  });

  it.each([
    [410, "reset_expired", "This reset link has expired. Please request a new one."],
    [400, "reset_invalid", "Invalid password reset link. Please request a new one."],
  ])("explains a link the server answers %i to, and offers a new one", async (status, code, text) => {
    const consoleError = vi.spyOn(console, "error");
    mockApi({ "GET /api/auth/reset/verify": apiError(status, code, text) });
    renderApp(routeTree, `/auth/reset-password?token=${OLD_TOKEN}&type=recovery`);
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    expect(screen.queryByLabelText("New Password")).toBeNull();
    expect(screen.getByRole("link", { name: "Request a new reset link" }).getAttribute("href")).toBe("/auth/reset-password");
    // A handled answer is a page state, not an error to log.
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it.each(["bad-token", "x".repeat(44), `${"a".repeat(42)}!`])(
    "calls the malformed link %s invalid without asking the server, and logs nothing",
    async (token) => {
      const consoleError = vi.spyOn(console, "error");
      const api = mockApi({});
      renderApp(routeTree, `/auth/reset-password?token=${encodeURIComponent(token)}&type=recovery`);
      expect((await screen.findByRole("alert")).textContent).toBe("Invalid password reset link. Please request a new one.");
      expect(screen.queryByLabelText("New Password")).toBeNull();
      expect(screen.getByRole("link", { name: "Request a new reset link" }).getAttribute("href")).toBe("/auth/reset-password");
      expect(api.callsTo("GET /api/auth/reset/verify")).toHaveLength(0);
      expect(api.fetchMock).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      consoleError.mockRestore();
    },
  );

  it("reports a missing token on submit", async () => {
    const api = mockApi({});
    renderApp(routeTree, "/auth/reset-password?token=");
    await screen.findByLabelText("New Password");
    type("New Password", "brand-new");
    type("Confirm New Password", "brand-new");
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid reset link. Please request a new password reset.");
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

describe("local mailbox", () => {
  it("lists messages newest first with their links, same-site links navigating in the app", async () => {
    const origin = window.location.origin;
    mockApi({
      "GET /api/dev/mailbox": json(200, {
        messages: [
          { id: "a", to: "old@example.com", subject: "Older", text: "first", html: null, createdAt: "2025-01-01T10:00:00.000Z", links: [] },
          {
            id: "b",
            to: "fan@example.com",
            subject: "Reset your password",
            text: "Open the link",
            html: null,
            createdAt: "2025-01-02T10:00:00.000Z",
            links: [`${origin}/auth/reset-password?token=abc&type=recovery`, "https://elsewhere.example/help"],
          },
        ],
      }),
    });
    const { router } = renderApp(routeTree, "/dev/mailbox");
    await screen.findByRole("heading", { name: "Reset your password" });
    expect(screen.getByRole("heading", { name: "Local Development Mailbox" })).toBeTruthy();
    const subjects = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(subjects).toEqual(["Reset your password", "Older"]);

    const external = screen.getByRole("link", { name: "https://elsewhere.example/help" });
    expect(external.getAttribute("target")).toBe("_blank");
    expect(external.getAttribute("rel")).toContain("noopener");

    const article = screen.getByRole("article", { name: "Reset your password" });
    fireEvent.click(within(article).getByRole("link", { name: `${origin}/auth/reset-password?token=abc&type=recovery` }));
    await waitFor(() => expect(router.state.location.href).toBe("/auth/reset-password?token=abc&type=recovery"));
  });

  it("says it only works in local mode when the API answers 404", async () => {
    mockApi({});
    renderApp(routeTree, "/dev/mailbox");
    expect(await screen.findByText("The mailbox is only available in local mode")).toBeTruthy();
  });

  it("shows the empty state and refreshes on demand", async () => {
    const api = mockApi({ "GET /api/dev/mailbox": json(200, { messages: [] }) });
    renderApp(routeTree, "/dev/mailbox");
    expect(await screen.findByText("No messages yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(api.callsTo("GET /api/dev/mailbox")).toHaveLength(2));
  });
});

// A new site starts empty (decision 077): visitors and members get a coming-soon landing page in
// both languages, administrators a set-up checklist the Worker works out from its own data, and
// the first administrator comes from `npm run admin:create` (scripts/lib/first-admin.mjs), whose
// statements run here against the same D1.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { FIRST_ADMIN_LINK_TTL_MS, firstAdminInput, firstAdminStatements, reissueInput, reissueStatements } from "../../scripts/lib/first-admin.mjs";
import { sha256Hex } from "../../worker/lib/crypto";
import type { SetupChecklist, SiteStatus } from "../../worker/contracts/site-setup";
import { call, cookieFrom, createUser, errorOf, fetchApp, type Role } from "./helpers";
import { page } from "./pages-fixtures";

const emptyTheSite = () =>
  env.DB.batch(["DELETE FROM tracks", "DELETE FROM albums", "DELETE FROM radio_stations", "DELETE FROM tv_channels"].map((q) => env.DB.prepare(q)));

/** The landing page's HTML for a role, in a language; `vars` over the test env. */
async function landing(role: Role, lang: "en" | "pt-BR", vars: Record<string, unknown> = {}) {
  const cookie = role === "visitor" ? undefined : (await createUser(role)).cookie;
  const res = await page(`/?lang=${lang}`, { headers: cookie ? { cookie } : {}, vars });
  expect(res.status).toBe(200);
  return res.text();
}

const COMING_SOON = { en: ">Coming soon</h1>", "pt-BR": ">Em breve</h1>" };
const NEWS_POINTER = { en: "Sign up for the news at the foot of the page", "pt-BR": "Cadastre-se para receber as novidades no rodapé" };
const NEWS_BOX = 'class="news-signup ';
/** The in-page links the header and its menu give to the landing page's sections. */
const sectionLinks = (html: string) => [...new Set([...html.matchAll(/href="#(\w+)"/g)].map((m) => m[1]).filter((id) => id !== "main"))];
/** A deployed site (no local bot check), with or without Turnstile's keys. */
const PRODUCTION = { APP_ENV: "production", TURNSTILE_SITE_KEY: undefined, TURNSTILE_SECRET_KEY: undefined };
const PRODUCTION_WITH_TURNSTILE = { ...PRODUCTION, TURNSTILE_SITE_KEY: "0x4AAAAAAA", TURNSTILE_SECRET_KEY: "0x4AAAAAAA-secret" };
const CHECKLIST = { en: "Set up your site", "pt-BR": "Configure o seu site" };

describe("a site with content", () => {
  it("is the landing page with its sections, for an administrator too", async () => {
    expect(await (await call("/api/site/status")).json()).toEqual({ comingSoon: false });
    for (const role of ["visitor", "admin"] as const) {
      const html = await landing(role, "en");
      expect(html, role).toContain('id="music"');
      expect(html, role).not.toContain(COMING_SOON.en);
      expect(html, role).not.toContain(CHECKLIST.en);
      expect(sectionLinks(html), role).toEqual(["music", "vip", "bio", "events", "about", "contact"]);
      for (const id of sectionLinks(html)) expect(html, `${role} #${id}`).toContain(`id="${id}"`);
    }
  });

  it("offers the news box (landing section and footer) only where its sign-up can pass the bot check", async () => {
    const boxes = (html: string) => html.split(NEWS_BOX).length - 1;
    expect(boxes(await landing("visitor", "en"))).toBe(2);
    expect(boxes(await landing("visitor", "en", PRODUCTION_WITH_TURNSTILE))).toBe(2);
    const without = await landing("visitor", "en", PRODUCTION);
    expect(boxes(without)).toBe(0);
    expect(without).not.toContain('id="news"');
  });
});

describe("an empty site", () => {
  beforeEach(emptyTheSite);

  it("is coming soon for everyone (GET /api/site/status), a minute in shared caches", async () => {
    const res = await call("/api/site/status");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(await res.json<SiteStatus>()).toEqual({ comingSoon: true });
  });

  for (const lang of ["en", "pt-BR"] as const) {
    it(`shows visitors and members the coming-soon page with the site's name, and no checklist (${lang})`, async () => {
      for (const role of ["visitor", "user", "vip"] as const) {
        const html = await landing(role, lang);
        expect(html, role).toContain(COMING_SOON[lang]);
        expect(html, role).toContain('class="coming-soon-brand">Freestyle Lovers</p>');
        expect(html, role).not.toContain(CHECKLIST[lang]);
        expect(html, role).not.toContain('id="music"');
        // None of the landing page's sections is here, so nothing links to them.
        expect(sectionLinks(html), role).toEqual([]);
        // Local mode has its own bot check, so the footer's news box works and the page says so.
        expect(html, role).toContain(NEWS_POINTER[lang]);
        expect(html, role).toContain(NEWS_BOX);
      }
    });

    it(`offers no news sign-up on a deployed site without Turnstile's keys, and offers it with them (${lang})`, async () => {
      const without = await landing("visitor", lang, PRODUCTION);
      expect(without).toContain(COMING_SOON[lang]);
      expect(without).not.toContain(NEWS_POINTER[lang]);
      expect(without).not.toContain(NEWS_BOX);
      const withKeys = await landing("visitor", lang, PRODUCTION_WITH_TURNSTILE);
      expect(withKeys).toContain(NEWS_POINTER[lang]);
      expect(withKeys).toContain(NEWS_BOX);
    });

    it(`shows an administrator the checklist, each step linking to its back-office page (${lang})`, async () => {
      const html = await landing("admin", lang);
      expect(html).toContain(COMING_SOON[lang]);
      expect(html).toContain(CHECKLIST[lang]);
      const steps = [...html.matchAll(/data-step="(\w+)" data-done="(\w+)"[\s\S]*?<a[^>]*href="([^"]+)"/g)].map((m) => [m[1], m[2], m[3]]);
      expect(steps).toEqual([
        ["identity", "false", "/admin/settings"],
        ["release", "false", "/admin/catalog"],
        ["broadcast", "false", "/admin/catalog"],
        ["payments", "false", "/admin/settings"],
        ["mail", "false", "/admin/settings"],
        ["botCheck", "false", "/admin/settings"],
      ]);
    });
  }

  it("answers the checklist to administrators only", async () => {
    expect((await errorOf(await call("/api/admin/setup"))).code).toBe("unauthorized");
    for (const role of ["user", "vip", "banned"] as const) {
      const res = await call("/api/admin/setup", { cookie: (await createUser(role)).cookie });
      expect(res.status, role).toBe(role === "banned" ? 401 : 403);
    }
  });

  it("ticks each step as the Worker finds it done, and opens the site with the first release", async () => {
    const admin = await createUser("admin");
    const checklist = async (vars: Record<string, unknown> = {}) => {
      const res = await fetchApp("/api/admin/setup", { cookie: admin.cookie }, vars);
      expect(res.status).toBe(200);
      const { steps } = (await res.json()) as SetupChecklist;
      return Object.fromEntries(steps.map((s) => [s.id, s.done]));
    };
    expect(await checklist()).toEqual({ identity: false, release: false, broadcast: false, payments: false, mail: false, botCheck: false });

    expect((await call("/api/admin/settings", { method: "PUT", json: { artistName: "Ana Luz" }, cookie: admin.cookie })).status).toBe(200);
    await env.DB.prepare(
      "INSERT INTO tv_channels (id, name, description_en, description_pt_br, category, type, thumbnail_key, video_key, duration_seconds, position) VALUES ('c', 'C', '', '', 'live', 'live', 't', 'v', 1, 0)",
    ).run();
    expect(await checklist()).toEqual({ identity: true, release: false, broadcast: true, payments: false, mail: false, botCheck: false });
    expect(
      await checklist({
        STRIPE_SECRET_KEY: "sk_test_x",
        MAIL_PROVIDER: "resend",
        MAIL_API_KEY: "re_x",
        MAIL_FROM: "fans@example.com",
        TURNSTILE_SITE_KEY: "0x4AAAAAAA",
        TURNSTILE_SECRET_KEY: "0x4AAAAAAA-secret",
      }),
    ).toMatchObject({ payments: true, mail: true, botCheck: true });

    // A channel alone opens the site; so does a release alone.
    expect(await (await call("/api/site/status")).json()).toEqual({ comingSoon: false });
    await env.DB.prepare("DELETE FROM tv_channels").run();
    await env.DB.prepare("INSERT INTO albums (id, title, year, type, position) VALUES ('first', 'First', 2026, 'Single', 0)").run();
    expect(await (await call("/api/site/status")).json()).toEqual({ comingSoon: false });
    expect((await checklist()).release).toBe(true);
    expect(await landing("visitor", "en")).not.toContain(COMING_SOON.en);
  });
});

describe("the first administrator (npm run admin:create)", () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM admins").run();
  });

  /** Runs the command's statements; `created` is what the command reads to say whether it made one. */
  async function createFirstAdmin(email: string, username = "owner") {
    const token = crypto.randomUUID();
    const input = firstAdminInput({ email, username });
    const statements = firstAdminStatements({
      ...input,
      userId: crypto.randomUUID(),
      adminId: crypto.randomUUID(),
      tokenHash: await sha256Hex(token),
      now: Date.now(),
    });
    const results = await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
    return { token, created: (results.at(-1)!.results[0] as { created: number }).created };
  }

  const signIn = (email: string, password: string) => call("/api/auth/login", { json: { email, password } });

  it("makes an administrator who chooses the password by a link that works once", async () => {
    const { token, created } = await createFirstAdmin("Owner@Example.com");
    expect(created).toBe(1);
    // No password works until the link sets one.
    expect((await signIn("owner@example.com", "unset")).status).toBe(401);
    const row = await env.DB.prepare("SELECT expires_at - created_at AS ttl FROM password_resets").first<{ ttl: number }>();
    expect(row?.ttl).toBe(FIRST_ADMIN_LINK_TTL_MS);

    expect((await call(`/api/auth/reset/verify?token=${token}`)).status).toBe(200);
    const password = "a-long-new-password";
    const confirm = await call("/api/auth/reset/confirm", { json: { token, password, confirmPassword: password } });
    expect(confirm.status).toBe(200);
    const login = await signIn("owner@example.com", password);
    expect(login.status).toBe(200);
    const me = await (await call("/api/auth/me", { cookie: cookieFrom(login)! })).json<{ user: { isAdmin: boolean; username: string } }>();
    expect(me.user).toMatchObject({ isAdmin: true, username: "owner" });

    // Used once: the same link again, or a wrong one, is refused and changes nothing.
    for (const t of [token, "not-a-token"]) {
      const again = await call("/api/auth/reset/confirm", { json: { token: t, password: "another-password", confirmPassword: "another-password" } });
      expect(again.status).toBe(400);
      expect((await errorOf(again)).code).toBe("reset_invalid");
    }
    expect((await signIn("owner@example.com", password)).status).toBe(200);
  });

  it("gives an owner whose link expired unused a new one (--reissue) that works once, and the old one never", async () => {
    const first = await createFirstAdmin("late.owner@example.com", "late_owner");
    await env.DB.prepare("UPDATE password_resets SET expires_at = ?")
      .bind(Date.now() - 1)
      .run();
    const reissue = async () => {
      const token = crypto.randomUUID();
      const statements = reissueStatements({ ...reissueInput({ email: "Late.Owner@Example.com" }), tokenHash: await sha256Hex(token), now: Date.now() });
      const results = await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
      return { token, issued: (results.at(-1)!.results[0] as { issued: number }).issued };
    };
    const second = await reissue();
    expect(second.issued).toBe(1);
    const choose = (token: string, password: string) => call("/api/auth/reset/confirm", { json: { token, password, confirmPassword: password } });
    expect((await errorOf(await choose(first.token, "a-long-old-password"))).code).toBe("reset_invalid");
    expect((await choose(second.token, "a-long-new-password")).status).toBe(200);
    expect((await signIn("late.owner@example.com", "a-long-new-password")).status).toBe(200);
    // With a password chosen, the command issues nothing more.
    expect((await reissue()).issued).toBe(0);
  });

  it("changes nothing once the site has an administrator", async () => {
    expect((await createFirstAdmin("owner@example.com")).created).toBe(1);
    const before = await env.DB.prepare("SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM password_resets) AS links").first();
    expect((await createFirstAdmin("second@example.com", "second")).created).toBe(0);
    expect(await env.DB.prepare("SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM password_resets) AS links").first()).toEqual(before);
  });

  it("makes a member who already signed up with that address the administrator", async () => {
    const member = await createUser("user");
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    expect((await createFirstAdmin(member.email.toUpperCase(), "other_name")).created).toBe(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users").first()).toEqual(users);
    const me = await (await call("/api/auth/me", { cookie: member.cookie })).json<{ user: { isAdmin: boolean } }>();
    expect(me.user.isAdmin).toBe(true);
  });

  it("refuses bad input before anything runs", () => {
    expect(() => firstAdminInput({ email: "not-an-address", username: "owner" })).toThrow("--email");
    expect(() => firstAdminInput({ email: "a@example.com", username: "has space" })).toThrow("--username");
    expect(() => firstAdminInput({ email: "a@example.com" })).toThrow("--username");
  });
});

describe("a deploy missing a required secret", () => {
  it("answers every request with the misconfigured error naming it, without a stack", async () => {
    for (const path of ["/", "/api/config"]) {
      const res = await fetchApp(path, {}, { APP_ENV: "production", SESSION_SECRET: undefined });
      expect(res.status, path).toBe(500);
      const text = await res.text();
      const { error } = JSON.parse(text) as { error: { code: string; message: string } };
      expect(error.code).toBe("misconfigured");
      expect(error.message).toContain("SESSION_SECRET");
      expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
  });
});

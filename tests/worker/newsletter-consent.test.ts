// The newsletter's consent (decision 045): the double opt-in's states and expiry, the member's own
// choice in settings, the sign-up's box confirmed by the e-mail verification, the signed link's
// preference page and its RFC 8058 one-click unsubscribe. Every answer is checked by its exact
// status and code and by what D1 holds afterwards (read with raw SQL, not the code under test).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { call, createUser, errorOf, ORIGIN, useFreshClientIp } from "./helpers";
import { signContactLink } from "../../worker/lib/signed-link";
import { expireUnconfirmed } from "../../worker/db/newsletter";
import { CONFIRMATION_RESEND_HOURS } from "../../worker/contracts/newsletter";
import { consentText } from "../../worker/services/mail/newsletter";
import { createDb } from "../../worker/db/client";

const D1 = (env as unknown as { DB: D1Database }).DB;
const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const DAY = 86_400_000;
const BRAND = "Freestyle Lovers";

let serial = 0;
const uniqueEmail = () => `reader.${++serial}.${crypto.randomUUID().slice(0, 8)}@example.com`;

type ContactRow = { id: string; status: string; locale: string; topics: string; consent_at: number | null; user_id: string | null; source: string };
const contactOf = (email: string) => D1.prepare("SELECT * FROM marketing_contacts WHERE lower(email) = lower(?)").bind(email).first<ContactRow>();
const consentsOf = async (contactId: string) =>
  (
    await D1.prepare(
      "SELECT source, consent_text, locale, token_hash, confirmed_at, expires_at, actor_id FROM marketing_consents WHERE contact_id = ? ORDER BY created_at, rowid",
    )
      .bind(contactId)
      .all<{
        source: string;
        consent_text: string;
        locale: string;
        token_hash: string | null;
        confirmed_at: number | null;
        expires_at: number | null;
        actor_id: string | null;
      }>()
  ).results;
const mailsTo = async (email: string) =>
  (
    await D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ? ORDER BY created_at, rowid")
      .bind(email)
      .all<{ subject: string; text: string }>()
  ).results;
const tokenIn = (text: string) => /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

async function insertContact(email: string, status: string, extra: { topics?: string[]; locale?: string } = {}) {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO marketing_contacts (id, email, status, source, locale, topics, updated_at) VALUES (?1, ?2, ?3, 'import', ?4, ?5, 0)")
    .bind(id, email, status, extra.locale ?? "en", JSON.stringify(extra.topics ?? ["news", "events"]))
    .run();
  return id;
}

const subscribe = (email: string, locale = "en") =>
  call("/api/newsletter/subscribe", { json: { email, locale }, headers: { "cf-connecting-ip": useFreshClientIp() } });
const confirm = (token: string) => call("/api/newsletter/confirm", { json: { token } });

describe("double opt-in from the site", () => {
  it("a new address is pending until the click, then subscribed with its consent confirmed", async () => {
    const email = uniqueEmail();
    const res = await subscribe(email, "pt-BR");
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true });
    const pending = await contactOf(email);
    expect(pending).toMatchObject({ status: "pending", locale: "pt-BR", consent_at: null });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(`Confirme sua inscrição nas novidades do ${BRAND}`);
    const token = tokenIn(mail!.text)!;
    expect(token).toHaveLength(43);

    const ok = await confirm(token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "subscribed" });
    const after = await contactOf(email);
    expect(after!.status).toBe("subscribed");
    expect(after!.consent_at).toBeGreaterThan(0);
    const [consent] = await consentsOf(after!.id);
    expect(consent).toMatchObject({ source: "contact_form", locale: "pt-BR", token_hash: null, consent_text: consentText("pt-BR", "contact_form", BRAND) });
    expect(consent!.confirmed_at).toBeGreaterThan(0);
  });

  it("a used, unknown or malformed token is refused and changes nothing", async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const token = tokenIn((await mailsTo(email))[0]!.text)!;
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe("invalid_token");
    const unknown = await confirm("x".repeat(43));
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).code).toBe("invalid_token");
    const malformed = await call("/api/newsletter/confirm", { json: { token: 42 } });
    expect(malformed.status).toBe(400);
    expect((await contactOf(email))!.status).toBe("subscribed");
  });

  it("an address already subscribed, or suppressed, gets the same answer and no mail", async () => {
    for (const status of ["subscribed", "bounced", "complained"]) {
      const email = uniqueEmail();
      await insertContact(email, status);
      const res = await subscribe(email);
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ ok: true });
      expect(await mailsTo(email)).toEqual([]);
      expect((await contactOf(email))!.status).toBe(status);
    }
  });

  it("an unsubscribed address stays unsubscribed until its own click", async () => {
    const email = uniqueEmail();
    await insertContact(email, "unsubscribed");
    await subscribe(email);
    expect((await contactOf(email))!.status).toBe("unsubscribed");
    expect((await confirm(tokenIn((await mailsTo(email))[0]!.text)!)).status).toBe(200);
    expect((await contactOf(email))!.status).toBe("subscribed");
  });

  it("bad input is a 400 and stores nothing", async () => {
    const email = "not-an-address";
    const res = await call("/api/newsletter/subscribe", { json: { email, locale: "en" } });
    expect(res.status).toBe(400);
    const wrongLocale = await call("/api/newsletter/subscribe", { json: { email: uniqueEmail(), locale: "fr" } });
    expect(wrongLocale.status).toBe(400);
    expect(await contactOf(email)).toBeNull();
  });

  it("unconfirmed requests are forgotten after 7 days; a confirmed contact stays", async () => {
    const forgotten = uniqueEmail();
    const kept = uniqueEmail();
    await subscribe(forgotten);
    await subscribe(kept);
    expect((await confirm(tokenIn((await mailsTo(kept))[0]!.text)!)).status).toBe(200);
    const id = (await contactOf(forgotten))!.id;
    const db = createDb(env.DB);
    await expireUnconfirmed(db, Date.now() + 7 * DAY - 60_000);
    expect((await contactOf(forgotten))!.status).toBe("pending");
    await expireUnconfirmed(db, Date.now() + 7 * DAY + 60_000);
    expect(await contactOf(forgotten)).toBeNull();
    expect(await consentsOf(id)).toEqual([]);
    expect((await contactOf(kept))!.status).toBe("subscribed");
    // The link of a forgotten request no longer works.
    expect((await confirm(tokenIn((await mailsTo(forgotten))[0]!.text)!)).status).toBe(400);
  });
});

describe("confirmation mails per address", () => {
  it("sends one confirmation per address per 24 hours, whoever asks from wherever, with the same answer every time", async () => {
    const email = uniqueEmail();
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await subscribe(email); // a new client address each time
      answers.push([res.status, await res.text()]);
    }
    expect(answers).toEqual(Array(3).fill([202, JSON.stringify({ ok: true })]));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const contact = (await contactOf(email))!;
    expect(await consentsOf(contact.id)).toHaveLength(1);
    // The one link sent still works: a repeat request replaced nothing.
    expect((await confirm(tokenIn(mails[0]!.text)!)).status).toBe(200);
  });

  it("sends again once the last confirmation is 24 hours old", async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const contact = (await contactOf(email))!;
    await D1.prepare(`UPDATE marketing_consents SET created_at = created_at - ? WHERE contact_id = ?`)
      .bind(CONFIRMATION_RESEND_HOURS * 3_600_000 - 60_000, contact.id)
      .run();
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(1);
    await D1.prepare(`UPDATE marketing_consents SET created_at = created_at - ? WHERE contact_id = ?`).bind(120_000, contact.id).run();
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("an expired link clicked before the clean-up job ran is refused, and the contact stays pending", async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const contact = (await contactOf(email))!;
    await D1.prepare(`UPDATE marketing_consents SET expires_at = ? WHERE contact_id = ?`)
      .bind(Date.now() - 1000, contact.id)
      .run();
    const res = await confirm(tokenIn((await mailsTo(email))[0]!.text)!);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_token");
    expect((await contactOf(email))!.status).toBe("pending");
    const [consent] = await consentsOf(contact.id);
    expect(consent!.confirmed_at).toBeNull();
  });
});

describe("/api/account/newsletter: the member's own choice", () => {
  it("visitors are refused; banned members too", async () => {
    expect((await call("/api/account/newsletter")).status).toBe(401);
    const banned = await createUser("banned");
    expect((await call("/api/account/newsletter", { cookie: banned.cookie })).status).toBe(401);
  });

  for (const role of ["user", "vip", "admin"] as const) {
    it(`a ${role} subscribes at once (verified address), changes topics, and unsubscribes`, async () => {
      const member = await createUser(role);
      const before = await call("/api/account/newsletter", { cookie: member.cookie });
      expect(await before.json()).toEqual({ email: member.email, status: "none", topics: ["news", "events"], locale: "en" });

      const on = await call("/api/account/newsletter", {
        method: "PUT",
        cookie: member.cookie,
        json: { subscribed: true, topics: ["events"], locale: "pt-BR" },
      });
      expect(on.status).toBe(200);
      expect(await on.json()).toEqual({ email: member.email, status: "subscribed", topics: ["events"], locale: "pt-BR" });
      const contact = (await contactOf(member.email))!;
      expect(contact).toMatchObject({ status: "subscribed", user_id: member.id, source: "settings", topics: '["events"]' });
      const [consent] = await consentsOf(contact.id);
      // The sentence is stored in the language the page was read in, not the one chosen for the mails.
      expect(consent).toMatchObject({ source: "settings", actor_id: member.id, locale: "en", consent_text: consentText("en", "settings", BRAND) });
      expect(consent!.confirmed_at).toBeGreaterThan(0);

      const off = await call("/api/account/newsletter", {
        method: "PUT",
        cookie: member.cookie,
        json: { subscribed: false, topics: ["events"], locale: "pt-BR" },
      });
      expect((await off.json<{ status: string }>()).status).toBe("unsubscribed");
      expect((await contactOf(member.email))!.status).toBe("unsubscribed");
      expect(await consentsOf(contact.id)).toHaveLength(1);
    });
  }

  it("an unverified member cannot subscribe yet (403 email_unverified), nothing stored", async () => {
    const member = await createUser("user", { unverified: true });
    const res = await call("/api/account/newsletter", { method: "PUT", cookie: member.cookie, json: { subscribed: true, topics: ["news"], locale: "en" } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("email_unverified");
    expect(await contactOf(member.email)).toBeNull();
  });

  it("a suppressed address cannot be subscribed again (409 address_suppressed)", async () => {
    const member = await createUser("user");
    await insertContact(member.email, "bounced");
    const res = await call("/api/account/newsletter", { method: "PUT", cookie: member.cookie, json: { subscribed: true, topics: ["news"], locale: "en" } });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("address_suppressed");
    expect((await contactOf(member.email))!.status).toBe("bounced");
  });

  it("bad input is a 400", async () => {
    const member = await createUser("user");
    const res = await call("/api/account/newsletter", { method: "PUT", cookie: member.cookie, json: { subscribed: true, topics: ["gossip"], locale: "en" } });
    expect(res.status).toBe(400);
    expect(await contactOf(member.email)).toBeNull();
  });
});

describe('sign-up\'s "send me news"', () => {
  it("waits for the account's e-mail verification, then subscribes", async () => {
    const email = uniqueEmail();
    const res = await call("/api/auth/signup", {
      json: { username: `news_${crypto.randomUUID().slice(0, 8)}`, email, password: "secret123", confirmPassword: "secret123", newsletter: true },
      headers: { "cf-connecting-ip": useFreshClientIp() },
    });
    expect(res.status).toBe(201);
    const contact = (await contactOf(email))!;
    expect(contact).toMatchObject({ status: "pending", source: "sign_up" });
    const verify = (await mailsTo(email)).find((m) => m.text.includes("/verify-email?token="))!;
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(verify.text)![1]!;
    expect((await call("/api/auth/verify-email", { json: { token } })).status).toBe(200);
    expect((await contactOf(email))!.status).toBe("subscribed");
    const [consent] = await consentsOf(contact.id);
    expect(consent).toMatchObject({ source: "sign_up", consent_text: consentText("en", "sign_up", BRAND) });
    expect(consent!.confirmed_at).toBeGreaterThan(0);
  });

  it("left unticked, no contact is made", async () => {
    const email = uniqueEmail();
    const res = await call("/api/auth/signup", {
      json: { username: `quiet_${crypto.randomUUID().slice(0, 8)}`, email, password: "secret123", confirmPassword: "secret123" },
      headers: { "cf-connecting-ip": useFreshClientIp() },
    });
    expect(res.status).toBe(201);
    expect(await contactOf(email)).toBeNull();
  });
});

describe("the signed link: preferences and one-click unsubscribe", () => {
  let contactId: string;
  let email: string;
  let token: string;

  beforeEach(async () => {
    email = uniqueEmail();
    contactId = await insertContact(email, "subscribed", { locale: "pt-BR" });
    token = await signContactLink(SECRET, { contactId, campaignId: null });
  });

  it("shows the masked address, status, topics and language", async () => {
    const res = await call(`/api/newsletter/preferences?t=${token}`);
    expect(res.status).toBe(200);
    const body = await res.json<{ email: string; status: string; topics: string[]; locale: string }>();
    expect(body).toMatchObject({ status: "subscribed", topics: ["news", "events"], locale: "pt-BR" });
    expect(body.email).toMatch(/^re•+@example\.com$/);
  });

  it("a tampered or foreign token is a 404 invalid_link and changes nothing", async () => {
    const other = await signContactLink("another-secret-of-at-least-32-characters!!", { contactId, campaignId: null });
    for (const bad of [token.slice(0, -2) + "AA", other, `${token}.x`, "a".repeat(30)]) {
      const res = await call(`/api/newsletter/unsubscribe?t=${encodeURIComponent(bad)}`, { method: "POST" });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("invalid_link");
    }
    expect((await contactOf(email))!.status).toBe("subscribed");
  });

  it("RFC 8058: a mail client's POST, form-encoded and from no origin, unsubscribes", async () => {
    const res = await call(`/api/newsletter/unsubscribe?t=${token}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      noOrigin: true,
    });
    expect(res.status).toBe(200);
    expect((await contactOf(email))!.status).toBe("unsubscribed");
    // Once more: the same answer, nothing else changes.
    const again = await call(`/api/newsletter/unsubscribe?t=${token}`, { method: "POST", body: "List-Unsubscribe=One-Click", noOrigin: true });
    expect(again.status).toBe(200);
    expect((await again.json<{ status: string }>()).status).toBe("unsubscribed");
  });

  it("a campaign's link marks that campaign's recipient row unsubscribed too", async () => {
    const campaignId = crypto.randomUUID();
    await D1.prepare("INSERT INTO campaigns (id, name, subject_en, created_at, updated_at, status) VALUES (?1, 'c', 's', 0, 0, 'sent')").bind(campaignId).run();
    await D1.prepare("INSERT INTO campaign_recipients (campaign_id, contact_id, email, locale, status) VALUES (?1, ?2, ?3, 'en', 'delivered')")
      .bind(campaignId, contactId, email)
      .run();
    const link = await signContactLink(SECRET, { contactId, campaignId });
    expect((await call(`/api/newsletter/unsubscribe?t=${link}`, { method: "POST", noOrigin: true })).status).toBe(200);
    const row = await D1.prepare("SELECT status FROM campaign_recipients WHERE campaign_id = ? AND contact_id = ?")
      .bind(campaignId, contactId)
      .first<{ status: string }>();
    expect(row!.status).toBe("unsubscribed");
  });

  it("the preference page saves topics and language, and subscribing again records the person's consent", async () => {
    expect((await call(`/api/newsletter/unsubscribe?t=${token}`, { method: "POST" })).status).toBe(200);
    const res = await call(`/api/newsletter/preferences?t=${token}`, { method: "PUT", json: { subscribed: true, topics: ["events"], locale: "en" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "subscribed", topics: ["events"], locale: "en" });
    const consents = await consentsOf(contactId);
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ source: "preferences", consent_text: consentText("en", "preferences", BRAND) });
  });

  it("the preference page's PUT keeps the same-origin check (a cross-site form cannot resubscribe)", async () => {
    await call(`/api/newsletter/unsubscribe?t=${token}`, { method: "POST" });
    const res = await call(`/api/newsletter/preferences?t=${token}`, {
      method: "PUT",
      json: { subscribed: true, topics: ["news"], locale: "en" },
      origin: ORIGIN,
      headers: { origin: "https://evil.test" },
    });
    expect(res.status).toBe(403);
    expect((await contactOf(email))!.status).toBe("unsubscribed");
  });

  it("a suppressed address cannot resubscribe from the page (409)", async () => {
    await D1.prepare("UPDATE marketing_contacts SET status = 'complained' WHERE id = ?").bind(contactId).run();
    const res = await call(`/api/newsletter/preferences?t=${token}`, { method: "PUT", json: { subscribed: true, topics: ["news"], locale: "en" } });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("address_suppressed");
    expect((await contactOf(email))!.status).toBe("complained");
  });
});

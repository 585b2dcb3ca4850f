// Member rights (decision 041): "Download my data" and account deletion through the Worker. The
// export's kinds are compared with every column of the migrated schema that names a member, so a
// table added later without an export entry fails here; after a deletion no row of the member is
// left in any of those columns, and nothing of them is reachable through the routes that show
// members' data.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, ORIGIN, type Role, type TestUser } from "./helpers";
import { acceptSocket } from "./sockets";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import { EXPORT_SOURCES, NOT_EXPORTED, USER_COLUMN_NAMES, DELETED_MEMBER } from "../../worker/db/member-data";
import { chatThread } from "../../worker/services/realtime/chat-thread";
import type { ChatThread } from "../../worker/durable-objects/ChatThread";
import { MEMBER_DATA_CODES, type DataExportStatus } from "../../worker/contracts/member-data";
import { signExportToken } from "../../worker/lib/export-token";

const D1 = env.DB;

/** Every (table, column) of the migrated schema that holds a member's id: a foreign key to users, or a member-ish name. */
async function userColumns(): Promise<string[]> {
  const { results: tables } = await D1.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{
    name: string;
  }>();
  const found = new Set<string>();
  for (const { name } of tables) {
    const { results: fks } = await D1.prepare("SELECT * FROM pragma_foreign_key_list(?)").bind(name).all<{ table: string; from: string }>();
    for (const fk of fks) if (fk.table === "users") found.add(`${name}.${fk.from}`);
    const { results: cols } = await D1.prepare("SELECT name FROM pragma_table_info(?)").bind(name).all<{ name: string }>();
    for (const col of cols) if (USER_COLUMN_NAMES.test(col.name)) found.add(`${name}.${col.name}`);
  }
  return [...found].sort();
}

const exportedColumns = () => new Set(EXPORT_SOURCES.flatMap((s) => ("column" in s ? [`${s.table}.${s.column}`] : [])));

const post = (user: TestUser, content: string) => call("/api/posts", { json: { content }, cookie: user.cookie });

async function newPost(user: TestUser, content: string): Promise<string> {
  const res = await post(user, content);
  expect(res.status).toBe(201);
  return (await res.json<{ post: { id: string } }>()).post.id;
}

/** A picture in R2 and the post that shows it, as the upload route leaves them. */
async function postWithImage(user: TestUser) {
  const file = `${crypto.randomUUID().replaceAll("-", "")}.png`;
  await env.MEDIA.put(`posts/${file}`, new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO posts (id, user_id, content, image_url, image_width, image_height, created_at) VALUES (?, ?, 'with a picture', ?, 10, 10, ?)")
    .bind(id, user.id, `/uploads/posts/${file}`, Date.now())
    .run();
  await D1.prepare("INSERT INTO post_images (key, user_id, width, height, post_id, created_at) VALUES (?, ?, 10, 10, ?, ?)")
    .bind(`posts/${file}`, user.id, id, Date.now())
    .run();
  return { id, key: `posts/${file}` };
}

async function withAvatar(user: TestUser) {
  const file = `${user.id}-${"a".repeat(16)}.png`;
  await env.MEDIA.put(`avatars/${file}`, new Uint8Array([137, 80, 78, 71, 9]));
  await D1.prepare("UPDATE users SET avatar_url = ? WHERE id = ?").bind(`/uploads/avatars/${file}`, user.id).run();
  return `avatars/${file}`;
}

async function chatSays(user: TestUser, content: string) {
  await runInDurableObject(chatThread(env, user.id), async (instance: ChatThread, state) => {
    await instance.exportHistory(); // the schema exists once the object ran
    state.storage.sql.exec(
      "INSERT INTO messages (id, thread_id, role, content, created_at) VALUES (?, 't1', 'user', ?, ?)",
      crypto.randomUUID(),
      content,
      Date.now(),
    );
    state.storage.sql.exec("INSERT INTO meta (key, value) VALUES ('owner', ?) ON CONFLICT (key) DO NOTHING", user.id);
  });
}

const mailsTo = async (to: string) =>
  (await D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ? ORDER BY id").bind(to).all<{ subject: string; text: string }>())
    .results;

async function download(user: TestUser, url: string) {
  const res = await call(url, { cookie: user.cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-/);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const jsonIn = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, Record<string, unknown>[]>;

describe("the export's kinds and the schema", () => {
  it("every column that names a member is exported or listed in NOT_EXPORTED with a reason", async () => {
    const columns = await userColumns();
    expect(columns.length).toBeGreaterThan(20);
    const covered = exportedColumns();
    const missing = columns.filter((c) => !covered.has(c) && !(c in NOT_EXPORTED));
    expect(missing).toEqual([]);
    // And the registry names only columns that exist.
    for (const c of covered) if (c !== "users.id") expect(columns).toContain(c);
    for (const reason of Object.values(NOT_EXPORTED)) expect(reason.length).toBeGreaterThan(10);
  });
});

describe("who may use the routes", () => {
  const roles: Exclude<Role, "visitor" | "banned">[] = ["user", "vip", "admin"];

  it("a visitor and a banned member get 401 on every route", async () => {
    const banned = await createUser("banned");
    for (const cookie of [undefined, banned.cookie]) {
      expect((await call("/api/account/export", { cookie })).status).toBe(401);
      expect((await call("/api/account/export", { method: "POST", cookie })).status).toBe(401);
      expect((await call("/api/account/export/download?token=x", { cookie })).status).toBe(401);
      const res = await call("/api/account/delete", { json: { currentPassword: "secret123", confirmation: banned.username }, cookie });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
    expect((await D1.prepare("SELECT count(*) AS n FROM users WHERE id = ?").bind(banned.id).first<{ n: number }>())?.n).toBe(1);
  });

  it.each(roles)("a %s reads their export state: none before asking", async (role) => {
    const user = await createUser(role);
    const res = await call("/api/account/export", { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(await res.json<DataExportStatus>()).toEqual({ status: "none" });
  });
});

describe("Download my data", () => {
  it("builds one zip with the member's rows, chat and pictures, mails the link, and refuses a second request within the hour", async () => {
    const member = await createUser("vip");
    const other = await createUser("user");
    const postId = await newPost(member, "my very own post");
    const picture = await postWithImage(member);
    const avatar = await withAvatar(member);
    const othersPost = await newPost(other, "someone else's post");
    expect((await call(`/api/posts/${othersPost}/comments`, { json: { content: "my comment" }, cookie: member.cookie })).status).toBe(201);
    expect((await call(`/api/posts/${othersPost}/like`, { method: "PUT", cookie: member.cookie })).status).toBe(200);
    await chatSays(member, "hello from the chat");

    const res = await call("/api/account/export", { method: "POST", json: { currentPassword: member.password }, cookie: member.cookie });
    expect(res.status).toBe(200);
    const status = await res.json<DataExportStatus>();
    expect(status.status).toBe("ready");
    expect(Date.parse(status.expiresAt!) - Date.parse(status.readyAt!)).toBe(24 * 60 * 60 * 1000);

    const files = await download(member, status.downloadUrl!);
    const kinds = new Set(EXPORT_SOURCES.map((s) => `${s.kind}.json`));
    for (const kind of kinds) expect(Object.keys(files)).toContain(kind);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["chat.json", "notifications.json", "README.txt", `images/${avatar}`, `images/${picture.key}`]));
    const posts = jsonIn(files, "posts.json").posts!;
    expect(posts.map((p) => p.id).sort()).toEqual([postId, picture.id].sort());
    expect(posts.find((p) => p.id === postId)?.content).toBe("my very own post");
    expect(jsonIn(files, "comments.json").postComments!.map((c) => c.content)).toEqual(["my comment"]);
    expect(jsonIn(files, "likes.json").postLikes!.map((l) => l.postId)).toEqual([othersPost]);
    expect(JSON.parse(strFromU8(files["chat.json"]!)).messages.map((m: { content: string }) => m.content)).toEqual(["hello from the chat"]);
    const account = jsonIn(files, "account.json").users![0]!;
    expect(account.email).toBe(member.email);
    expect(account).not.toHaveProperty("passwordHash");
    expect(jsonIn(files, "sessions.json").sessions![0]).not.toHaveProperty("idHash");
    // Nobody else's rows.
    expect(JSON.stringify(posts)).not.toContain("someone else's post");
    // The page and the README in the member's language (English here; Portuguese below).
    expect(strFromU8(files["index.html"]!)).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(strFromU8(files["README.txt"]!)).toContain("Every time is an ISO 8601 instant in UTC");

    const mails = await mailsTo(member.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your .+ data is ready to download$/)]);
    expect(mails[0]!.text).toContain(`/api/account/export/download?token=`);

    const again = await call("/api/account/export", { method: "POST", json: { currentPassword: member.password }, cookie: member.cookie });
    expect(again.status).toBe(429);
    expect((await errorOf(again)).code).toBe("export_rate_limited");
    // The ready archive stays.
    expect((await (await call("/api/account/export", { cookie: member.cookie })).json<DataExportStatus>()).status).toBe("ready");
  });

  it("includes the member's newsletter contacts (by account or by address) and their consent records, without token hashes", async () => {
    const member = await createUser("user");
    const other = await createUser("user");
    const now = Date.now();
    await D1.batch([
      // By address (any case), pending a confirmation whose token hash must stay in D1.
      D1.prepare(
        "INSERT INTO marketing_contacts (id, email, status, source, locale, topics, created_at, updated_at) VALUES (?, ?, 'pending', 'contact_form', 'pt-BR', '[\"events\"]', ?, ?)",
      ).bind(`byemail-${member.id}`, member.email.toUpperCase(), now, now),
      D1.prepare(
        "INSERT INTO marketing_consents (id, contact_id, source, consent_text, locale, token_hash, created_at, expires_at) VALUES (?, ?, 'contact_form', 'Quero receber', 'pt-BR', ?, ?, ?)",
      ).bind(`c1-${member.id}`, `byemail-${member.id}`, `secret-hash-${member.id}`, now, now + 1000),
      // By account, under another address.
      D1.prepare(
        "INSERT INTO marketing_contacts (id, email, status, source, user_id, created_at, updated_at) VALUES (?, ?, 'subscribed', 'settings', ?, ?, ?)",
      ).bind(`byuser-${member.id}`, `elsewhere-${member.id}@example.com`, member.id, now, now),
      D1.prepare(
        "INSERT INTO marketing_consents (id, contact_id, source, consent_text, locale, created_at, confirmed_at) VALUES (?, ?, 'settings', 'Send me news', 'en', ?, ?)",
      ).bind(`c2-${member.id}`, `byuser-${member.id}`, now, now),
      // Someone else's.
      D1.prepare("INSERT INTO marketing_contacts (id, email, status, source, created_at, updated_at) VALUES (?, ?, 'subscribed', 'import', ?, ?)").bind(
        `other-${other.id}`,
        other.email,
        now,
        now,
      ),
      D1.prepare(
        "INSERT INTO marketing_consents (id, contact_id, source, consent_text, locale, basis, created_at, confirmed_at) VALUES (?, ?, 'import', 'Imported', 'en', 'consent', ?, ?)",
      ).bind(`c3-${other.id}`, `other-${other.id}`, now, now),
    ]);
    const status = await (
      await call("/api/account/export", { method: "POST", json: { currentPassword: member.password }, cookie: member.cookie })
    ).json<DataExportStatus>();
    const consents = jsonIn(await download(member, status.downloadUrl!), "consents.json");
    const contacts = consents.marketingContacts!.sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(contacts.map((c) => [c.id, c.status, c.locale, c.topics])).toEqual([
      [`byemail-${member.id}`, "pending", "pt-BR", '["events"]'],
      [`byuser-${member.id}`, "subscribed", "en", '["news","events"]'],
    ]);
    const records = consents.marketingConsents!.sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(records).toEqual([
      expect.objectContaining({
        id: `c1-${member.id}`,
        source: "contact_form",
        consentText: "Quero receber",
        locale: "pt-BR",
        createdAt: new Date(now).toISOString(),
        confirmedAt: null,
      }),
      expect.objectContaining({
        id: `c2-${member.id}`,
        source: "settings",
        consentText: "Send me news",
        locale: "en",
        createdAt: new Date(now).toISOString(),
        confirmedAt: new Date(now).toISOString(),
      }),
    ]);
    for (const record of records) expect(record).not.toHaveProperty("tokenHash");
    expect(JSON.stringify(consents)).not.toContain("secret-hash");
    expect(JSON.stringify(consents)).not.toContain(other.email);
  });

  it("is readable by its owner: ISO 8601 times, camelCase names, a README and an index.html in their language that runs nothing they typed", async () => {
    const member = await createUser("vip");
    await D1.prepare("UPDATE users SET locale = 'pt-BR' WHERE id = ?").bind(member.id).run();
    const typed = `<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"`;
    await newPost(member, typed);
    const avatar = await withAvatar(member);
    await chatSays(member, "</td><script>alert(2)</script>");
    const status = await (
      await call("/api/account/export", { method: "POST", json: { currentPassword: member.password }, cookie: member.cookie })
    ).json<DataExportStatus>();
    const files = await download(member, status.downloadUrl!);

    // Every JSON file: field names without underscores, no epoch number anywhere, every time field an ISO instant in UTC.
    const jsonFiles = Object.keys(files).filter((name) => name.endsWith(".json"));
    expect(jsonFiles).toEqual(expect.arrayContaining(["account.json", "posts.json", "chat.json", "export.json"]));
    const times: string[] = [];
    const walk = (value: unknown, key: string, file: string) => {
      if (Array.isArray(value)) return value.forEach((item) => walk(item, key, file));
      if (value && typeof value === "object") {
        for (const [inner, item] of Object.entries(value)) {
          expect(inner, `${file}: ${inner}`).not.toContain("_");
          walk(item, inner, file);
        }
        return;
      }
      if (typeof value === "number") expect(Number.isInteger(value) && value >= 1e11, `${file}: ${key} = ${value}`).toBe(false);
      if (/At$/.test(key) && value !== null) {
        expect(value, `${file}: ${key}`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        times.push(key);
      }
    };
    for (const name of jsonFiles) walk(JSON.parse(strFromU8(files[name]!)), "", name);
    expect(times).toEqual(expect.arrayContaining(["createdAt", "updatedAt", "exportedAt"]));
    const account = jsonIn(files, "account.json").users![0]!;
    expect(account).toMatchObject({ id: member.id, email: member.email, locale: "pt-BR" });
    expect(account.createdAt).toEqual(expect.stringMatching(/Z$/));
    expect(jsonIn(files, "posts.json").posts![0]!.content).toBe(typed);

    const html = strFromU8(files["index.html"]!);
    expect(html).toMatch(/^<!doctype html>\n<html lang="pt-BR">/);
    expect(html).toContain("<title>Seus dados do ");
    expect(html).toContain("Suas publicações e as imagens delas.");
    // What the member typed is text: escaped, never markup, and the page has no script of its own.
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;");
    expect(html).toContain("&lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html.toLowerCase()).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    // Times as dates in the member's language, with the instant kept in the markup; the pictures shown from the archive.
    expect(html).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}T[\d:.]+Z">\d{1,2} de [a-zç]+ de \d{4}/);
    expect(html).toContain(`<img src="images/${avatar}"`);
    expect(strFromU8(files["README.txt"]!)).toContain("Todos os horários são instantes ISO 8601 em UTC");
  });

  it("the mail is in the member's language", async () => {
    const member = await createUser("user");
    await D1.prepare("UPDATE users SET locale = 'pt-BR' WHERE id = ?").bind(member.id).run();
    expect((await call("/api/account/export", { method: "POST", json: { currentPassword: member.password }, cookie: member.cookie })).status).toBe(200);
    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toMatch(/^Seus dados do .+ estão prontos para baixar$/);
    expect(mail!.text).toContain("O link e o arquivo serão apagados em");
  });

  it("a large account is prepared after the answer, and the state moves from preparing to ready", async () => {
    const member = await createUser("user");
    for (let i = 0; i < 11; i++) await postWithImage(member);
    const res = await call("/api/account/export", { method: "POST", json: { currentPassword: member.password }, cookie: member.cookie });
    expect(res.status).toBe(202);
    expect((await res.json<DataExportStatus>()).status).toBe("preparing");
    let status: DataExportStatus = { status: "preparing" };
    for (let i = 0; i < 200 && status.status === "preparing"; i++) {
      await scheduler.wait(10); // polling the state, as the settings section does
      status = await (await call("/api/account/export", { cookie: member.cookie })).json<DataExportStatus>();
    }
    expect(status.status).toBe("ready");
    const files = await download(member, status.downloadUrl!);
    expect(Object.keys(files).filter((f) => f.startsWith("images/posts/"))).toHaveLength(11);
  });

  it("the link opens only the member's current archive, for that member, before it expires", async () => {
    const member = await createUser("user");
    const other = await createUser("user");
    const status = await (
      await call("/api/account/export", { method: "POST", json: { currentPassword: member.password }, cookie: member.cookie })
    ).json<DataExportStatus>();
    const token = new URL(status.downloadUrl!, "https://x").searchParams.get("token")!;
    const refused = async (cookie: string, url: string, code: string, statusCode: number) => {
      const res = await call(url, { cookie });
      expect(res.status).toBe(statusCode);
      expect((await errorOf(res)).code).toBe(code);
    };
    await refused(other.cookie, status.downloadUrl!, MEMBER_DATA_CODES.exportLinkInvalid, 403);
    await refused(member.cookie, `/api/account/export/download?token=${token.slice(0, -2)}xx`, MEMBER_DATA_CODES.exportLinkInvalid, 403);
    const secret = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
    const expired = await signExportToken(secret, member.id, "whatever", new Date(Date.now() - 1000));
    await refused(member.cookie, `/api/account/export/download?token=${expired}`, MEMBER_DATA_CODES.exportLinkInvalid, 403);
    const stale = await signExportToken(secret, member.id, crypto.randomUUID(), new Date(Date.now() + 60_000));
    await refused(member.cookie, `/api/account/export/download?token=${stale}`, MEMBER_DATA_CODES.exportNotFound, 404);
    expect((await call("/api/account/export/download", { cookie: member.cookie })).status).toBe(400);
  });
});

const deleteAccount = (user: TestUser, body: unknown) => call("/api/account/delete", { json: body, cookie: user.cookie });
const userRow = (id: string) => D1.prepare("SELECT id, email, username FROM users WHERE id = ?").bind(id).first();

describe("account deletion refusals change nothing", () => {
  it("a wrong password is 403 invalid_credentials at the field", async () => {
    const member = await createUser("user");
    await newPost(member, "still here");
    const res = await deleteAccount(member, { currentPassword: "wrong-password", confirmation: member.username });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: "invalid_credentials", field: "currentPassword" });
    expect(await userRow(member.id)).not.toBeNull();
    expect((await call("/api/auth/me", { cookie: member.cookie })).status).toBe(200);
  });

  it("a wrong confirmation is 400 confirmation_mismatch; missing or extra fields are 400", async () => {
    const member = await createUser("vip");
    const res = await deleteAccount(member, { currentPassword: member.password, confirmation: member.username.toUpperCase() + "x" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: MEMBER_DATA_CODES.confirmationMismatch, field: "confirmation" });
    for (const body of [
      {},
      { currentPassword: member.password },
      { confirmation: member.username },
      { currentPassword: member.password, confirmation: member.username, extra: 1 },
      "nope",
    ]) {
      expect((await deleteAccount(member, body)).status).toBe(400);
    }
    expect(await userRow(member.id)).not.toBeNull();
  });

  it("the last active administrator cannot delete their account: 409 last_admin", async () => {
    const admin = await createUser("admin");
    // Leave this administrator the only active one.
    await D1.batch([
      D1.prepare("DELETE FROM admins WHERE user_id <> ?").bind(admin.id),
      D1.prepare("UPDATE users SET is_admin = 0 WHERE id <> ?").bind(admin.id),
    ]);
    await newPost(admin, "an admin's post");
    const res = await deleteAccount(admin, { currentPassword: admin.password, confirmation: admin.username });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe(MEMBER_DATA_CODES.lastAdmin);
    expect(await userRow(admin.id)).not.toBeNull();
    expect((await D1.prepare("SELECT count(*) AS n FROM posts WHERE user_id = ?").bind(admin.id).first<{ n: number }>())?.n).toBe(1);
    // With another administrator it goes.
    const second = await createUser("admin");
    expect((await deleteAccount(admin, { currentPassword: admin.password, confirmation: admin.username })).status).toBe(200);
    expect(await userRow(second.id)).not.toBeNull();
  });
});

describe("account deletion", () => {
  it("closes the member's live feed and chat sockets (4401), as a logout does", async () => {
    const member = await createUser("vip");
    const open = async (path: string) => {
      const res = await call(path, { cookie: member.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
      expect(res.status).toBe(101);
      return acceptSocket(res.webSocket!);
    };
    const feed = await open("/api/feed/live");
    const chat = await open("/api/chat/live");
    expect((await deleteAccount(member, { currentPassword: member.password, confirmation: member.username })).status).toBe(200);
    expect(await feed.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(await chat.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
  });

  it("mails the confirmation to the old address in the member's language", async () => {
    const member = await createUser("user");
    await D1.prepare("UPDATE users SET locale = 'pt-BR' WHERE id = ?").bind(member.id).run();
    expect((await deleteAccount(member, { currentPassword: member.password, confirmation: member.username })).status).toBe(200);
    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toMatch(/^Sua conta no .+ foi excluída$/);
    expect(mail!.text).toContain(`Olá, ${member.username},`);
  });

  it("deletes everything of the member, keeps accounting rows without personal fields, and nothing is reachable afterwards", async () => {
    const member = await createUser("vip");
    const other = await createUser("user");
    const admin = await createUser("admin");
    const ownPost = await newPost(member, "a post that must vanish");
    const picture = await postWithImage(member);
    const avatar = await withAvatar(member);
    const othersPost = await newPost(other, "the other member's post");
    expect((await call(`/api/posts/${othersPost}/comments`, { json: { content: "member's comment" }, cookie: member.cookie })).status).toBe(201);
    expect((await call(`/api/posts/${othersPost}/like`, { method: "PUT", cookie: member.cookie })).status).toBe(200);
    expect((await call(`/api/posts/${ownPost}/comments`, { json: { content: "other's comment on the member's post" }, cookie: other.cookie })).status).toBe(
      201,
    );
    expect((await call("/api/playlists", { json: { name: "Mine" }, cookie: member.cookie })).status).toBe(201);
    await chatSays(member, "private chat words");
    const now = Date.now();
    await D1.batch([
      D1.prepare(
        "INSERT INTO subscriptions (id, user_id, customer_id, status, last_event_at, created_at, updated_at) VALUES (?, ?, 'cus_local_x', 'active', ?, ?, ?)",
      ).bind(`sub_local_${member.id.slice(0, 8)}`, member.id, now, now, now),
      D1.prepare("INSERT INTO payment_events (event_id, type, received_at) VALUES (?, 'invoice.paid', ?)").bind(`evt_${member.id}`, now),
      D1.prepare(
        "INSERT INTO tickets (id, order_id, event_title, customer_email, customer_name, status, price_paid_cents, currency, created_at) VALUES (?, ?, 'A show', ?, 'Member Name', 'confirmed', 1000, 'USD', ?)",
      ).bind(crypto.randomUUID(), `order-${member.id}`, member.email, now),
      D1.prepare(
        "INSERT INTO marketing_contacts (id, email, status, consent_at, source, created_at, updated_at) VALUES (?, ?, 'subscribed', ?, 'sign_up', ?, ?)",
      ).bind(crypto.randomUUID(), member.email, now, now, now),
      // The member's contact under another address (they changed it since), tied by user_id, with a consent record.
      D1.prepare(
        "INSERT INTO marketing_contacts (id, email, status, source, user_id, created_at, updated_at) VALUES (?, ?, 'unsubscribed', 'settings', ?, ?, ?)",
      ).bind(`mc-${member.id}`, `old-${member.email}`, member.id, now, now),
      D1.prepare(
        "INSERT INTO marketing_consents (id, contact_id, source, consent_text, locale, created_at, confirmed_at) VALUES (?, ?, 'settings', 'Yes please', 'en', ?, ?)",
      ).bind(`consent-${member.id}`, `mc-${member.id}`, now, now),
    ]);
    // An admin acted on the member: the audit row stays, without the member's address.
    expect((await call(`/api/admin/users/${member.id}/vip`, { method: "PUT", json: { comp: true }, cookie: admin.cookie })).status).toBe(200);

    const res = await deleteAccount(member, { currentPassword: member.password, confirmation: ` ${member.username} ` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    expect(res.headers.getSetCookie().join(";")).toMatch(/__Host-sid=;/);

    // No column that names a member holds the member's id.
    for (const column of await userColumns()) {
      const [table, col] = column.split(".");
      const row = await D1.prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${col}" = ?`).bind(member.id).first<{ n: number }>();
      expect({ column, n: row?.n }).toEqual({ column, n: 0 });
    }
    expect(await userRow(member.id)).toBeNull();
    // Accounting kept, without personal fields.
    expect(await D1.prepare("SELECT count(*) AS n FROM payment_events WHERE event_id = ?").bind(`evt_${member.id}`).first()).toEqual({ n: 1 });
    expect(await D1.prepare("SELECT customer_email, customer_name FROM tickets WHERE order_id = ?").bind(`order-${member.id}`).first()).toEqual({
      customer_email: DELETED_MEMBER,
      customer_name: null,
    });
    expect(await D1.prepare("SELECT count(*) AS n FROM marketing_contacts WHERE lower(email) = lower(?)").bind(member.email).first()).toEqual({ n: 0 });
    // The contact tied by user_id goes too (not merely unlinked), and its consent records with it.
    expect(await D1.prepare("SELECT count(*) AS n FROM marketing_contacts WHERE id = ?").bind(`mc-${member.id}`).first()).toEqual({ n: 0 });
    expect(await D1.prepare("SELECT count(*) AS n FROM marketing_consents WHERE id = ?").bind(`consent-${member.id}`).first()).toEqual({ n: 0 });
    expect(
      await D1.prepare("SELECT count(*) AS n FROM audit_log WHERE instr(summary, ?) > 0 OR instr(actor_email, ?) > 0").bind(member.email, member.email).first(),
    ).toEqual({ n: 0 });
    // The other member's post lost the member's like and comment.
    expect(await D1.prepare("SELECT like_count, comment_count FROM posts WHERE id = ?").bind(othersPost).first()).toEqual({ like_count: 0, comment_count: 0 });
    // Pictures and chat are gone.
    expect(await env.MEDIA.head(avatar)).toBeNull();
    expect(await env.MEDIA.head(picture.key)).toBeNull();
    expect(await chatThread(env, member.id).exportHistory()).toEqual([]);
    // The confirmation went to the old address.
    expect((await mailsTo(member.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/account was deleted$/)]);

    // Nothing is reachable through the routes that show members' data.
    expect((await call("/api/auth/me", { cookie: member.cookie })).status).toBe(200);
    expect(await (await call("/api/auth/me", { cookie: member.cookie })).json()).toEqual({ user: null });
    expect((await call(`/api/profiles/${member.id}`, { cookie: other.cookie })).status).toBe(404);
    for (const id of [ownPost, picture.id]) expect((await call(`/api/posts/${id}`, { cookie: other.cookie })).status).toBe(404);
    const feed = await (await call("/api/posts", { cookie: other.cookie })).text();
    expect(feed).not.toContain(member.id);
    expect(feed).not.toContain("a post that must vanish");
    const comments = await (await call(`/api/posts/${othersPost}/comments`, { cookie: other.cookie })).text();
    expect(comments).not.toContain(member.id);
    for (const search of [member.username, member.email]) {
      const list = await (await call(`/api/admin/users?search=${encodeURIComponent(search)}`, { cookie: admin.cookie })).json<{ users: unknown[] }>();
      expect(list.users).toEqual([]);
    }
  }, 30_000); // many requests and one query per user column, on a shared machine
});

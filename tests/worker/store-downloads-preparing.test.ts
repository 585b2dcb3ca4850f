// A paid download whose files are not all in R2 yet (the local demo media still being written just
// after a fresh start, or a file lost in production): 503 download_preparing with Retry-After, never
// "no such download", nothing counted against the day's limit, a browser sent to its collection
// with that reason; the admin told once per file however many buyers try at once (in the back
// office's notification language); once the file is there, the same link downloads.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { call, createUser, db, errorOf, ORIGIN, type TestUser } from "./helpers";
import { D1, grant, linkFor, putReleaseMedia, seedOrder, type SeededOrder } from "./download-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { siteSettings } from "../../worker/db/schema/operations";
import { MISSING_MEDIA_TEXTS } from "../../worker/services/store/missing-media";

const ALBUM = "freestyle-nights";
const ADMIN = (env as unknown as { ADMIN_EMAIL: string }).ADMIN_EMAIL;

let buyer: TestUser;
let order: SeededOrder;

beforeAll(async () => {
  buyer = await createUser("user");
  order = await seedOrder({ userId: buyer.id, email: buyer.email, lines: [] });
});

/** The Worker's own answer, its background work (the admin's notice) done. */
async function fetchLink(path: string, { method = "GET", navigate = false } = {}) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 200)}` };
  if (navigate) headers["sec-fetch-mode"] = "navigate";
  const res = await app.fetch(new Request(ORIGIN + path, { method, headers }), env, ctx);
  await waitOnExecutionContext(ctx);
  await backgroundWorkSettled();
  return res;
}

const reports = () =>
  D1.prepare("SELECT key FROM missing_media_reports ORDER BY key")
    .all<{ key: string }>()
    .then((r) => r.results);
const adminMails = (subject: string) =>
  D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1 AND subject = ?2")
    .bind(ADMIN, subject)
    .all<{ subject: string; text: string }>()
    .then((r) => r.results);
const counted = (entitlementId: string) =>
  D1.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM download_counts WHERE entitlement_id = ?1")
    .bind(entitlementId)
    .first<{ n: number }>()
    .then((r) => r!.n);

describe("a download whose files are not all there yet", () => {
  it("is 503 download_preparing with Retry-After, for GET and HEAD, counting nothing; a browser lands on its collection with that reason", async () => {
    const entitlementId = await grant(order, { albumId: ALBUM }, buyer.id);
    const path = await linkFor(entitlementId, "mp3");
    const res = await fetchLink(path);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe("download_preparing");
    expect(res.headers.get("retry-after")).toBe("20");
    const head = await fetchLink(path, { method: "HEAD" });
    expect([head.status, head.headers.get("retry-after")]).toEqual([503, "20"]);
    expect(await counted(entitlementId)).toBe(0);
    const browser = await fetchLink(path, { navigate: true });
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe("/collection?download=download_preparing");
  });

  it("tells the admin once per file, in the notification language, however many buyers try at once", async () => {
    // The file as no one has reported it yet (the test before found it missing too).
    await D1.prepare("DELETE FROM missing_media_reports").run();
    await db().insert(siteSettings).values({ key: "notificationLocale", value: "pt-BR", updatedAt: new Date() }).onConflictDoNothing();
    const links = await Promise.all(Array.from({ length: 6 }, async () => linkFor(await grant(order, { albumId: ALBUM }, buyer.id), "mp3")));
    const answers = await Promise.all(links.map((path) => fetchLink(path)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(503));
    const [missing, ...others] = await reports();
    expect(others).toEqual([]);
    const subject = MISSING_MEDIA_TEXTS["pt-BR"].subject("Freestyle Lovers");
    const mails = await adminMails(subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Arquivo: ${missing!.key}`);
    // Another try later: still the one notice.
    await fetchLink(links[0]!);
    expect(await adminMails(subject)).toHaveLength(1);
  });

  it("downloads with the same link once the files are there", async () => {
    const entitlementId = await grant(order, { albumId: ALBUM }, buyer.id);
    const path = await linkFor(entitlementId, "mp3");
    expect((await fetchLink(path)).status).toBe(503);
    await putReleaseMedia(ALBUM);
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect((await res.arrayBuffer()).byteLength).toBe(Number(res.headers.get("content-length")));
    expect(await counted(entitlementId)).toBe(1);
  }, 30_000);
});

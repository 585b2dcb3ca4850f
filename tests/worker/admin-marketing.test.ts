// /api/admin/marketing: the mailing list. Every route answers visitor and banned 401, member and
// VIP 403 (writing nothing), admin 2xx. The import follows back-office.md 5 exactly (header row,
// empty lines skipped, blank e-mails skipped and counted, names trimmed with empty ones as null,
// everyone imported subscribed, addresses already listed left as they were) plus: e-mails checked
// and lower-cased, each address once per file, BOM, CRLF, quoted commas, semicolons and legacy
// encodings read, and a file that is not a contacts CSV refused whole with nothing written. Each
// chunk written has its audit row counting what it really added. The export is RFC 4180 with a
// BOM, CRLF, every field quoted and formula cells neutralised, and re-imports to the same list.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, errorOf, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { PNG_1X1 } from "./image-fixtures";
import {
  CONTACTS_PAGE_SIZE,
  IMPORT_ERRORS_LISTED,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportProgressLine,
  type ImportResult,
  type MarketingContactsResponse,
  type MarketingSummary,
} from "../../worker/contracts/admin-marketing";
import { IMPORT_ROWS_PER_STATEMENT } from "../../worker/db/marketing";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/marketing";
const DAY = 86_400_000;
const BOM = "\uFEFF";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});

type ContactRow = { email: string; first_name: string | null; last_name: string | null; subscribed: number; source: string; consent_at: number | null };
const contacts = async () =>
  (await D1.prepare("SELECT email, first_name, last_name, subscribed, source, consent_at FROM marketing_contacts ORDER BY lower(email)").all<ContactRow>())
    .results;
const contactCount = async () => (await D1.prepare("SELECT count(*) AS n FROM marketing_contacts").first<{ n: number }>())!.n;
const wipe = () => D1.prepare("DELETE FROM marketing_contacts").run();

async function seedContact(
  email: string,
  { first = null as string | null, last = null as string | null, subscribed = true, createdAt = Date.now(), source = "contact_form" } = {},
) {
  await D1.prepare(
    "INSERT INTO marketing_contacts (id, email, first_name, last_name, subscribed, consent_at, source, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6, ?6)",
  )
    .bind(crypto.randomUUID(), email, first, last, subscribed ? 1 : 0, createdAt, source)
    .run();
}

const asAdmin = (path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) =>
  call(path, { ...init, cookie: admin.cookie });
const importCsv = (body: BodyInit, headers: Record<string, string> = { "content-type": "text/csv" }) =>
  asAdmin(`${API}/import`, { method: "POST", body, headers });
async function imported(body: BodyInit): Promise<ImportResult> {
  const res = await importCsv(body);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<ImportResult>();
}
async function exported() {
  const res = await asAdmin(`${API}/export.csv`);
  expect(res.status).toBe(200);
  return { res, text: new TextDecoder("utf-8", { ignoreBOM: true, fatal: false }).decode(await res.arrayBuffer()) };
}

const csv = (...lines: string[]) => lines.join("\r\n");

beforeEach(async () => {
  await wipe();
});

describe("/api/admin/marketing: administrators only", () => {
  it("answers 401 to visitors and banned members and 403 to members and VIPs on every route, writing nothing", async () => {
    await seedContact("kept@example.com");
    const snapshot = () => contacts();
    await expectAdminOnly({ method: "GET", path: `${API}/summary` });
    await expectAdminOnly({ method: "GET", path: `${API}/contacts` });
    await expectAdminOnly({ method: "GET", path: `${API}/export.csv` });
    await expectAdminOnly({ method: "POST", path: `${API}/import`, body: csv("Email", "new@example.com"), headers: { "content-type": "text/csv" } }, snapshot);
    expect(await contacts()).toHaveLength(1);
  });

  it("answers an administrator on every route", async () => {
    for (const path of ["/summary", "/contacts", "/export.csv"]) expect((await asAdmin(`${API}${path}`)).status, path).toBe(200);
    expect((await importCsv(csv("Email", "a@example.com"))).status).toBe(200);
  });
});

describe("GET /api/admin/marketing/summary and /contacts", () => {
  it("counts every contact, the subscribed ones, and those created within 30 days", async () => {
    const now = Date.now();
    await seedContact("new-sub@example.com", { createdAt: now - DAY });
    await seedContact("new-unsub@example.com", { createdAt: now - 29 * DAY, subscribed: false });
    await seedContact("old-sub@example.com", { createdAt: now - 31 * DAY });
    await seedContact("old-unsub@example.com", { createdAt: now - 400 * DAY, subscribed: false });
    const res = await asAdmin(`${API}/summary`);
    expect(await res.json<MarketingSummary>()).toEqual({ totalContacts: 4, subscribers: 2, last30Days: 2 });
  });

  it("lists contacts newest first, a page at a time, names null when absent", async () => {
    const now = Date.now();
    for (let i = 0; i < CONTACTS_PAGE_SIZE + 2; i++)
      await seedContact(`c${i}@example.com`, { createdAt: now - i * 1000, first: i === 0 ? "Ana" : null, subscribed: i !== 1 });
    const page1 = await (await asAdmin(`${API}/contacts`)).json<MarketingContactsResponse>();
    expect([page1.total, page1.page, page1.pageSize, page1.contacts.length]).toEqual([CONTACTS_PAGE_SIZE + 2, 1, CONTACTS_PAGE_SIZE, CONTACTS_PAGE_SIZE]);
    expect(page1.contacts[0]).toMatchObject({ email: "c0@example.com", firstName: "Ana", lastName: null, subscribed: true });
    expect(page1.contacts[1]).toMatchObject({ email: "c1@example.com", firstName: null, subscribed: false });
    expect(Object.keys(page1.contacts[0]!).sort()).toEqual(["createdAt", "email", "firstName", "id", "lastName", "subscribed"]);
    const page2 = await (await asAdmin(`${API}/contacts?page=2`)).json<MarketingContactsResponse>();
    expect(page2.contacts.map((c) => c.email)).toEqual([`c${CONTACTS_PAGE_SIZE}@example.com`, `c${CONTACTS_PAGE_SIZE + 1}@example.com`]);
    expect((await asAdmin(`${API}/contacts?page=0`)).status).toBe(400);
  });
});

describe("POST /api/admin/marketing/import: the spec's rules", () => {
  it("imports FirstName, LastName, Email rows: names trimmed, empty names null, e-mails lower-cased, all subscribed", async () => {
    const result = await imported(csv("FirstName,LastName,Email", "  Ana , Souza ,Ana.Souza@Example.COM", ",,solo@example.com", "Cher,,cher@example.com"));
    expect(result).toEqual({
      total: 3,
      imported: 3,
      skipped: 0,
      skippedReasons: { blankEmail: 0, duplicateInFile: 0, alreadyListed: 0 },
      errorCount: 0,
      errors: [],
    });
    expect(await contacts()).toEqual([
      { email: "ana.souza@example.com", first_name: "Ana", last_name: "Souza", subscribed: 1, source: "import", consent_at: null },
      { email: "cher@example.com", first_name: "Cher", last_name: null, subscribed: 1, source: "import", consent_at: null },
      { email: "solo@example.com", first_name: null, last_name: null, subscribed: 1, source: "import", consent_at: null },
    ]);
  });

  it("skips empty lines without counting them, and skips and counts rows with a blank Email", async () => {
    const result = await imported(
      ["FirstName,LastName,Email", "", "A,B,a@example.com", "   ", "No,Email,", "Blank,Email,   ", ",,", "C,D,c@example.com", ""].join("\n"),
    );
    expect(result).toMatchObject({ total: 4, imported: 2, skipped: 2, skippedReasons: { blankEmail: 2, duplicateInFile: 0, alreadyListed: 0 }, errorCount: 0 });
    expect((await contacts()).map((c) => c.email)).toEqual(["a@example.com", "c@example.com"]);
  });

  it("leaves addresses already listed as they were (any case): names kept, unsubscribed stays unsubscribed", async () => {
    await seedContact("Gone@Example.com", { first: "Original", last: "Name", subscribed: false });
    const result = await imported(csv("FirstName,LastName,Email", "New,Name,gone@example.com", "Fresh,One,fresh@example.com"));
    expect(result).toMatchObject({ total: 2, imported: 1, skipped: 1, skippedReasons: { alreadyListed: 1 } });
    expect(await contacts()).toEqual([
      { email: "fresh@example.com", first_name: "Fresh", last_name: "One", subscribed: 1, source: "import", consent_at: null },
      { email: "Gone@Example.com", first_name: "Original", last_name: "Name", subscribed: 0, source: "contact_form", consent_at: expect.any(Number) },
    ]);
  });

  it("counts an address repeated in the file once (whatever its case): the first row wins", async () => {
    const result = await imported(csv("FirstName,LastName,Email", "First,Row,dup@example.com", "Second,Row,DUP@example.com", "Third,Row,dup@example.com "));
    expect(result).toMatchObject({ total: 3, imported: 1, skipped: 2, skippedReasons: { duplicateInFile: 2 } });
    expect(await contacts()).toMatchObject([{ email: "dup@example.com", first_name: "First" }]);
  });

  it("reports invalid e-mails as 'Import error' rows (row number and cell), importing the rest", async () => {
    const result = await imported(
      csv("FirstName,LastName,Email", "A,B,not-an-email", "C,D,good@example.com", "E,F,two@@example.com", `G,${"x".repeat(101)},long@example.com`),
    );
    expect(result).toMatchObject({ total: 4, imported: 1, skipped: 0, errorCount: 3 });
    expect(result.errors).toEqual([
      { row: 2, code: "invalid_email", value: "not-an-email" },
      { row: 4, code: "invalid_email", value: "two@@example.com" },
      { row: 5, code: "invalid_name", value: `${"x".repeat(57)}...` },
    ]);
    expect(result.imported).toBe(result.total - result.skipped - result.errorCount);
    expect((await contacts()).map((c) => c.email)).toEqual(["good@example.com"]);
  });

  it(`lists at most ${IMPORT_ERRORS_LISTED} row errors but counts them all`, async () => {
    const rows = Array.from({ length: IMPORT_ERRORS_LISTED + 5 }, (_, i) => `x,y,bad${i}`);
    const result = await imported(csv("FirstName,LastName,Email", ...rows, "ok,ok,ok@example.com"));
    expect([result.errorCount, result.errors.length, result.imported]).toEqual([IMPORT_ERRORS_LISTED + 5, IMPORT_ERRORS_LISTED, 1]);
  });
});

describe("POST /api/admin/marketing/import: files as spreadsheets save them", () => {
  it("reads a UTF-8 BOM, CRLF line ends, quoted commas, quotes and line breaks in quotes", async () => {
    const text =
      BOM + csv("FirstName,LastName,Email", '"Smith, Jr.","O""Brien",smith@example.com', '"José","Ção",jose@example.com', '"Multi\nLine",X,multi@example.com');
    const result = await imported(new TextEncoder().encode(text));
    expect(result).toMatchObject({ total: 3, imported: 2, errorCount: 1, errors: [{ row: 4, code: "invalid_name" }] });
    expect(await contacts()).toMatchObject([
      { email: "jose@example.com", first_name: "José", last_name: "Ção" },
      { email: "smith@example.com", first_name: "Smith, Jr.", last_name: 'O"Brien' },
    ]);
  });

  it("reads headers in any order and spelling, semicolon-separated files and extra columns", async () => {
    const result = await imported(["E-mail Address;Phone;last_name;First Name", "semi@example.com;555;Lee;Bo", "other@example.com;;;"].join("\n"));
    expect(result).toMatchObject({ total: 2, imported: 2 });
    expect(await contacts()).toMatchObject([
      { email: "other@example.com", first_name: null, last_name: null },
      { email: "semi@example.com", first_name: "Bo", last_name: "Lee" },
    ]);
  });

  it("reads a file saved as Windows-1252 (not UTF-8)", async () => {
    // "José" in Windows-1252: é is the single byte 0xE9.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode("FirstName,LastName,Email\r\nJos"),
      0xe9,
      ...new TextEncoder().encode(",X,latin@example.com\r\n"),
    ]);
    expect(await imported(bytes)).toMatchObject({ imported: 1 });
    expect(await contacts()).toMatchObject([{ email: "latin@example.com", first_name: "José" }]);
  });

  it("imports nothing, successfully, from a file with no valid row", async () => {
    const before = await auditCount();
    for (const file of [csv("FirstName,LastName,Email"), csv("FirstName,LastName,Email", ",,", "A,B,"), csv("FirstName,LastName,Email", "A,B,nope")]) {
      const result = await imported(file);
      expect(result.imported).toBe(0);
    }
    expect(await contactCount()).toBe(0);
    expect(await auditCount()).toBe(before);
  });
});

describe("POST /api/admin/marketing/import: what is not a contacts CSV is refused whole", () => {
  const refusals: [string, BodyInit, number, string][] = [
    ["an empty body", "", 400, "empty_file"],
    ["only empty lines", "\r\n\r\n  \r\n", 400, "empty_file"],
    ["a picture", PNG_1X1, 415, "not_csv"],
    ["JSON", JSON.stringify({ email: "a@example.com" }), 400, "no_email_column"],
    ["a CSV without an Email column", csv("FirstName,LastName", "Ana,Souza"), 400, "no_email_column"],
    ["a header-less list of addresses", csv("a@example.com", "b@example.com"), 400, "no_email_column"],
    ["an unclosed quote", csv("FirstName,LastName,Email", 'A,"B,a@example.com', "C,D,c@example.com"), 400, "csv_parse_failed"],
  ];
  it.each(refusals)("refuses %s, writing nothing", async (_, body, status, code) => {
    await seedContact("existing@example.com", { first: "Keep" });
    const before = { rows: await contacts(), audit: await auditCount() };
    const res = await importCsv(body);
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
    expect({ rows: await contacts(), audit: await auditCount() }).toEqual(before);
  });

  it("says 'Failed to parse CSV file' (with where) for a broken file", async () => {
    const res = await importCsv(csv("Email", '"a@example.com'));
    expect((await errorOf(res)).message).toMatch(new RegExp(`^${IMPORT_MESSAGES.parseFailed}: `));
  });

  it("refuses a file over the size cap with 413, by its declared size or by what arrives", async () => {
    const big = `Email\n${"a".repeat(IMPORT_MAX_BYTES)}@example.com\n`;
    const res = await importCsv(big);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe("too_large");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await asAdmin(`${API}/import`, { method: "POST", body: stream, headers: { "content-type": "text/csv" } });
    expect(streamed.status).toBe(413);
    expect(await contactCount()).toBe(0);
  });

  it("never answers 500 to garbage bytes, and loses no row", async () => {
    await seedContact("safe@example.com", { first: "Safe" });
    const before = await contacts();
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 255;
    for (let i = 0; i < 20; i++) {
      const bytes = new Uint8Array(200 + i * 37).map(() => random() + 1);
      const res = await importCsv(bytes);
      expect(res.status, `garbage ${i}`).toBeLessThan(500);
      expect(res.status, `garbage ${i}`).toBeGreaterThanOrEqual(400);
    }
    expect(await contacts()).toEqual(before);
  });
});

describe("POST /api/admin/marketing/import: chunks, audit and progress", () => {
  it(`writes a large file in chunks of at most ${IMPORT_ROWS_PER_STATEMENT} rows, one audit row each counting what it added`, async () => {
    const n = IMPORT_ROWS_PER_STATEMENT * 2 + 10;
    await seedContact("bulk7@example.com", { first: "Already" });
    const rows = Array.from({ length: n }, (_, i) => `F${i},L${i},bulk${i}@example.com`);
    const auditBefore = (await D1.prepare("SELECT max(id) AS id FROM audit_log").first<{ id: number | null }>())!.id ?? 0;
    const result = await imported(csv("FirstName,LastName,Email", ...rows));
    expect(result).toMatchObject({ total: n, imported: n - 1, skipped: 1, skippedReasons: { alreadyListed: 1 }, errorCount: 0 });
    expect(await contactCount()).toBe(n);
    const audits = (
      await D1.prepare("SELECT action, target_type, actor_email, summary FROM audit_log WHERE id > ?1 ORDER BY id")
        .bind(auditBefore)
        .all<{ action: string; target_type: string; actor_email: string; summary: string }>()
    ).results;
    expect(audits.map((a) => [a.action, a.target_type, a.actor_email])).toEqual(
      Array.from({ length: 3 }, () => ["contacts.import", "marketing_contacts", admin.email]),
    );
    const summaries = audits.map((a) => JSON.parse(a.summary) as { after: { imported: number; submitted: number; rows: string }; note: string });
    expect(summaries.map((s) => s.after)).toEqual([
      { imported: IMPORT_ROWS_PER_STATEMENT - 1, submitted: IMPORT_ROWS_PER_STATEMENT, rows: `2-${IMPORT_ROWS_PER_STATEMENT + 1}` },
      {
        imported: IMPORT_ROWS_PER_STATEMENT,
        submitted: IMPORT_ROWS_PER_STATEMENT,
        rows: `${IMPORT_ROWS_PER_STATEMENT + 2}-${2 * IMPORT_ROWS_PER_STATEMENT + 1}`,
      },
      { imported: 10, submitted: 10, rows: `${2 * IMPORT_ROWS_PER_STATEMENT + 2}-${n + 1}` },
    ]);
    expect(summaries.map((s) => s.note)).toEqual(["CSV import, part 1 of 3", "CSV import, part 2 of 3", "CSV import, part 3 of 3"]);
    expect(audits.map((a) => JSON.parse(a.summary).detail)).toEqual([1, 2, 3].map((part) => ({ kind: "contacts_csv_import", part, parts: 3 })));
    expect(await contacts()).toContainEqual(expect.objectContaining({ email: "bulk7@example.com", first_name: "Already" }));
  });

  it("also splits by the size of a chunk's text, so long names never make an oversized statement", async () => {
    const n = 3_000;
    const long = "n".repeat(100);
    const rows = Array.from({ length: n }, (_, i) => `${long},${long},long${i}@example.com`);
    const auditBefore = (await D1.prepare("SELECT max(id) AS id FROM audit_log").first<{ id: number | null }>())!.id ?? 0;
    expect(await imported(csv("FirstName,LastName,Email", ...rows))).toMatchObject({ total: n, imported: n });
    const parts = (await D1.prepare("SELECT summary FROM audit_log WHERE id > ?1 AND action = 'contacts.import'").bind(auditBefore).all<{ summary: string }>())
      .results;
    expect(parts.length).toBe(2);
    expect(parts.map((p) => (JSON.parse(p.summary) as { after: { imported: number } }).after.imported).reduce((a, b) => a + b)).toBe(n);
  });

  it("answers progress lines, then the result, when asked for application/x-ndjson", async () => {
    const n = IMPORT_ROWS_PER_STATEMENT + 1;
    const rows = Array.from({ length: n }, (_, i) => `p${i}@example.com`);
    const res = await importCsv(csv("Email", ...rows, ""), { "content-type": "text/csv", accept: "application/x-ndjson" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as ImportProgressLine);
    expect(lines.slice(0, -1)).toEqual([
      { type: "progress", processed: 0, total: n },
      { type: "progress", processed: IMPORT_ROWS_PER_STATEMENT, total: n },
      { type: "progress", processed: n, total: n },
    ]);
    expect(lines.at(-1)).toMatchObject({ type: "result", result: { total: n, imported: n } });
    expect(await contactCount()).toBe(n);
  });

  it("refuses a bad file with an ordinary JSON error even when progress was asked for", async () => {
    const res = await importCsv(csv("Name", "x"), { "content-type": "text/csv", accept: "application/x-ndjson" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("no_email_column");
  });
});

describe("GET /api/admin/marketing/export.csv", () => {
  it("downloads every contact as contacts_export_<timestamp>.csv: BOM, CRLF, FirstName, LastName, Email by address, audited", async () => {
    await seedContact("b@example.com", { first: "Bea", last: "Silva" });
    await seedContact("a@example.com", { subscribed: false });
    const { res, text } = await exported();
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts_export_\d{8}-\d{6}\.csv"$/);
    expect(text).toBe(`${BOM}"FirstName","LastName","Email"\r\n"","","a@example.com"\r\n"Bea","Silva","b@example.com"`);
    const audit = await D1.prepare("SELECT action, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{ action: string; summary: string }>();
    expect(audit!.action).toBe("contacts.export");
    expect(JSON.parse(audit!.summary)).toEqual({ after: { rows: 2 } });
  });

  it("neutralises cells a spreadsheet would run as formulas and quotes commas, quotes and line breaks", async () => {
    await seedContact("-1+1@example.com", { first: '=HYPERLINK("http://evil")', last: "+cmd|' /C calc'!A0" });
    await seedContact("plain@example.com", { first: "@SUM(1)", last: "\tTabbed" });
    await seedContact("quote@example.com", { first: 'Say "hi", ok', last: "Two\nLines" });
    const { text } = await exported();
    expect(text.split("\r\n")).toEqual([
      `${BOM}"FirstName","LastName","Email"`,
      `"'=HYPERLINK(""http://evil"")","'+cmd|' /C calc'!A0","'-1+1@example.com"`,
      `"'@SUM(1)","'\tTabbed","plain@example.com"`,
      `"Say ""hi"", ok","Two\nLines","quote@example.com"`,
    ]);
  });

  it("quotes every field, so a spreadsheet splitting on ';' (Excel in pt-BR) reads no formula out of 'Ana;=1+1;x'", async () => {
    await seedContact("ana@example.com", { first: "Ana;=1+1;x", last: "Lima" });
    const { text } = await exported();
    expect(text).toBe(`${BOM}"FirstName","LastName","Email"\r\n"Ana;=1+1;x","Lima","ana@example.com"`);
  });

  it("re-imports to the same list: into an empty list the same contacts, into the same list nothing new", async () => {
    await seedContact("-dash@example.com", { first: "=1+2", last: "Souza, Jr." });
    await seedContact("ana@example.com", { first: "Ana", last: "O'Neil" });
    await seedContact("noname@example.com", { subscribed: false });
    await seedContact("zoe@example.com", { first: "Zoë", last: "@home" });
    const first = (await exported()).text;
    const listed = (await contacts()).map((c) => [c.email, c.first_name, c.last_name]);

    const again = await imported(new TextEncoder().encode(first));
    expect(again).toMatchObject({ total: 4, imported: 0, skipped: 4, skippedReasons: { alreadyListed: 4 }, errorCount: 0 });
    expect((await contacts()).find((c) => c.email === "noname@example.com")!.subscribed).toBe(0);

    await wipe();
    const fresh = await imported(new TextEncoder().encode(first));
    expect(fresh).toMatchObject({ total: 4, imported: 4, skipped: 0, errorCount: 0 });
    expect((await contacts()).map((c) => [c.email, c.first_name, c.last_name])).toEqual(listed);
    expect((await exported()).text).toBe(first);
  });
});

// /api/admin/marketing: the mailing list. Every route answers visitor and banned 401, member and
// VIP 403 (writing nothing), admin 2xx. The import follows docs/features.md#back-office-administrators (Marketing) exactly (header row,
// empty lines skipped, blank e-mails skipped and counted, names trimmed with empty ones as null,
// everyone imported subscribed, addresses already listed left as they were) plus: e-mails checked
// and lower-cased, each address once per file, BOM, CRLF, quoted commas, semicolons and legacy
// encodings read, and a file that is not a contacts CSV refused whole with nothing written. Each
// chunk written has its audit row counting what it really added. The export is RFC 4180 with a
// BOM, CRLF, every field quoted and formula cells neutralised, and re-imports to the same list.
//
// Since decision 045 the import names the basis the list's consent rests on (?basis=, refused
// without one); each contact it adds gets a consent record of that basis and the admin, in the same
// batch; addresses already listed (an unsubscribed, bounced or complained one included) stay as
// they are; Tags, Country and Language columns are stored.
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
} from "../../worker/contracts/admin/marketing";
import { IMPORT_ROWS_PER_STATEMENT, importConsentText } from "../../worker/db/marketing";
import { IMPORT_BASES } from "../../worker/contracts/newsletter-model";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/marketing";
const DAY = 86_400_000;
const BOM = "\uFEFF";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});

type ContactRow = { email: string; first_name: string | null; last_name: string | null; status: string; source: string; consent_at: number | null };
const contacts = async () =>
  (await D1.prepare("SELECT email, first_name, last_name, status, source, consent_at FROM marketing_contacts ORDER BY lower(email)").all<ContactRow>()).results;
const contactCount = async () => (await D1.prepare("SELECT count(*) AS n FROM marketing_contacts").first<{ n: number }>())!.n;
const wipe = () => D1.prepare("DELETE FROM marketing_contacts").run();

async function seedContact(
  email: string,
  { first = null as string | null, last = null as string | null, status = "subscribed", createdAt = Date.now(), source = "contact_form" } = {},
) {
  const id = crypto.randomUUID();
  await D1.prepare(
    "INSERT INTO marketing_contacts (id, email, first_name, last_name, status, consent_at, source, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6, ?6)",
  )
    .bind(id, email, first, last, status, createdAt, source)
    .run();
  return id;
}

const asAdmin = (path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) =>
  call(path, { ...init, cookie: admin.cookie });
const importCsv = (body: BodyInit, headers: Record<string, string> = { "content-type": "text/csv" }, basis: string | null = "consent") =>
  asAdmin(`${API}/import${basis === null ? "" : `?basis=${basis}`}`, { method: "POST", body, headers });
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
    await expectAdminOnly(
      { method: "POST", path: `${API}/import?basis=consent`, body: csv("Email", "new@example.com"), headers: { "content-type": "text/csv" } },
      snapshot,
    );
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
    await seedContact("new-unsub@example.com", { createdAt: now - 29 * DAY, status: "unsubscribed" });
    await seedContact("old-sub@example.com", { createdAt: now - 31 * DAY });
    await seedContact("old-unsub@example.com", { createdAt: now - 400 * DAY, status: "bounced" });
    const res = await asAdmin(`${API}/summary`);
    expect(await res.json<MarketingSummary>()).toEqual({ totalContacts: 4, subscribers: 2, last30Days: 2 });
  });

  it("lists contacts newest first, a page at a time, names null when absent", async () => {
    const now = Date.now();
    for (let i = 0; i < CONTACTS_PAGE_SIZE + 2; i++)
      await seedContact(`c${i}@example.com`, { createdAt: now - i * 1000, first: i === 0 ? "Ana" : null, status: i === 1 ? "complained" : "subscribed" });
    const page1 = await (await asAdmin(`${API}/contacts`)).json<MarketingContactsResponse>();
    expect([page1.total, page1.page, page1.pageSize, page1.contacts.length]).toEqual([CONTACTS_PAGE_SIZE + 2, 1, CONTACTS_PAGE_SIZE, CONTACTS_PAGE_SIZE]);
    expect(page1.contacts[0]).toMatchObject({ email: "c0@example.com", firstName: "Ana", lastName: null, subscribed: true, status: "subscribed" });
    expect(page1.contacts[1]).toMatchObject({ email: "c1@example.com", firstName: null, subscribed: false, status: "complained" });
    expect(Object.keys(page1.contacts[0]!).sort()).toEqual(["createdAt", "email", "firstName", "id", "lastName", "status", "subscribed"]);
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
      { email: "ana.souza@example.com", first_name: "Ana", last_name: "Souza", status: "subscribed", source: "import", consent_at: null },
      { email: "cher@example.com", first_name: "Cher", last_name: null, status: "subscribed", source: "import", consent_at: null },
      { email: "solo@example.com", first_name: null, last_name: null, status: "subscribed", source: "import", consent_at: null },
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
    await seedContact("Gone@Example.com", { first: "Original", last: "Name", status: "unsubscribed" });
    const result = await imported(csv("FirstName,LastName,Email", "New,Name,gone@example.com", "Fresh,One,fresh@example.com"));
    expect(result).toMatchObject({ total: 2, imported: 1, skipped: 1, skippedReasons: { alreadyListed: 1 } });
    expect(await contacts()).toEqual([
      { email: "fresh@example.com", first_name: "Fresh", last_name: "One", status: "subscribed", source: "import", consent_at: null },
      { email: "Gone@Example.com", first_name: "Original", last_name: "Name", status: "unsubscribed", source: "contact_form", consent_at: expect.any(Number) },
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
    const streamed = await asAdmin(`${API}/import?basis=consent`, { method: "POST", body: stream, headers: { "content-type": "text/csv" } });
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
    // Decoded here: workerd warns when .text() reads a body whose type it does not know as text.
    const lines = new TextDecoder()
      .decode(await res.arrayBuffer())
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
    await seedContact("a@example.com", { status: "unsubscribed" });
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
    await seedContact("noname@example.com", { status: "unsubscribed" });
    await seedContact("zoe@example.com", { first: "Zoë", last: "@home" });
    const first = (await exported()).text;
    const listed = (await contacts()).map((c) => [c.email, c.first_name, c.last_name]);

    const again = await imported(new TextEncoder().encode(first));
    expect(again).toMatchObject({ total: 4, imported: 0, skipped: 4, skippedReasons: { alreadyListed: 4 }, errorCount: 0 });
    expect((await contacts()).find((c) => c.email === "noname@example.com")!.status).toBe("unsubscribed");

    await wipe();
    const fresh = await imported(new TextEncoder().encode(first));
    expect(fresh).toMatchObject({ total: 4, imported: 4, skipped: 0, errorCount: 0 });
    expect((await contacts()).map((c) => [c.email, c.first_name, c.last_name])).toEqual(listed);
    expect((await exported()).text).toBe(first);
  });
});

describe("POST /api/admin/marketing/import: the declared basis, consent records and the optional columns (decision 045)", () => {
  type ConsentRow = {
    contact_id: string;
    email: string;
    source: string;
    consent_text: string;
    locale: string;
    basis: string | null;
    actor_id: string | null;
    token_hash: string | null;
    created_at: number;
    expires_at: number | null;
    confirmed_at: number | null;
  };
  const consents = async () =>
    (
      await D1.prepare(
        `SELECT k.contact_id, c.email, k.source, k.consent_text, k.locale, k.basis, k.actor_id, k.token_hash, k.created_at, k.expires_at, k.confirmed_at
         FROM marketing_consents k JOIN marketing_contacts c ON c.id = k.contact_id ORDER BY c.email`,
      ).all<ConsentRow>()
    ).results;
  const stored = async () =>
    (
      await D1.prepare("SELECT email, status, tags, country, locale FROM marketing_contacts ORDER BY email").all<{
        email: string;
        status: string;
        tags: string;
        country: string | null;
        locale: string;
      }>()
    ).results.map((r) => ({ ...r, tags: JSON.parse(r.tags) as string[] }));

  it.each([
    ["no basis", null],
    ["an empty basis", ""],
    ["an unknown basis", "because"],
    ["a basis in the wrong case", "Consent"],
  ])("refuses %s with 400 import_basis_required, before reading the file, writing nothing", async (_, basis) => {
    await seedContact("existing@example.com");
    const before = { rows: await contacts(), consents: await consents(), audit: await auditCount() };
    for (const accept of ["application/json", "application/x-ndjson"]) {
      const res = await importCsv(csv("Email", "new@example.com"), { "content-type": "text/csv", accept }, basis);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "import_basis_required", field: "basis", message: IMPORT_MESSAGES.basisRequired });
    }
    expect({ rows: await contacts(), consents: await consents(), audit: await auditCount() }).toEqual(before);
  });

  it.each(IMPORT_BASES)(
    "writes one consent record per contact it adds, with the basis '%s' and the admin; none for addresses already listed",
    async (basis) => {
      const existing = await seedContact("old@example.com", { first: "Old" });
      const before = Date.now();
      const result = await importCsv(csv("FirstName,Email", "Ana,ana@example.com", "Again,OLD@example.com", "Bo,bo@example.com"), undefined, basis);
      expect(result.status).toBe(200);
      expect(await result.json<ImportResult>()).toMatchObject({ imported: 2, skippedReasons: { alreadyListed: 1 } });
      const rows = await consents();
      expect(rows.map((r) => r.email)).toEqual(["ana@example.com", "bo@example.com"]);
      for (const row of rows) {
        expect(row).toMatchObject({
          source: "import",
          consent_text: importConsentText(basis),
          locale: "en",
          basis,
          actor_id: admin.id,
          token_hash: null,
          expires_at: null,
        });
        expect(row.confirmed_at).toBe(row.created_at);
        expect(row.created_at).toBeGreaterThanOrEqual(before);
      }
      expect(importConsentText(basis)).toContain(basis);
      expect(rows.some((r) => r.contact_id === existing)).toBe(false);
    },
  );

  it("writes a consent record for every contact of a file split in several chunks, and one only", async () => {
    const n = IMPORT_ROWS_PER_STATEMENT + 3;
    await seedContact("chunk2@example.com");
    const rows = Array.from({ length: n }, (_, i) => `chunk${i}@example.com`);
    expect(await imported(csv("Email", ...rows))).toMatchObject({ imported: n - 1 });
    const counts = await D1.prepare(
      "SELECT count(*) AS consents, count(DISTINCT contact_id) AS contacts, sum(basis = 'consent' AND source = 'import') AS declared FROM marketing_consents",
    ).first<{ consents: number; contacts: number; declared: number }>();
    expect(counts).toEqual({ consents: n - 1, contacts: n - 1, declared: n - 1 });
  });

  it.each(["unsubscribed", "bounced", "complained", "pending"] as const)(
    "never makes a %s address subscribed again, whatever the basis and however the file spells it",
    async (status) => {
      const id = await seedContact("Said.No@example.com", { first: "Kept", status });
      for (const basis of IMPORT_BASES) {
        const result = await imported(new TextEncoder().encode(csv("FirstName,Email,Tags,Country,Language", `New,said.no@EXAMPLE.com,vip,BR,pt-BR`)));
        expect(result).toMatchObject({ imported: 0, skippedReasons: { alreadyListed: 1 } });
        const again = await importCsv(csv("Email", "SAID.NO@example.com"), undefined, basis);
        expect(again.status).toBe(200);
      }
      expect(await stored()).toEqual([{ email: "Said.No@example.com", status, tags: [], country: null, locale: "en" }]);
      expect(await contacts()).toMatchObject([{ first_name: "Kept", status }]);
      expect((await D1.prepare("SELECT count(*) AS n FROM marketing_consents WHERE contact_id = ?").bind(id).first<{ n: number }>())!.n).toBe(0);
    },
  );

  it("stores Tags (split on ; or |, trimmed, once each), Country (any case, stored upper-case) and Language as the contact's locale", async () => {
    const result = await imported(
      csv(
        "Email,Tags,Country,Language",
        'a@example.com," vip ; Rio|  |VIP|fans ",br,pt-BR',
        "b@example.com,,US,pt",
        "c@example.com,solo,,pt_BR",
        "d@example.com,x|y,aq,EN",
        "e@example.com,,,fr",
        "f@example.com,,,",
      ),
    );
    expect(result).toMatchObject({ total: 6, imported: 6, errorCount: 0 });
    expect(await stored()).toEqual([
      { email: "a@example.com", status: "subscribed", tags: ["vip", "Rio", "fans"], country: "BR", locale: "pt-BR" },
      { email: "b@example.com", status: "subscribed", tags: [], country: "US", locale: "pt-BR" },
      { email: "c@example.com", status: "subscribed", tags: ["solo"], country: null, locale: "pt-BR" },
      { email: "d@example.com", status: "subscribed", tags: ["x", "y"], country: "AQ", locale: "en" },
      { email: "e@example.com", status: "subscribed", tags: [], country: null, locale: "en" },
      { email: "f@example.com", status: "subscribed", tags: [], country: null, locale: "en" },
    ]);
  });

  it("refuses a row with an unknown country, more than 10 tags or a tag over 40 characters, importing the rest", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`).join(";");
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`).join("|");
    const result = await imported(
      csv(
        "Email,Tags,Country",
        "a@example.com,,BRA",
        "b@example.com,,XX",
        `c@example.com,"${eleven}",`,
        `d@example.com,${"x".repeat(41)},`,
        `e@example.com,${ten},`,
        `f@example.com,${"x".repeat(40)},GB`,
      ),
    );
    expect(result).toMatchObject({ total: 6, imported: 2, errorCount: 4 });
    expect(result.errors).toEqual([
      { row: 2, code: "invalid_country", value: "BRA" },
      { row: 3, code: "invalid_country", value: "XX" },
      { row: 4, code: "invalid_tags", value: eleven },
      { row: 5, code: "invalid_tags", value: "x".repeat(41) },
    ]);
    expect(await stored()).toEqual([
      { email: "e@example.com", status: "subscribed", tags: ten.split("|"), country: null, locale: "en" },
      { email: "f@example.com", status: "subscribed", tags: ["x".repeat(40)], country: "GB", locale: "en" },
    ]);
    expect((await consents()).map((r) => r.email)).toEqual(["e@example.com", "f@example.com"]);
  });

  it("keeps the export to its spec columns (FirstName, LastName, Email) whatever else was imported", async () => {
    await imported(csv("FirstName,LastName,Email,Tags,Country,Language", "Ana,Lima,ana@example.com,vip,BR,pt-BR"));
    expect((await exported()).text).toBe(`${BOM}"FirstName","LastName","Email"\r\n"Ana","Lima","ana@example.com"`);
  });
});

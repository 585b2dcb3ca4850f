// /api/admin/marketing: the mailing list (administrators only: the admin tree's gate runs first).
// The figures, a page of contacts, the CSV import and the CSV export. The import's body is the
// file itself (text/csv, at most IMPORT_MAX_BYTES); a file that cannot be read as a contacts CSV
// is refused whole before anything is written. Asked with Accept: application/x-ndjson, the import
// answers one JSON line per chunk written (progress) and then the result. The import names, in
// ?basis=, what the list's consent rests on (decision 045); without one it is refused (400
// import_basis_required) before the body is read.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { z } from "#contracts/zod.ts";
import { validate } from "../../lib/validate";
import { errorBody } from "../../lib/errors";
import { ROUTE_CODES } from "#contracts/route-codes.ts";
import { uploadBody } from "../../lib/upload-body";
import { attachment, CSV_CONTENT_TYPE, toCsv } from "../../lib/csv";
import { decodeCsv, parseContactsCsv, readImportBody, type ParsedImport } from "../../lib/contacts-csv";
import { exportContacts, listContacts, marketingSummary } from "../../db/marketing";
import { recordAudit } from "../../db/audit";
import { runImport } from "../../services/marketing/import";
import {
  CONTACT_CSV_HEADERS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_PROGRESS_TYPE,
  type ImportProgressLine,
  type ImportResult,
  type MarketingContactsResponse,
  type MarketingSummary,
} from "#contracts/admin/marketing.ts";
import { actorOf } from "../../middleware/guards";
import { IMPORT_BASES, type ImportBasis } from "#contracts/newsletter-model.ts";

const contactsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional().default(1) });
const importQuerySchema = z.object({ basis: z.enum(IMPORT_BASES, { error: IMPORT_MESSAGES.basisRequired }) });

/** `contacts_export_20250131-235959.csv`: UTC, sortable, no characters a file system refuses. */
export const exportFileName = (now: Date) => `contacts_export_${now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-")}.csv`;

/** The import with a progress line after each chunk; the work goes on after the answer has started. */
function importWithProgress(c: Context<HonoEnv>, basis: ImportBasis, parsed: ParsedImport): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const send = (line: ImportProgressLine) => writer.write(encoder.encode(`${JSON.stringify(line)}\n`));
  const work = (async () => {
    try {
      const result = await runImport(c.var.db, actorOf(c), basis, parsed, (processed, total) => send({ type: "progress", processed, total }));
      await send({ type: "result", result });
    } catch (err) {
      console.error("contacts import failed", err);
      await send({ type: "error", ...errorBody("internal", ROUTE_CODES.internal.en) }).catch(() => {});
    } finally {
      await writer.close().catch(() => {});
    }
  })();
  c.executionCtx.waitUntil(work);
  return new Response(readable, { headers: { "content-type": `${IMPORT_PROGRESS_TYPE}; charset=utf-8`, "cache-control": "no-store" } });
}

export const marketingRoutes = new Hono<HonoEnv>()
  .get("/summary", async (c) => c.json<MarketingSummary>(await marketingSummary(c.var.db)))

  .get("/contacts", validate("query", contactsQuerySchema), async (c) =>
    c.json<MarketingContactsResponse>(await listContacts(c.var.db, c.req.valid("query").page)),
  )

  .post("/import", uploadBody(IMPORT_MAX_BYTES), validate("query", importQuerySchema), async (c) => {
    const { basis } = c.req.valid("query");
    const parsed = parseContactsCsv(decodeCsv(await readImportBody(c.req.raw)));
    if ((c.req.header("accept") ?? "").includes(IMPORT_PROGRESS_TYPE)) return importWithProgress(c, basis, parsed);
    return c.json<ImportResult>(await runImport(c.var.db, actorOf(c), basis, parsed));
  })

  // Every contact, subscribed or not: the file is the list as it stands (docs/features.md#back-office-administrators, Export Contacts: columns FirstName, LastName, Email).
  .get("/export.csv", async (c) => {
    const db = c.var.db;
    const rows = await exportContacts(db);
    const csv = toCsv(
      CONTACT_CSV_HEADERS,
      rows.map((r) => [r.firstName, r.lastName, r.email]),
    );
    // Not a write, but the whole list leaving the site is worth a line in the log.
    await recordAudit(db, { actor: actorOf(c), action: "contacts.export", targetType: "marketing_contacts", summary: { after: { rows: rows.length } } });
    return c.body(csv, 200, { "content-type": CSV_CONTENT_TYPE, "content-disposition": attachment(exportFileName(new Date())) });
  });

// index.html of the data export: every file's rows as tables a member opens in a browser, in their
// language, with no script and nothing fetched. Everything the member typed (posts, comments, chat)
// is escaped, and the page's policy forbids scripts anyway, so their own text cannot run. A table
// shows at most INDEX_ROWS_PER_TABLE rows (the JSON file has them all), which bounds the page's size.
import type { Locale } from "#contracts/locale.ts";
import { escapeHtml } from "../lib/page-head";
import { mailDateTime } from "./mail/format";
import { isTimeField, type ExportRow } from "./data-export-format";
import { exportTexts, fieldLabel } from "./data-export-texts";

export const INDEX_ROWS_PER_TABLE = 500;

/** One file of the archive as the page lists it: `<kind>.json` and its tables. */
export type IndexFile = { file: string; kind: string; tables: Record<string, ExportRow[]> };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function cell(locale: Locale, field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string" && isTimeField(field) && ISO_INSTANT.test(value)) {
    return `<time datetime="${escapeHtml(value)}">${escapeHtml(mailDateTime(locale, new Date(value)))}</time>`;
  }
  return escapeHtml(typeof value === "string" ? value : JSON.stringify(value));
}

function table(locale: Locale, file: string, name: string, rows: ExportRow[]): string {
  const t = exportTexts(locale);
  const heading = `<h3>${escapeHtml(name)}</h3>`;
  if (rows.length === 0) return `${heading}<p class="muted">${escapeHtml(t.noRows)}</p>`;
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const head = fields.map((field) => `<th scope="col">${escapeHtml(fieldLabel(locale, field))}<br><code>${escapeHtml(field)}</code></th>`).join("");
  const shown = rows.slice(0, INDEX_ROWS_PER_TABLE);
  const body = shown.map((row) => `<tr>${fields.map((field) => `<td>${cell(locale, field, row[field])}</td>`).join("")}</tr>`).join("\n");
  const more = rows.length > shown.length ? `<p class="muted">${escapeHtml(t.moreRows(rows.length - shown.length, file))}</p>` : "";
  return `${heading}<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>${more}`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1b1f}
h2{margin-top:2.5rem;border-bottom:1px solid #ddd}table{border-collapse:collapse;font-size:13px}
th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top;white-space:pre-wrap;word-break:break-word}
th code{font-weight:normal;color:#666}.scroll{overflow-x:auto}.muted{color:#666}img{max-width:12rem;margin:.25rem}`;

export type IndexInput = { locale: Locale; brand: string; username: string; exportedAt: Date; files: IndexFile[]; images: string[] };

/** The whole page: a self-contained HTML document, no script, no request but the archive's own pictures. */
export function exportIndexHtml({ locale, brand, username, exportedAt, files, images }: IndexInput): string {
  const t = exportTexts(locale);
  const toc = files.map(({ file, kind }) => `<li><a href="#${escapeHtml(kind)}">${escapeHtml(file)}</a>: ${escapeHtml(t.kinds[kind] ?? "")}</li>`).join("");
  const sections = files
    .map(({ file, kind, tables }) => {
      const body = Object.entries(tables)
        .map(([name, rows]) => table(locale, file, name, rows))
        .join("\n");
      return `<section id="${escapeHtml(kind)}"><h2>${escapeHtml(t.kinds[kind] ?? kind)}</h2><p class="muted">${escapeHtml(t.fileOfKind(file))}</p>\n${body}</section>`;
    })
    .join("\n");
  const pictures = images.length
    ? `<section id="images"><h2>${escapeHtml(t.pictures)}</h2>${images
        .map((key) => `<a href="images/${escapeHtml(encodeURI(key))}"><img src="images/${escapeHtml(encodeURI(key))}" alt="${escapeHtml(key)}"></a>`)
        .join("")}</section>`
    : "";
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title(brand))}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(t.title(brand))}</h1>
<p>${escapeHtml(t.intro(brand, username, mailDateTime(locale, exportedAt)))}</p>
<ul>${t.howToRead.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<h2>${escapeHtml(t.contents)}</h2>
<ul>${toc}</ul>
${sections}
${pictures}
</body>
</html>
`;
}

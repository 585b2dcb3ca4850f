// The import and export requests. The import sends the file itself as the body (the declared basis
// in ?basis=) and asks for
// progress lines (one JSON object a line, the last the result); the export downloads the CSV under
// the name the server gives it.
import { apiErrorOf, ApiRequestError } from "../../../lib/api";
import { IMPORT_PROGRESS_TYPE, MARKETING_API, type ImportProgressLine, type ImportResult } from "#contracts/admin/marketing.ts";
import type { ImportBasis } from "#contracts/newsletter-model.ts";

export type Progress = { processed: number; total: number };

/** An error answer in the API's shape, as the rest of the SPA sees them. */
async function apiError(res: Response): Promise<ApiRequestError> {
  return apiErrorOf(res.status, await res.json().catch(() => null), res.statusText);
}

export async function importContacts(file: Blob, basis: ImportBasis, onProgress: (progress: Progress) => void): Promise<ImportResult> {
  const res = await fetch(`${MARKETING_API}/import?basis=${encodeURIComponent(basis)}`, {
    method: "POST",
    headers: { "content-type": "text/csv", accept: `${IMPORT_PROGRESS_TYPE}, application/json` },
    body: file,
    credentials: "same-origin",
  });
  if (!res.ok) throw await apiError(res);
  if (!res.body || !(res.headers.get("content-type") ?? "").startsWith(IMPORT_PROGRESS_TYPE)) return (await res.json()) as ImportResult;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split("\n");
    buffered = done ? "" : (lines.pop() ?? "");
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as ImportProgressLine;
      if (line.type === "progress") onProgress({ processed: line.processed, total: line.total });
      else if (line.type === "result") return line.result;
      else throw new ApiRequestError(500, line.error.code, line.error.message);
    }
    if (done) throw new ApiRequestError(500, "incomplete", "The import ended without a result");
  }
}

/** The file name from `attachment; filename="..."`, or a dated default. */
function fileNameOf(res: Response): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? `contacts_export_${Date.now()}.csv`;
}

export async function exportContacts(): Promise<void> {
  const res = await fetch(`${MARKETING_API}/export.csv`, { credentials: "same-origin" });
  if (!res.ok) throw await apiError(res);
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileNameOf(res);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

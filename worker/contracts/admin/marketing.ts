// The back office's marketing contacts (Marketing in
// docs/features.md#back-office-administrators). Constants, texts and shapes shared by the Worker and the SPA,
// without zod: the SPA's admin chunk imports these values.
import type { ContactStatus } from "../newsletter-model";

export const MARKETING_API = "/api/admin/marketing";
export const CONTACTS_PAGE_SIZE = 50;

/** The columns an import reads and an export writes, in this order. */
export const CONTACT_CSV_HEADERS = ["FirstName", "LastName", "Email"] as const;
/** A newsletter list of a few hundred thousand addresses fits; anything bigger is not one. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
/** Row problems listed in full; the rest are only counted (errorCount). */
export const IMPORT_ERRORS_LISTED = 100;
/** 'Last 30 Days' (docs/features.md#back-office-administrators, Marketing) counts contacts created within 30 days. */
export const RECENT_DAYS = 30;

/** The content type the SPA asks for to get progress lines while an import runs. */
export const IMPORT_PROGRESS_TYPE = "application/x-ndjson";

/** Why a whole file was refused (400 / 413 / 415), besides invalid_input. */
export const IMPORT_ERROR_CODES = {
  empty: "empty_file",
  tooLarge: "too_large",
  notCsv: "not_csv",
  parseFailed: "csv_parse_failed",
  noEmailColumn: "no_email_column",
  basisRequired: "import_basis_required",
} as const;

export const IMPORT_MESSAGES = {
  empty: "The file is empty",
  tooLarge: "The file is too large (at most 5 MB)",
  notCsv: "This file is not a CSV text file",
  parseFailed: "Failed to parse CSV file",
  noEmailColumn: "The CSV has no Email column (expected FirstName, LastName, Email)",
  basisRequired: "Choose what the list's consent rests on: consent, legitimate_interest or contract",
} as const;

/** Optional import columns: Tags (split on ; or |), Country (ISO 3166-1 alpha-2), Language. */
export const IMPORT_TAGS_MAX = 10;
export const IMPORT_TAG_MAX_CHARS = 40;

/** Why one row was not imported (it counts in errorCount, not in skipped). */
export type ImportIssueCode = "invalid_email" | "invalid_name" | "invalid_country" | "invalid_tags" | "not_saved";

export type ImportIssue = {
  /** The row in the file (1 is the header); null for a problem not tied to one row. */
  row: number | null;
  code: ImportIssueCode;
  /** The offending cell as written (shortened), or for not_saved how many rows were lost. */
  value?: string;
};

/** The import result (docs/features.md#back-office-administrators, Marketing), with the skipped rows broken down and the row problems explained. */
export type ImportResult = {
  /** Data rows in the file (empty lines left out). */
  total: number;
  imported: number;
  skipped: number;
  skippedReasons: { blankEmail: number; duplicateInFile: number; alreadyListed: number };
  errorCount: number;
  /** The first IMPORT_ERRORS_LISTED problems. */
  errors: ImportIssue[];
};

/** The lines of a progress answer (one JSON object a line), the last one being the result or an error. */
export type ImportProgressLine =
  | { type: "progress"; processed: number; total: number }
  | { type: "result"; result: ImportResult }
  | { type: "error"; error: { code: string; message: string } };

export type MarketingSummary = { totalContacts: number; subscribers: number; last30Days: number };

export type MarketingContactView = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** True only when status is 'subscribed' (kept for older clients). */
  subscribed: boolean;
  status: ContactStatus;
  createdAt: string;
};

export type MarketingContactsResponse = { contacts: MarketingContactView[]; total: number; page: number; pageSize: number };

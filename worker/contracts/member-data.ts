// Member rights (LGPD/GDPR, decision 041): "Download my data" (one zip, prepared in the Worker,
// stored privately in R2, fetched through a signed link that lives 24 hours) and account deletion
// (current password plus the username typed again). Shared by the Worker and the SPA.
import { z } from "./zod";
import { PASSWORD_MAX } from "./auth";
import { MEMBER_DATA_MESSAGES } from "./member-data-limits";
export { MEMBER_DATA_MESSAGES } from "./member-data-limits";

export const DATA_EXPORT_API = "/api/account/export";
export const ACCOUNT_DELETE_API = "/api/account/delete";

/** A prepared archive and its link live this long (the link's `exp` is the archive's end). */
export const DATA_EXPORT_TTL_SECONDS = 24 * 60 * 60;
/** One export request an hour per member ([max, window seconds], like RATE_LIMITS). */
export const DATA_EXPORT_RATE_LIMIT = [1, 60 * 60] as const;

/** Stable error codes of these routes (beside invalid_credentials and rate_limited). */
export const MEMBER_DATA_CODES = {
  confirmationMismatch: "confirmation_mismatch",
  lastAdmin: "last_admin",
  exportNotFound: "export_not_found",
  exportLinkInvalid: "export_link_invalid",
  /** One export an hour (not rate_limited, which the password re-check answers). */
  exportRateLimited: "export_rate_limited",
  paymentCancelFailed: "payment_cancel_failed",
} as const;

/**
 * POST /api/account/delete. `confirmation` is the member's username, typed again: the same in
 * every language (a translated word such as DELETE/EXCLUIR would depend on the UI's language),
 * and it names the account being deleted. Compared exactly, after trimming.
 */
export const deleteAccountSchema = z.strictObject({
  currentPassword: z.string().min(1, MEMBER_DATA_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX),
  confirmation: z.string().trim().min(1, MEMBER_DATA_MESSAGES.confirmationRequired).max(100),
});
export type DeleteAccountBody = z.input<typeof deleteAccountSchema>;

/** POST /api/account/export: the current password, asked again (a copy of everything is sensitive). */
export const exportRequestSchema = z.strictObject({
  currentPassword: z.string().min(1, MEMBER_DATA_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX),
});
export type ExportRequestBody = z.input<typeof exportRequestSchema>;

/** GET /api/account/export/download?token=… */
export const exportDownloadQuerySchema = z.object({ token: z.string().min(1).max(2000) });

export type DataExportState = "none" | "preparing" | "ready" | "failed";

/** GET and POST /api/account/export. */
export type DataExportStatus = {
  status: DataExportState;
  /** ISO 8601: when the member asked for it (absent for "none"). */
  requestedAt?: string;
  /** ISO 8601, "ready" only. */
  readyAt?: string;
  /** ISO 8601, "ready" only: the archive and its link end then. */
  expiresAt?: string;
  /** Bytes of the zip, "ready" only. */
  sizeBytes?: number;
  /** Same-origin path with the signed token, "ready" only. */
  downloadUrl?: string;
};

export type AccountDeletedResponse = { deleted: true };

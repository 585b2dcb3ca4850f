// The back office's disputes API (/api/admin/disputes/*, decision 094): the bodies it accepts.
import { z } from "./zod";
import { DISPUTE_NOTE_MAX } from "./disputes-model";

export * from "./disputes-model";

/** The admin's note (uncategorized text the evidence carries); empty clears it. */
export const disputeNoteSchema = z.strictObject({ note: z.string().trim().max(DISPUTE_NOTE_MAX) });

const localDisputeType = z.enum(["dispute", "fraud_warning"]);

/** The local test checkout: raise a dispute or an early fraud warning on a paid order, or on a member's latest VIP payment. */
export const localDisputeSchema = z.union([
  z.strictObject({ orderNumber: z.number().int().positive().max(2_000_000_000), type: localDisputeType }),
  z.strictObject({ username: z.string().trim().min(1).max(100), type: localDisputeType }),
]);

/** The local test checkout: the bank decides. */
export const localCloseSchema = z.strictObject({ outcome: z.enum(["won", "lost"]) });

export const disputeIdParam = z.object({ id: z.string().min(1).max(300) });

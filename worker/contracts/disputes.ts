// The back office's disputes API (/api/admin/disputes/*, decision 094): the bodies it accepts.
import { z } from "./zod";
import { DISPUTE_NOTE_MAX } from "./disputes-model";

export * from "./disputes-model";

/** The admin's note (uncategorized text the evidence carries); empty clears it. */
export const disputeNoteSchema = z.strictObject({ note: z.string().trim().max(DISPUTE_NOTE_MAX) });

/** The local test checkout: raise a dispute or an early fraud warning on a paid order. */
export const localDisputeSchema = z.strictObject({
  orderNumber: z.number().int().positive().max(2_000_000_000),
  type: z.enum(["dispute", "fraud_warning"]),
});

/** The local test checkout: the bank decides. */
export const localCloseSchema = z.strictObject({ outcome: z.enum(["won", "lost"]) });

export const disputeIdParam = z.object({ id: z.string().min(1).max(300) });

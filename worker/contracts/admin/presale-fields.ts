// The event form's VIP presale block (decision 029), part of eventInputSchema (admin-events.ts):
// its fields, its cross-field rules and its stored form. Off ('none') by default; on, it needs a
// start and an end (end after start), a general sale at or after the end (blank: the end) and
// every one of them before the event; a shared presale needs its code. Times are wall clock time
// in the event's zone, like the form's other dates.
import { z } from "../zod";
import { CODE_MODES, isOfferCode, type CodeMode } from "../offer-codes";
import { eventTimeToInstant, optionalEventTime, requireFields } from "./event-fields";
import { PRESALE_FORM_MESSAGES as P } from "../presales";
import { paidMinTierIdField } from "../tiers/gate";

export const presaleFields = () => ({
  presaleCodeMode: z.enum(CODE_MODES, { error: P.modeInvalid }).default("none"),
  presaleStartsAt: optionalEventTime(),
  presaleEndsAt: optionalEventTime(),
  generalSaleAt: optionalEventTime(),
  presaleSharedCode: z
    .string({ error: P.codeInvalid })
    .trim()
    .refine((s) => s === "" || isOfferCode(s), P.codeInvalid)
    .nullish()
    .transform((s) => (s ? s : null)),
  /** The code for this tier and above (decision 104); null: VIP and above. */
  presaleMinTierId: paidMinTierIdField(),
});

type PresaleInput = {
  presaleCodeMode: CodeMode;
  presaleStartsAt: string | null;
  presaleEndsAt: string | null;
  generalSaleAt: string | null;
  presaleSharedCode: string | null;
  presaleMinTierId: string | null;
  eventDate: string | null;
  timeZone: string;
};
type Ctx = { addIssue(issue: { code: "custom"; path: string[]; message: string }): void };

/** The presale's rules, run with the event's (a presale without a mode is no presale: nothing to check). */
export function checkPresale(v: PresaleInput, ctx: Ctx) {
  if (v.presaleCodeMode === "none") return;
  requireFields(v, ctx, [
    ["presaleStartsAt", P.startRequired],
    ["presaleEndsAt", P.endRequired],
  ]);
  if (v.presaleCodeMode === "shared") requireFields(v, ctx, [["presaleSharedCode", P.codeRequired]]);
  const at = (text: string | null) => (text === null ? null : eventTimeToInstant(text, v.timeZone));
  const start = at(v.presaleStartsAt);
  const end = at(v.presaleEndsAt);
  const general = at(v.generalSaleAt);
  const event = at(v.eventDate);
  if (start !== null && end !== null && end <= start) ctx.addIssue({ code: "custom", path: ["presaleEndsAt"], message: P.order });
  if (end !== null && general !== null && general < end) ctx.addIssue({ code: "custom", path: ["generalSaleAt"], message: P.generalSaleOrder });
  if (event === null) return;
  // The first of the three that is not before the event names the problem.
  const late = (
    [
      ["presaleStartsAt", start],
      ["presaleEndsAt", end],
      ["generalSaleAt", general],
    ] as const
  ).find(([, t]) => t !== null && t >= event);
  if (late) ctx.addIssue({ code: "custom", path: [late[0]], message: P.afterEvent });
}

/** The stored presale: epoch ms, the general sale defaulting to the end; all null without a presale. */
export function presaleValues(v: PresaleInput) {
  const at = (text: string | null) => (text === null ? null : eventTimeToInstant(text, v.timeZone));
  if (v.presaleCodeMode === "none") {
    return {
      presaleCodeMode: "none" as CodeMode,
      presaleStartsAt: null,
      presaleEndsAt: null,
      generalSaleAt: null,
      presaleSharedCode: null,
      presaleMinTierId: null,
    };
  }
  const presaleEndsAt = at(v.presaleEndsAt);
  return {
    presaleCodeMode: v.presaleCodeMode,
    presaleStartsAt: at(v.presaleStartsAt),
    presaleEndsAt,
    generalSaleAt: at(v.generalSaleAt) ?? presaleEndsAt,
    // A unique presale hands out its pool's codes: a code typed for 'shared' is not kept.
    presaleSharedCode: v.presaleCodeMode === "shared" ? v.presaleSharedCode : null,
    presaleMinTierId: v.presaleMinTierId,
  };
}

// The Worker's refusals of a VIP item's lowest tier (decision 104), as the back-office forms' error
// texts (a module of its own: the forms' JSX-free error modules read it).
import { formKitMessages as m } from "./messages";

export const MIN_TIER_ERROR_TEXTS = { tier_gate_unknown: m.minTierUnknown, tier_gate_archived: m.minTierArchived };

// A campaign's refusals as the back office shows them. The campaign schema's rules name themselves
// with a word (required, too_long, unsafe_link...), and the API answers invalid_input with that
// word as its message and the field's path: the same words and paths checked in the browser first
// (campaignInput.safeParse) and on the server read the same here. The server's English never shows.
import type { IntlShape } from "react-intl";
import { ApiRequestError } from "../../../lib/api";
import { serverErrorText } from "../../../lib/forms/errorText";
import { campaignMessages as m } from "./messages";

const WHERE = {
  name: m.whereName,
  subjectEn: m.whereSubjectEn,
  subjectPtBr: m.whereSubjectPtBr,
  bodyEn: m.whereBodyEn,
  bodyPtBr: m.whereBodyPtBr,
  "audience.country": m.whereCountry,
  "audience.tag": m.whereTag,
  "audience.excludeMailedWithinDays": m.whereExclude,
};
const whereOf = (key: string) => (Object.hasOwn(WHERE, key) ? WHERE[key as keyof typeof WHERE] : undefined);

function whereText(intl: IntlShape, path: string): string {
  const parts = path.split(".");
  const body = parts[0] === "bodyEn" || parts[0] === "bodyPtBr";
  if (body && parts.length > 1 && /^\d+$/.test(parts[1]!)) {
    return intl.formatMessage(m.blockIn, { where: intl.formatMessage(whereOf(parts[0]!)!), n: Number(parts[1]) + 1 });
  }
  const known = whereOf(path) ?? (body ? whereOf(parts[0]!) : undefined);
  return intl.formatMessage(known ?? m.whereOther);
}

/** The text for a schema issue: its rule word and the field's dotted path. */
export function issueText(intl: IntlShape, word: string, path: string): string {
  if (word === "portuguese_incomplete") return intl.formatMessage(m.portugueseIncomplete);
  const where = whereText(intl, path);
  switch (word) {
    case "required":
      return intl.formatMessage(m.errRequired, { where });
    case "too_long":
      return intl.formatMessage(m.errTooLong, { where });
    case "unsafe_link":
      return intl.formatMessage(m.errUnsafeLink, { where });
    case "unsafe_image":
      return intl.formatMessage(m.errUnsafeImage, { where });
    default:
      return path === "bodyEn" || path === "bodyPtBr" ? intl.formatMessage(m.errBlocks, { where }) : intl.formatMessage(m.errInvalid, { where });
  }
}

/** A failed request's text: the campaign codes, a schema refusal, the site's known codes, else `fallback`. */
type Fallback = typeof m.actionFailed | typeof m.loadOneFailed | typeof m.saveFailed | typeof m.uploadFailed;

export function requestErrorText(intl: IntlShape, error: unknown, fallback: Fallback = m.actionFailed): string {
  if (error instanceof ApiRequestError) {
    if (error.code === "campaign_not_draft") return intl.formatMessage(m.notDraft);
    if (error.code === "campaign_state") return intl.formatMessage(m.wrongState);
    if (error.code === "campaign_not_found") return intl.formatMessage(m.notFound);
    if (error.code === "invalid_input" && error.status === 400) return issueText(intl, error.message, error.field ?? "");
    const known = serverErrorText(error);
    if (known) return intl.formatMessage(known.message, known.values);
  }
  return intl.formatMessage(fallback);
}

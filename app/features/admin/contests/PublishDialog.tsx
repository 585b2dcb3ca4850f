// Publishing a placed remix into the catalog (decision 197): the title (empty: "<track> (<remixer>
// Remix)"), an ISRC, and whether to sell it with its prices and the remixers' share. Review checks
// the fields with the Worker's own schema and shows what will be made; nothing is sent before
// "Publish now". Refusals, found here or by the Worker, are said by their code.
import { useId, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
import { codeText, serverErrorText, type ErrorTexts, type UiMessage } from "../../../lib/forms/errorText";
import { validationFailure } from "#contracts/validation-codes.ts";
import { defaultReleaseTitle } from "#contracts/contests/release-limits.ts";
import { publishInputSchema, type ContestReleaseResponse, type PublishInput } from "#contracts/contests/releases.ts";
import { releaseMessages as m } from "./messages";
import { publishEntry } from "./release-queries";
import { useContestWrite } from "./queries";

export type PublishTarget = { contestId: string; entryId: string; entryTitle: string; remixer: string; trackTitle: string };

const RELEASE_TEXTS: ErrorTexts = {
  contest_release_exists: m.errorExists,
  contest_entry_not_placed: m.errorNotPlaced,
  contest_results_not_out: m.errorResultsNotOut,
  contest_release_audio_missing: m.errorAudioMissing,
  isrc_taken: m.errorIsrcTaken,
  isrc_invalid: m.errorIsrcInvalid,
  contest_release_title_too_long: m.errorTitleTooLong,
  contest_release_price_invalid: m.errorPrice,
  contest_release_share_invalid: m.errorShare,
};

/** "9.99" → 999 cents; anything else a price the schema refuses. */
function centsOf(text: string): number {
  const t = text.trim().replace(",", ".");
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : -1;
}

type Fields = { title: string; isrc: string; sell: boolean; usd: string; brl: string; share: string };

function inputOf(f: Fields): PublishInput {
  return {
    title: f.title,
    isrc: f.isrc.trim() === "" ? null : f.isrc,
    sale: f.sell
      ? {
          priceUsdCents: centsOf(f.usd),
          priceBrlCents: f.brl.trim() === "" ? null : centsOf(f.brl),
          sharePercent: /^\d+$/.test(f.share.trim()) ? Number(f.share) : -1,
        }
      : null,
  };
}

/** A labelled input with an optional hint it is described by (the hint stays out of its name). */
function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: (props: { id: string; "aria-describedby"?: string }) => ReactNode;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(hint ? { "aria-describedby": `${id}-hint` } : {}) })}
      {hint ? (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

export function PublishDialog({
  target,
  onClose,
  onPublished,
}: {
  target: PublishTarget;
  onClose: () => void;
  onPublished: (r: ContestReleaseResponse) => void;
}) {
  const intl = useIntl();
  const formId = useId();
  const [fields, setFields] = useState<Fields>({ title: "", isrc: "", sell: false, usd: "", brl: "", share: "" });
  const [reviewing, setReviewing] = useState<PublishInput | null>(null);
  const [problem, setProblem] = useState<UiMessage | null>(null);
  const publish = useContestWrite(publishEntry);
  const set = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setProblem(null);
  };
  const fallbackTitle = defaultReleaseTitle(target.trackTitle, target.remixer);

  const review = () => {
    const input = inputOf(fields);
    const parsed = publishInputSchema.safeParse(input);
    if (!parsed.success) {
      const { code, params } = validationFailure(parsed.error.issues[0]);
      setProblem(codeText(code, params, RELEASE_TEXTS) ?? { message: m.errorFailed });
      return;
    }
    setReviewing(input);
  };
  const confirm = () => {
    if (!reviewing) return;
    publish.mutate(
      { contestId: target.contestId, entryId: target.entryId, input: reviewing },
      {
        onSuccess: onPublished,
        onError: (error) => setProblem(serverErrorText(error, RELEASE_TEXTS) ?? { message: m.errorFailed }),
      },
    );
  };

  const error = problem ? (
    <div className="error-banner" role="alert">
      {intl.formatMessage(problem.message, problem.values)}
    </div>
  ) : null;
  const name = target.entryTitle;
  if (reviewing) {
    const sale = reviewing.sale;
    return (
      <Modal
        title={intl.formatMessage(m.dialogTitle, { name })}
        onClose={onClose}
        footer={
          <>
            {error}
            <div className="dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setReviewing(null)} disabled={publish.isPending}>
                {intl.formatMessage(m.back)}
              </button>
              <button type="button" className="btn btn-primary" onClick={confirm} disabled={publish.isPending}>
                {intl.formatMessage(publish.isPending ? m.publishing : m.confirm)}
              </button>
            </div>
          </>
        }
      >
        <p>
          {intl.formatMessage(m.confirmListen, {
            title: reviewing.title || fallbackTitle,
            remixer: target.remixer,
          })}
        </p>
        {sale ? (
          <p>
            {intl.formatMessage(m.confirmSell, {
              price: intl.formatNumber(sale.priceUsdCents / 100, { style: "currency", currency: "USD" }),
              share: sale.sharePercent,
            })}
          </p>
        ) : null}
      </Modal>
    );
  }
  return (
    <Modal
      title={intl.formatMessage(m.dialogTitle, { name })}
      onClose={onClose}
      className="modal-wide"
      footer={
        <>
          {error}
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {intl.formatMessage(m.cancel)}
            </button>
            <button type="submit" form={formId} className="btn btn-primary">
              {intl.formatMessage(m.review)}
            </button>
          </div>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          review();
        }}
      >
        <Field id={`${formId}-title`} label={intl.formatMessage(m.fieldTitle)} hint={intl.formatMessage(m.fieldTitleHint, { title: fallbackTitle })}>
          {(props) => <input {...props} value={fields.title} placeholder={fallbackTitle} onChange={(e) => set({ title: e.target.value })} />}
        </Field>
        <Field id={`${formId}-isrc`} label={intl.formatMessage(m.fieldIsrc)}>
          {(props) => <input {...props} value={fields.isrc} autoComplete="off" onChange={(e) => set({ isrc: e.target.value })} />}
        </Field>
        <label className="checkbox">
          <input type="checkbox" checked={fields.sell} onChange={(e) => set({ sell: e.target.checked })} />
          {intl.formatMessage(m.fieldSell)}
        </label>
        {fields.sell ? (
          <>
            <Field id={`${formId}-usd`} label={intl.formatMessage(m.fieldPriceUsd)}>
              {(props) => <input {...props} inputMode="decimal" value={fields.usd} onChange={(e) => set({ usd: e.target.value })} />}
            </Field>
            <Field id={`${formId}-brl`} label={intl.formatMessage(m.fieldPriceBrl)}>
              {(props) => <input {...props} inputMode="decimal" value={fields.brl} onChange={(e) => set({ brl: e.target.value })} />}
            </Field>
            <Field id={`${formId}-share`} label={intl.formatMessage(m.fieldShare)} hint={intl.formatMessage(m.fieldShareHint)}>
              {(props) => <input {...props} inputMode="numeric" value={fields.share} onChange={(e) => set({ share: e.target.value })} />}
            </Field>
          </>
        ) : null}
      </form>
    </Modal>
  );
}

// The event form's VIP presale block (decision 029), off by default: start, end and general sale
// (in the event's zone, like the other dates), and how VIPs get their code: one shared code typed
// here, or unique codes imported from the ticketing provider's CSV (the shared CodeImportDialog)
// with "{left} of {total} codes left" and a way to remove the unclaimed ones. Codes are imported
// to a saved event; a new one says to save first. The code may be for a tier above VIP (decision 104).
import { useState } from "react";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { api } from "../../../lib/api";
import type { OfferCodeCounts } from "#contracts/offer-codes.ts";
import { presaleCodesApi, PRESALE_CODE_MAX, type PresaleCodesDeletedResponse } from "#contracts/presales.ts";
import { CodeImportDialog } from "../components/code-import/CodeImportDialog";
import type { FieldErrors } from "./errors";
import type { EventField, EventForm } from "./eventForm";
import { Checkbox, SelectInput, TextInput } from "./fields";
import { eventsMessages as m } from "./messages";
import { formKitMessages } from "../components/form/messages";
import { useMinTierOptions } from "../components/form/MinTierField";
import { adminEventKeys, useEventsRefresh } from "./queries";

type Props = {
  form: EventForm;
  errors: FieldErrors<EventField>;
  set: <K extends EventField>(field: K) => (value: EventForm[K]) => void;
  /** The saved event (its id for the codes' routes), null while creating one. */
  eventId: string | null;
};

/** An event's unique codes' counts (GET …/presale-codes); fetched again after an import or removal. */
export const presaleCountsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: [...adminEventKeys.events, eventId, "presale-codes"] as const,
    queryFn: ({ signal }) => api<OfferCodeCounts>(presaleCodesApi(eventId), { signal }),
    staleTime: 5_000,
  });

export function EventPresaleFields({ form, errors, set, eventId }: Props) {
  const intl = useIntl();
  const tierOptions = useMinTierOptions(form.presaleMinTierId || null);
  const modeOptions = [
    { value: "shared", label: intl.formatMessage(m.presaleModeShared) },
    { value: "unique", label: intl.formatMessage(m.presaleModeUnique) },
  ];
  return (
    <fieldset className="admin-events-block">
      <legend>{intl.formatMessage(m.formPresale)}</legend>
      <Checkbox label={intl.formatMessage(m.fieldPresaleOn)} hint={intl.formatMessage(m.fieldPresaleOnHint)} checked={form.presale} onChange={set("presale")} />
      {form.presale && (
        <>
          <div className="admin-events-grid">
            <TextInput
              type="datetime-local"
              label={intl.formatMessage(m.fieldPresaleStart)}
              required
              value={form.presaleStartsAt}
              onChange={set("presaleStartsAt")}
              error={errors.presaleStartsAt}
            />
            <TextInput
              type="datetime-local"
              label={intl.formatMessage(m.fieldPresaleEnd)}
              required
              value={form.presaleEndsAt}
              onChange={set("presaleEndsAt")}
              error={errors.presaleEndsAt}
            />
            <TextInput
              type="datetime-local"
              label={intl.formatMessage(m.fieldGeneralSale)}
              hint={intl.formatMessage(m.fieldGeneralSaleHint)}
              value={form.generalSaleAt}
              onChange={set("generalSaleAt")}
              error={errors.generalSaleAt}
            />
            <SelectInput
              label={intl.formatMessage(m.fieldPresaleMode)}
              value={form.presaleCodeMode}
              options={modeOptions}
              onChange={(v) => set("presaleCodeMode")(v === "unique" ? "unique" : "shared")}
              error={errors.presaleCodeMode}
            />
            <SelectInput
              label={intl.formatMessage(formKitMessages.minTier)}
              value={form.presaleMinTierId}
              options={tierOptions}
              onChange={set("presaleMinTierId")}
              error={errors.presaleMinTierId}
            />
            {form.presaleCodeMode === "shared" && (
              <TextInput
                label={intl.formatMessage(m.fieldSharedCode)}
                required
                value={form.presaleSharedCode}
                onChange={set("presaleSharedCode")}
                error={errors.presaleSharedCode}
                maxLength={PRESALE_CODE_MAX}
              />
            )}
          </div>
          {form.presaleCodeMode === "unique" &&
            (eventId ? <UniqueCodes eventId={eventId} title={form.title} /> : <p className="muted">{intl.formatMessage(m.codesSaveFirst)}</p>)}
        </>
      )}
    </fieldset>
  );
}

function UniqueCodes({ eventId, title }: { eventId: string; title: string }) {
  const intl = useIntl();
  const refresh = useEventsRefresh();
  const [importing, setImporting] = useState(false);
  const counts = useQuery(presaleCountsQueryOptions(eventId));
  const remove = useMutation({
    mutationFn: () => api<PresaleCodesDeletedResponse>(presaleCodesApi(eventId), { method: "DELETE" }),
    onSettled: refresh,
  });
  return (
    <div className="admin-events-presale-codes">
      <div className="admin-events-presale-count" aria-live="polite">
        <QueryState
          query={counts}
          placeholder={intl.formatMessage(m.codesLoading)}
          failed={intl.formatMessage(m.codesFailed)}
          retry={intl.formatMessage(m.retry)}
        >
          {({ left, total }) => intl.formatMessage(m.codesLeft, { left, total })}
        </QueryState>
      </div>
      <div className="admin-events-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setImporting(true)}>
          {intl.formatMessage(m.importCodes)}
        </button>
        {counts.data && counts.data.left > 0 && (
          <button type="button" className="btn btn-danger btn-sm" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {intl.formatMessage(m.removeCodes)}
          </button>
        )}
      </div>
      {remove.isError && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(m.removeCodesFailed)}
        </p>
      )}
      {importing && (
        <CodeImportDialog
          title={intl.formatMessage(m.importTitle, { title: title.trim() || "—" })}
          apiBase={presaleCodesApi(eventId)}
          onClose={() => setImporting(false)}
          onImported={refresh}
        />
      )}
    </div>
  );
}

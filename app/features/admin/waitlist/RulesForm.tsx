// The event's waitlist settings: returns taken with nobody waiting, the offer's hold and the list's
// closing before the show, in minutes. Saved with a status line; a refused value is shown at its
// field in the admin's language.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { WAITLIST_CLOSES_BEFORE_MINUTES, WAITLIST_HOLD_MINUTES } from "#contracts/waitlist/model.ts";
import type { WaitlistRules } from "#contracts/waitlist/admin-model.ts";
import { QueryState } from "../../../components/QueryState";
import { serverErrorField, serverErrorText, type UiMessage } from "../../../lib/forms/errorText";
import { WAITLIST_ADMIN_ERROR_TEXTS } from "./errors";
import { waitlistAdminMessages as m } from "./messages";
import { saveWaitlistRules, waitlistAdminKeys, waitlistRulesQueryOptions } from "./queries";

export function RulesForm({ eventId }: { eventId: string }) {
  const intl = useIntl();
  const rules = useQuery(waitlistRulesQueryOptions(eventId));
  return (
    <section className="waitlist-admin-rules" aria-labelledby="waitlist-admin-rules-heading">
      <h3 id="waitlist-admin-rules-heading">{intl.formatMessage(m.rulesHeading)}</h3>
      <QueryState query={rules} loading={intl.formatMessage(m.rulesLoading)} failed={intl.formatMessage(m.rulesFailed)} retry={intl.formatMessage(m.retry)}>
        {(data) => <RulesFields eventId={eventId} initial={data.rules} />}
      </QueryState>
    </section>
  );
}

type Draft = { returnsOpen: boolean; holdMinutes: string; closesBeforeMinutes: string };

function RulesFields({ eventId, initial }: { eventId: string; initial: WaitlistRules }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const ids = { returns: useId(), hold: useId(), closes: useId(), error: useId() };
  const [draft, setDraft] = useState<Draft>({
    returnsOpen: initial.returnsOpen,
    holdMinutes: String(initial.holdMinutes),
    closesBeforeMinutes: String(initial.closesBeforeMinutes),
  });
  const save = useMutation({
    mutationFn: (rules: WaitlistRules) => saveWaitlistRules(eventId, rules),
    onSuccess: (data) => queryClient.setQueryData(waitlistAdminKeys.rules(eventId), data),
  });
  const failure: UiMessage | null = save.isError ? (serverErrorText(save.error, WAITLIST_ADMIN_ERROR_TEXTS) ?? { message: m.saveFailed }) : null;
  const failedField = save.isError ? serverErrorField(save.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Sent as typed: the Worker checks the bounds and answers with the rule broken.
    save.mutate({ returnsOpen: draft.returnsOpen, holdMinutes: Number(draft.holdMinutes), closesBeforeMinutes: Number(draft.closesBeforeMinutes) });
  };
  const invalid = (field: string) => (failedField === field ? { "aria-invalid": true, "aria-describedby": ids.error } : {});
  return (
    <form className="waitlist-admin-rules-form" onSubmit={submit} noValidate>
      <div className="waitlist-admin-check">
        <input id={ids.returns} type="checkbox" checked={draft.returnsOpen} onChange={(e) => setDraft({ ...draft, returnsOpen: e.target.checked })} />
        <label htmlFor={ids.returns}>{intl.formatMessage(m.returnsOpen)}</label>
      </div>
      <div className="field">
        <label htmlFor={ids.hold}>{intl.formatMessage(m.holdMinutes)}</label>
        <input
          id={ids.hold}
          type="number"
          inputMode="numeric"
          min={WAITLIST_HOLD_MINUTES.min}
          max={WAITLIST_HOLD_MINUTES.max}
          value={draft.holdMinutes}
          onChange={(e) => setDraft({ ...draft, holdMinutes: e.target.value })}
          {...invalid("holdMinutes")}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.closes}>{intl.formatMessage(m.closesBeforeMinutes)}</label>
        <input
          id={ids.closes}
          type="number"
          inputMode="numeric"
          min={WAITLIST_CLOSES_BEFORE_MINUTES.min}
          max={WAITLIST_CLOSES_BEFORE_MINUTES.max}
          value={draft.closesBeforeMinutes}
          onChange={(e) => setDraft({ ...draft, closesBeforeMinutes: e.target.value })}
          {...invalid("closesBeforeMinutes")}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {intl.formatMessage(save.isPending ? m.saving : m.save)}
      </button>
      <p role="status" className="waitlist-admin-status">
        {save.isSuccess && intl.formatMessage(m.saved)}
      </p>
      {failure && (
        <p id={ids.error} role="alert" className="form-error">
          {intl.formatMessage(failure.message, failure.values)}
        </p>
      )}
    </form>
  );
}

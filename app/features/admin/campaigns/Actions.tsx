// What can be done with a saved campaign, by its status: a draft is tested, sent now (after a
// question naming the count) or scheduled at a time in the admin's own zone; a scheduled one shows
// when and can be cancelled; one being sent shows its progress (the campaign query polls) and can be
// paused or cancelled; a paused one resumed or cancelled. Drafts and cancelled ones can be deleted.
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { api } from "../../../lib/api";
import { useSessionUser } from "../../../lib/session/useSession";
import type { Locale } from "#contracts/locale.ts";
import type { AudienceCount, Campaign } from "#contracts/newsletter.ts";
import { formatCount } from "../format";
import { requestErrorText } from "./errors";
import { campaignMessages as m } from "./messages";
import { localInputToEpoch } from "./model";
import { CAMPAIGNS_API, useCampaignRefresh } from "./queries";

type Props = {
  campaign: Campaign;
  count: AudienceCount | undefined;
  /** Unsaved edits: tests and sends use the saved version, so they wait for a save. */
  dirty: boolean;
  timeZone: string;
  onDeleted: () => void;
};

type Dialog = "send" | "cancel" | "delete" | null;

export function Actions({ campaign, count, dirty, timeZone, onDeleted }: Props) {
  const intl = useIntl();
  const headingId = useId();
  const refresh = useCampaignRefresh();
  const { user } = useSessionUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [testLocale, setTestLocale] = useState<Locale>("en");
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState("");
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const path = `${CAMPAIGNS_API}/${encodeURIComponent(campaign.id)}`;

  const move = useMutation({
    mutationFn: (step: { action: "send" | "cancel" | "pause" | "resume"; scheduledAt?: number | null }) =>
      api<Campaign>(`${path}/${step.action}`, {
        method: "POST",
        json: step.action === "send" ? { scheduledAt: step.scheduledAt ?? null, timeZone } : {},
      }),
    onSuccess: (next) => {
      refresh(next);
      setDialog(null);
      setScheduling(false);
    },
  });
  const test = useMutation({ mutationFn: (locale: Locale) => api(`${path}/test`, { method: "POST", json: { locale } }) });
  const remove = useMutation({
    mutationFn: () => api(path, { method: "DELETE" }),
    onSuccess: () => {
      refresh();
      onDeleted();
    },
  });

  const schedule = (event: FormEvent) => {
    event.preventDefault();
    const at = localInputToEpoch(when, timeZone);
    if (at === null || at <= Date.now()) {
      setScheduleError(intl.formatMessage(m.scheduleInvalid));
      return;
    }
    setScheduleError(null);
    move.mutate({ action: "send", scheduledAt: at });
  };

  const total = count?.count ?? 0;
  const done = campaign.recipientsTotal - campaign.stats.queued;
  const moment = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short", timeZone });
  const status = campaign.status;
  const error = move.error ?? remove.error;

  return (
    <section className="card campaign-actions" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {intl.formatMessage(m.actions)}
      </h2>

      {status === "draft" && (
        <>
          {dirty && <p className="admin-note">{intl.formatMessage(m.unsaved)}</p>}
          <div className="campaign-action-row">
            <div className="field">
              <label htmlFor={`${headingId}-test`}>{intl.formatMessage(m.testLocale)}</label>
              <select id={`${headingId}-test`} value={testLocale} onChange={(e) => setTestLocale(e.target.value as Locale)}>
                <option value="en">{intl.formatMessage(m.english)}</option>
                <option value="pt-BR">{intl.formatMessage(m.portuguese)}</option>
              </select>
            </div>
            <button type="button" className="btn btn-ghost" disabled={dirty || test.isPending} onClick={() => test.mutate(testLocale)}>
              {intl.formatMessage(test.isPending ? m.sendingTest : m.sendTest)}
            </button>
          </div>
          {test.isSuccess && (
            <p className="success-banner" role="status">
              {intl.formatMessage(m.testSent, { email: user?.email ?? "" })}
            </p>
          )}
          {test.isError && (
            <p className="error-banner" role="alert">
              {requestErrorText(intl, test.error)}
            </p>
          )}
          <div className="campaign-action-row">
            <button type="button" className="btn btn-primary" disabled={dirty || !count} onClick={() => setDialog("send")}>
              {intl.formatMessage(m.sendNow)}
            </button>
            <button type="button" className="btn btn-ghost" aria-expanded={scheduling} disabled={dirty} onClick={() => setScheduling(!scheduling)}>
              {intl.formatMessage(m.schedule)}
            </button>
          </div>
          {scheduling && (
            <form className="campaign-schedule" onSubmit={schedule} noValidate>
              <div className="field">
                <label htmlFor={`${headingId}-when`}>{intl.formatMessage(m.scheduleAt, { zone: timeZone })}</label>
                <input
                  id={`${headingId}-when`}
                  type="datetime-local"
                  value={when}
                  aria-invalid={scheduleError ? true : undefined}
                  aria-describedby={scheduleError ? `${headingId}-when-error` : undefined}
                  onChange={(e) => setWhen(e.target.value)}
                />
                {scheduleError && (
                  <p id={`${headingId}-when-error`} className="field-error">
                    {scheduleError}
                  </p>
                )}
              </div>
              <div className="campaign-action-row">
                <button type="submit" className="btn btn-primary" disabled={move.isPending}>
                  {intl.formatMessage(m.scheduleConfirm)}
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => setScheduling(false)}>
                  {intl.formatMessage(m.scheduleClose)}
                </button>
              </div>
            </form>
          )}
        </>
      )}

      {status === "scheduled" && campaign.scheduledAt && (
        <p className="campaign-when">{intl.formatMessage(m.scheduledFor, { when: moment(campaign.scheduledAt), zone: timeZone })}</p>
      )}

      {(status === "sending" || status === "paused") && (
        <div className="admin-progress campaign-progress">
          <progress max={Math.max(1, campaign.recipientsTotal)} value={done} aria-labelledby={`${headingId}-progress`} />
          <p id={`${headingId}-progress`} role="status">
            {intl.formatMessage(m.progress, { done: formatCount(intl, done), total: formatCount(intl, campaign.recipientsTotal) })}
          </p>
          {status === "paused" && <p className="admin-note">{intl.formatMessage(m.pausedNote)}</p>}
        </div>
      )}

      <div className="campaign-action-row">
        {status === "sending" && (
          <button type="button" className="btn btn-ghost" disabled={move.isPending} onClick={() => move.mutate({ action: "pause" })}>
            {intl.formatMessage(m.pause)}
          </button>
        )}
        {status === "paused" && (
          <button type="button" className="btn btn-primary" disabled={move.isPending} onClick={() => move.mutate({ action: "resume" })}>
            {intl.formatMessage(m.resume)}
          </button>
        )}
        {(status === "scheduled" || status === "sending" || status === "paused") && (
          <button type="button" className="btn btn-danger" onClick={() => setDialog("cancel")}>
            {intl.formatMessage(m.cancel)}
          </button>
        )}
        {(status === "draft" || status === "cancelled") && (
          <button type="button" className="btn btn-danger" onClick={() => setDialog("delete")}>
            {intl.formatMessage(m.delete)}
          </button>
        )}
      </div>

      {error && !dialog && (
        <p className="error-banner" role="alert">
          {requestErrorText(intl, error)}
        </p>
      )}

      {dialog === "send" && (
        <ConfirmDialog
          title={intl.formatMessage(m.sendTitle)}
          cancelLabel={intl.formatMessage(m.goBack)}
          confirmLabel={intl.formatMessage(m.sendNow)}
          busyLabel={intl.formatMessage(m.starting)}
          busy={move.isPending}
          error={move.error ? requestErrorText(intl, move.error) : undefined}
          onConfirm={() => move.mutate({ action: "send", scheduledAt: null })}
          onClose={() => setDialog(null)}
        >
          <p>{intl.formatMessage(m.sendQuestion, { count: total, total: formatCount(intl, total) })}</p>
        </ConfirmDialog>
      )}
      {dialog === "cancel" && (
        <ConfirmDialog
          title={intl.formatMessage(m.cancelTitle)}
          cancelLabel={intl.formatMessage(m.keep)}
          confirmLabel={intl.formatMessage(m.cancelConfirm)}
          busy={move.isPending}
          error={move.error ? requestErrorText(intl, move.error) : undefined}
          onConfirm={() => move.mutate({ action: "cancel" })}
          onClose={() => setDialog(null)}
        >
          <p>{intl.formatMessage(m.cancelQuestion)}</p>
        </ConfirmDialog>
      )}
      {dialog === "delete" && (
        <ConfirmDialog
          title={intl.formatMessage(m.deleteTitle)}
          cancelLabel={intl.formatMessage(m.goBack)}
          confirmLabel={intl.formatMessage(m.delete)}
          busyLabel={intl.formatMessage(m.deleting)}
          busy={remove.isPending}
          error={remove.error ? requestErrorText(intl, remove.error) : undefined}
          onConfirm={() => remove.mutate()}
          onClose={() => setDialog(null)}
        >
          <p>{intl.formatMessage(m.deleteQuestion, { name: campaign.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

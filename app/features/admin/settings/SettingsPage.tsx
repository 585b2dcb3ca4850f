// /admin/settings: the site's facts (read-only), the session timeout, the artist's name and the
// admin notification switches, saved to the server with one button. What shows after a reload is
// what the server holds.
import { useQuery } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { Loading } from "../../../components/Loading";
import { focusFirstInvalid, FormField } from "../../../components/form/FormField";
import { ApiRequestError } from "../../../lib/api";
import { codeText, type ErrorTexts, type UiMessage } from "../../../lib/forms/errorText";
import type {
  AdminSettingsResponse,
  NotificationSettings,
  SessionTimeoutHours,
  SettingsUpdate,
  SiteSettings,
} from "../../../../worker/contracts/admin-settings";
import { SettingsMessages } from "./SettingsMessages";
import { Switch } from "./Switch";
import { settingsMessages as m } from "./messages";
import { adminSettingsQueryOptions, ARTIST_NAME_MAX, DEFAULT_TIMEOUT, TIMEOUT_OPTIONS, useSaveSettings } from "./queries";
import "./settings.css";

export function SettingsPage() {
  return (
    <SettingsMessages>
      <SettingsContent />
    </SettingsMessages>
  );
}

function SettingsContent() {
  const intl = useIntl();
  const query = useQuery(adminSettingsQueryOptions());
  if (query.isPending) return <Loading label={intl.formatMessage(m.loading)} />;
  if (query.isError) {
    return (
      <div className="error-banner settings-banner" role="alert">
        <span>{intl.formatMessage(m.loadFailed)}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {intl.formatMessage(m.retry)}
        </button>
      </div>
    );
  }
  return (
    <div className="settings-page">
      <SiteFacts data={query.data} />
      <SettingsForm initial={query.data.settings} adminEmail={query.data.site.adminEmail} />
    </div>
  );
}

function SiteFacts({ data }: { data: AdminSettingsResponse }) {
  const intl = useIntl();
  const facts: [string, string][] = [
    [intl.formatMessage(m.siteName), data.site.name],
    [intl.formatMessage(m.supportEmail), data.site.supportEmail],
    [intl.formatMessage(m.adminEmail), data.site.adminEmail],
    [intl.formatMessage(m.role), intl.formatMessage(m.superAdmin)],
  ];
  return (
    <section className="card settings-section" aria-labelledby="settings-site-title">
      <h2 id="settings-site-title" className="settings-section-title">
        {intl.formatMessage(m.siteTitle)}
      </h2>
      <p className="field-hint">{intl.formatMessage(m.siteHint)}</p>
      <dl className="settings-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="settings-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const SWITCHES = [
  { key: "newUser", label: m.newUser, hint: m.newUserHint },
  { key: "newVip", label: m.newVip, hint: m.newVipHint },
  { key: "ticketPurchase", label: m.ticketPurchase, hint: m.ticketPurchaseHint },
] as const satisfies readonly { key: keyof NotificationSettings; label: MessageDescriptor; hint: MessageDescriptor }[];

/** The artist name's own errors, by the code the server names each with (the rest: the site's texts). */
const ARTIST_NAME_TEXTS: ErrorTexts = { artist_name_required: m.artistNameRequired, artist_name_too_long: m.artistNameTooLong };

/** A failed save's text for the artist name field, when the server refused that field; else undefined. */
function artistNameError(error: unknown): UiMessage | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400 || error.field !== "artistName") return undefined;
  return codeText(error.code, error.params, ARTIST_NAME_TEXTS);
}

function SettingsForm({ initial, adminEmail }: { initial: SiteSettings; adminEmail: string }) {
  const intl = useIntl();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<SiteSettings>(initial);
  const [nameProblem, setNameProblem] = useState<UiMessage | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  /** A change hides the last save's confirmation or error: it no longer describes the form. */
  const edit = (next: SiteSettings) => {
    setDraft(next);
    setNameProblem(undefined);
    if (!save.isIdle) save.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = draft.artistName.trim();
    if (name === "") {
      setNameProblem({ message: m.artistNameRequired });
      focusFirstInvalid(formRef.current);
      return;
    }
    // The name goes only when edited: until an admin saves one the server shows the chat persona's,
    // and saving the other settings must not store that as if it had been chosen.
    const { artistName: _unchanged, ...others } = draft;
    const update: SettingsUpdate = name === initial.artistName ? others : { ...others, artistName: name };
    save.mutate(update, { onSuccess: ({ settings }) => setDraft(settings) });
  };

  const nameError = nameProblem ?? (save.isError ? artistNameError(save.error) : undefined);

  return (
    <form ref={formRef} className="form settings-form" onSubmit={submit} aria-busy={save.isPending} noValidate>
      <section className="card settings-section" aria-labelledby="settings-session-title">
        <h2 id="settings-session-title" className="settings-section-title">
          {intl.formatMessage(m.sessionTitle)}
        </h2>
        <div className="field">
          <label htmlFor="settings-session-timeout">{intl.formatMessage(m.timeout)}</label>
          <select
            id="settings-session-timeout"
            aria-describedby="settings-session-timeout-hint"
            value={draft.sessionTimeoutHours}
            disabled={save.isPending}
            onChange={(e) => edit({ ...draft, sessionTimeoutHours: toTimeout(e.target.value) })}
          >
            {TIMEOUT_OPTIONS.map((hours) => (
              <option key={hours} value={hours}>
                {intl.formatMessage(hours === DEFAULT_TIMEOUT ? m.hoursDefault : m.hours, { hours })}
              </option>
            ))}
          </select>
          <p id="settings-session-timeout-hint" className="field-hint">
            {intl.formatMessage(m.timeoutHint)}
          </p>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-artist-title">
        <h2 id="settings-artist-title" className="settings-section-title">
          {intl.formatMessage(m.artistTitle)}
        </h2>
        <FormField
          label={intl.formatMessage(m.artistName)}
          hint={intl.formatMessage(m.artistNameHint)}
          error={nameError}
          name="artistName"
          value={draft.artistName}
          maxLength={ARTIST_NAME_MAX}
          required
          autoComplete="off"
          disabled={save.isPending}
          onChange={(e) => edit({ ...draft, artistName: e.target.value })}
        />
      </section>

      <section className="card settings-section" aria-labelledby="settings-notifications-title">
        <h2 id="settings-notifications-title" className="settings-section-title">
          {intl.formatMessage(m.notificationsTitle)}
        </h2>
        <p className="field-hint">{intl.formatMessage(m.notificationsHint, { email: adminEmail })}</p>
        <div className="settings-switches">
          {SWITCHES.map(({ key, label, hint }) => (
            <Switch
              key={key}
              label={intl.formatMessage(label)}
              hint={intl.formatMessage(hint)}
              checked={draft.notifications[key]}
              disabled={save.isPending}
              onChange={(on) => edit({ ...draft, notifications: { ...draft.notifications, [key]: on } })}
            />
          ))}
        </div>
      </section>

      {save.isError && !nameError && (
        <p className="error-banner settings-banner" role="alert">
          {intl.formatMessage(m.saveFailed)}
        </p>
      )}
      {save.isSuccess && (
        <p className="success-banner settings-banner" role="status">
          {intl.formatMessage(m.saved)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {intl.formatMessage(save.isPending ? m.saving : m.save)}
        </button>
      </div>
    </form>
  );
}

/** The select only offers TIMEOUT_OPTIONS; anything else falls back to the default. */
const toTimeout = (value: string): SessionTimeoutHours => TIMEOUT_OPTIONS.find((h) => String(h) === value) ?? DEFAULT_TIMEOUT;

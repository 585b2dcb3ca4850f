// /admin/settings: the site's facts (read-only), the session timeout, the artist (name, short bio in
// both languages, links, portrait) and the admin notification switches, saved to the server with
// one button (the portrait is uploaded on its own). What shows after a reload is what the server holds.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { focusFirstInvalid, FormField } from "../../../components/form/FormField";
import { ApiRequestError } from "../../../lib/api";
import { codeText, type ErrorTexts, type UiMessage } from "../../../lib/forms/errorText";
import { formMessages } from "../../../lib/forms/messages";
import type { AdminSettingsResponse, ArtistLinks, NotificationSettings, SessionTimeoutHours, SettingsUpdate, SiteSettings } from "#contracts/admin/settings.ts";
import { monthsFreeOf, VIP_YEARLY_PRICE_MAX_CENTS, VIP_YEARLY_PRICE_MIN_CENTS } from "#contracts/vip-plans.ts";
import { useSiteConfig } from "../../../lib/session/useSession";
import SettingsMessages from "./messages?feature";
import { PortraitField } from "./PortraitField";
import { Switch } from "./Switch";
import { settingsMessages as m } from "./messages";
import { adminSettingsQueryOptions, ARTIST_BIO_MAX, ARTIST_NAME_MAX, DEFAULT_TIMEOUT, LINK_MAX, TIMEOUT_OPTIONS, useSaveSettings } from "./queries";
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
  return (
    <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
      {(data) => (
        <div className="settings-page">
          <SiteFacts data={data} />
          <SettingsForm initial={data.settings} adminEmail={data.site.adminEmail} />
        </div>
      )}
    </QueryState>
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
  { key: "newOrder", label: m.newOrder, hint: m.newOrderHint },
] as const satisfies readonly { key: keyof NotificationSettings; label: MessageDescriptor; hint: MessageDescriptor }[];

type LinkKey = keyof ArtistLinks;
type BioLanguage = keyof SiteSettings["artistBio"];

const BIOS = [
  { lang: "en", label: m.bioEn },
  { lang: "pt-BR", label: m.bioPtBR },
] as const satisfies readonly { lang: BioLanguage; label: MessageDescriptor }[];

/** The contract's ARTIST_LINK_KEYS, in its order (its values would pull zod into the admin chunk). */
const LINKS = [
  { key: "website", label: m.linkWebsite },
  { key: "instagram", label: m.linkInstagram },
  { key: "facebook", label: m.linkFacebook },
  { key: "youtube", label: m.linkYoutube },
] as const satisfies readonly { key: LinkKey; label: MessageDescriptor }[];

/** The fields that can show an error, named as the server's 400 names them (zod's path). */
type FieldName = "artistName" | `artistBio.${BioLanguage}` | `artistLinks.${LinkKey}` | "vipYearlyPriceCents";
type Problems = Partial<Record<FieldName, UiMessage>>;

/** The artist's own errors, by the code the server names each with (the rest, website_invalid included: the site's texts). */
const ARTIST_TEXTS: ErrorTexts = {
  artist_name_required: m.artistNameRequired,
  artist_name_too_long: m.artistNameTooLong,
  artist_bio_too_long: m.bioTooLong,
  vip_yearly_price_invalid: m.yearlyPriceInvalid,
};

const FIELD_NAMES = new Set<string>([
  "artistName",
  ...BIOS.map((b) => `artistBio.${b.lang}`),
  ...LINKS.map((l) => `artistLinks.${l.key}`),
  "vipYearlyPriceCents",
]);

/** A failed save's text at the field the server refused, when the page knows the field and the code; else undefined. */
function serverProblem(error: unknown): Problems | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400 || !error.field || !FIELD_NAMES.has(error.field)) return undefined;
  const text = codeText(error.code, error.params, ARTIST_TEXTS);
  return text ? { [error.field as FieldName]: text } : undefined;
}

/** The server's rule for a domain name (zod's regexes.domain), which a link's host must match. */
const DOMAIN = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

/** The server's link rule: empty (no link), or an http(s) address with a real host name, at most LINK_MAX characters. */
export function checkLink(value: string): UiMessage | undefined {
  const link = value.trim();
  if (link === "") return undefined;
  const invalid = { message: formMessages.invalidUrl };
  if (link.length > LINK_MAX) return invalid;
  try {
    const url = new URL(link);
    return (url.protocol === "http:" || url.protocol === "https:") && DOMAIN.test(url.hostname) ? undefined : invalid;
  } catch {
    return invalid;
  }
}

/** The yearly price as typed ("99", "99.00", "99,5"), in cents; null when it is not an amount with at most two decimals. */
export function yearlyCentsOf(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const yearlyPriceProblem: UiMessage = {
  message: m.yearlyPriceInvalid,
  values: { min: VIP_YEARLY_PRICE_MIN_CENTS / 100, max: VIP_YEARLY_PRICE_MAX_CENTS / 100 },
};

/** The form's own checks, the server's rules: a name, bios within the limit, links that are addresses, a yearly price in bounds. */
function checkForm(draft: SiteSettings, yearlyText: string): Problems {
  const problems: Problems = {};
  const yearly = yearlyCentsOf(yearlyText);
  if (yearly === null || yearly < VIP_YEARLY_PRICE_MIN_CENTS || yearly > VIP_YEARLY_PRICE_MAX_CENTS) problems.vipYearlyPriceCents = yearlyPriceProblem;
  if (draft.artistName.trim() === "") problems.artistName = { message: m.artistNameRequired };
  for (const { lang } of BIOS) {
    if (draft.artistBio[lang].trim().length > ARTIST_BIO_MAX) problems[`artistBio.${lang}`] = { message: m.bioTooLong, values: { max: ARTIST_BIO_MAX } };
  }
  for (const { key } of LINKS) {
    const problem = checkLink(draft.artistLinks[key] ?? "");
    if (problem) problems[`artistLinks.${key}`] = problem;
  }
  return problems;
}

/**
 * The PUT body: the timeout and switches, and of the artist only what was edited. The name: until
 * an admin saves one the server shows the chat persona's, and saving the other settings must not
 * store that as if it had been chosen. The bio goes with both languages (the contract wants both);
 * the links one by one, so two admins editing different links do not undo each other.
 */
function updateOf(draft: SiteSettings, initial: SiteSettings): SettingsUpdate {
  const update: SettingsUpdate = { sessionTimeoutHours: draft.sessionTimeoutHours, notifications: draft.notifications };
  // Only when changed, like the name: another admin's change is not undone by saving the rest.
  if (draft.notificationLocale !== initial.notificationLocale) update.notificationLocale = draft.notificationLocale;
  const name = draft.artistName.trim();
  if (name !== initial.artistName) update.artistName = name;
  const bio = { en: draft.artistBio.en.trim(), "pt-BR": draft.artistBio["pt-BR"].trim() };
  if (bio.en !== initial.artistBio.en || bio["pt-BR"] !== initial.artistBio["pt-BR"]) update.artistBio = bio;
  const links: Partial<Record<LinkKey, string>> = {};
  for (const { key } of LINKS) {
    const link = (draft.artistLinks[key] ?? "").trim();
    if (link !== (initial.artistLinks[key] ?? "")) links[key] = link; // "" clears it
  }
  if (Object.keys(links).length > 0) update.artistLinks = links;
  if (draft.vipYearlyPriceCents !== initial.vipYearlyPriceCents) update.vipYearlyPriceCents = draft.vipYearlyPriceCents;
  return update;
}

/** Cents as the field shows them: "99.00". */
const priceText = (cents: number) => (cents / 100).toFixed(2);

function SettingsForm({ initial, adminEmail }: { initial: SiteSettings; adminEmail: string }) {
  const intl = useIntl();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<SiteSettings>(initial);
  const [yearlyText, setYearlyText] = useState(priceText(initial.vipYearlyPriceCents));
  const [problems, setProblems] = useState<Problems>({});
  const formRef = useRef<HTMLFormElement>(null);

  /** A change hides the last save's confirmation or error: it no longer describes the form. */
  const edit = (next: SiteSettings) => {
    setDraft(next);
    setProblems({});
    if (!save.isIdle) save.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkForm(draft, yearlyText);
    if (Object.keys(found).length > 0) {
      setProblems(found);
      focusFirstInvalid(formRef.current);
      return;
    }
    const ready = { ...draft, vipYearlyPriceCents: yearlyCentsOf(yearlyText) ?? draft.vipYearlyPriceCents };
    save.mutate(updateOf(ready, initial), {
      onSuccess: ({ settings }) => {
        setDraft(settings);
        setYearlyText(priceText(settings.vipYearlyPriceCents));
      },
    });
  };

  const serverErrors = save.isError ? serverProblem(save.error) : undefined;
  const fieldErrors: Problems = Object.keys(problems).length > 0 ? problems : (serverErrors ?? {});
  const hasFieldError = Object.keys(fieldErrors).length > 0;
  // A field the server refused takes the focus once the form is enabled again (not in onError:
  // the fields are still disabled then).
  const refused = serverErrors !== undefined;
  useEffect(() => {
    if (refused) focusFirstInvalid(formRef.current);
  }, [refused, save.error]);
  const setLink = (key: LinkKey, value: string) => edit({ ...draft, artistLinks: { ...draft.artistLinks, [key]: value } });

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
          error={fieldErrors.artistName}
          name="artistName"
          value={draft.artistName}
          maxLength={ARTIST_NAME_MAX}
          required
          autoComplete="off"
          disabled={save.isPending}
          onChange={(e) => edit({ ...draft, artistName: e.target.value })}
        />
        {BIOS.map(({ lang, label }) => (
          <BioField
            key={lang}
            lang={lang}
            label={intl.formatMessage(label)}
            value={draft.artistBio[lang]}
            error={fieldErrors[`artistBio.${lang}`]}
            disabled={save.isPending}
            onChange={(value) => edit({ ...draft, artistBio: { ...draft.artistBio, [lang]: value } })}
          />
        ))}
        <fieldset className="settings-links" aria-describedby="settings-links-hint">
          <legend className="settings-subtitle">{intl.formatMessage(m.linksTitle)}</legend>
          <p id="settings-links-hint" className="field-hint">
            {intl.formatMessage(m.linksHint)}
          </p>
          {LINKS.map(({ key, label }) => (
            <FormField
              key={key}
              label={intl.formatMessage(label)}
              error={fieldErrors[`artistLinks.${key}`]}
              name={`artistLinks.${key}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={draft.artistLinks[key] ?? ""}
              maxLength={LINK_MAX}
              autoComplete="off"
              disabled={save.isPending}
              onChange={(e) => setLink(key, e.target.value)}
            />
          ))}
        </fieldset>
        <PortraitField portraitUrl={initial.artistPortraitUrl} artistName={initial.artistName} />
      </section>

      <VipPlansSection
        yearlyText={yearlyText}
        error={fieldErrors.vipYearlyPriceCents}
        disabled={save.isPending}
        onChange={(text) => {
          setYearlyText(text);
          edit(draft);
        }}
      />

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
        <div className="field">
          <label htmlFor="settings-notification-locale">{intl.formatMessage(m.notificationLocale)}</label>
          <select
            id="settings-notification-locale"
            aria-describedby="settings-notification-locale-hint"
            value={draft.notificationLocale}
            disabled={save.isPending}
            onChange={(e) => edit({ ...draft, notificationLocale: e.target.value === "pt-BR" ? "pt-BR" : "en" })}
          >
            <option value="en" lang="en">
              {intl.formatMessage(m.localeEn)}
            </option>
            <option value="pt-BR" lang="pt-BR">
              {intl.formatMessage(m.localePtBR)}
            </option>
          </select>
          <p id="settings-notification-locale-hint" className="field-hint">
            {intl.formatMessage(m.notificationLocaleHint)}
          </p>
        </div>
      </section>

      {save.isError && !hasFieldError && (
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

/**
 * The yearly VIP plan's price (the monthly one is the spec's, from the configuration), with what it
 * saves against twelve monthly payments as the public pages will say it.
 */
function VipPlansSection({
  yearlyText,
  error,
  disabled,
  onChange,
}: {
  yearlyText: string;
  error: UiMessage | undefined;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  const intl = useIntl();
  const config = useSiteConfig();
  const monthly = config?.vipPrice;
  const yearly = yearlyCentsOf(yearlyText);
  const money = (cents: number) => intl.formatNumber(cents / 100, { style: "currency", currency: monthly?.currency ?? "USD" });
  const monthsFree = monthly && yearly ? monthsFreeOf(yearly, monthly.amountCents) : 0;
  const hint = (
    <>
      {intl.formatMessage(m.yearlyPriceHint, { currency: monthly?.currency ?? "USD" })}
      {monthly && (
        <>
          {" "}
          {intl.formatMessage(m.yearlyPriceMonthly, { monthly: money(monthly.amountCents), twelve: money(12 * monthly.amountCents) })}{" "}
          {monthsFree > 0 ? intl.formatMessage(m.yearlyPriceMonthsFree, { months: monthsFree }) : intl.formatMessage(m.yearlyPriceNoSaving)}
        </>
      )}
    </>
  );
  return (
    <section className="card settings-section" aria-labelledby="settings-plans-title">
      <h2 id="settings-plans-title" className="settings-section-title">
        {intl.formatMessage(m.plansTitle)}
      </h2>
      <FormField
        label={intl.formatMessage(m.yearlyPrice, { currency: monthly?.currency ?? "USD" })}
        hint={hint}
        error={error}
        name="vipYearlyPriceCents"
        inputMode="decimal"
        value={yearlyText}
        autoComplete="off"
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </section>
  );
}

/** The select only offers TIMEOUT_OPTIONS; anything else falls back to the default. */
const toTimeout = (value: string): SessionTimeoutHours => TIMEOUT_OPTIONS.find((h) => String(h) === value) ?? DEFAULT_TIMEOUT;

/** A short bio in one language, with its count of characters against the limit (counted trimmed, as the server does). */
function BioField({
  lang,
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  lang: BioLanguage;
  label: string;
  value: string;
  error: UiMessage | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  const count = value.trim().length;
  // The count is part of the hint, so the textarea's description reads it too.
  const hint = (
    <>
      {intl.formatMessage(m.bioHint)}{" "}
      <span className={count > ARTIST_BIO_MAX ? "settings-counter field-error" : "settings-counter"}>
        {intl.formatMessage(m.bioCounter, { count, max: ARTIST_BIO_MAX })}
      </span>
    </>
  );
  return (
    <FormField
      multiline
      label={label}
      hint={hint}
      error={error}
      name={`artistBio.${lang}`}
      lang={lang}
      rows={5}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

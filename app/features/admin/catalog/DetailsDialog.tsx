// A track's lyrics and credits (decision 112), opened by the track row's "Lyrics & credits":
// lyrics per language (plain or synced LRC) with who reads the release's lyrics, and the ordered
// credits with the ISRC, label and recording day. Each form saves on its own and says so.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIntl, type MessageDescriptor } from "react-intl";
import { api, ApiRequestError } from "../../../lib/api";
import { CATALOG_API } from "#contracts/music/admin-catalog-limits.ts";
import type { AdminTrack } from "#contracts/music/admin-catalog.ts";
import { CREDIT_ROLES, CREDITS_MAX, LYRICS_MAX_CHARS, type CreditRole, type LyricsAccess } from "#contracts/music/track-details-limits.ts";
import type { AdminTrackDetailsResponse, TrackCredit } from "#contracts/music/track-details.ts";
import type { Locale } from "#contracts/locale.ts";
import { MediaModal } from "../components/form/MediaModal";
import { catalogApi, catalogKeys } from "./queries";
import { creditRoleMessages, detailsMessages as m } from "./detailsMessages";

const detailsKey = (trackId: string) => [...catalogKeys.all, "details", trackId] as const;

/** A refusal the editor knows, in the page's language; null for one it does not (then a general line). */
function refusalOf(err: unknown): { message: MessageDescriptor; values?: Record<string, number> } | null {
  if (!(err instanceof ApiRequestError)) return null;
  switch (err.code) {
    case "lyrics_required":
      return { message: m.lyricsRequired };
    case "lyrics_too_long":
      return { message: m.lyricsTooLong, values: { max: LYRICS_MAX_CHARS } };
    case "lyrics_not_synced":
      return { message: m.lyricsNotSynced };
    case "credit_name_required":
      return { message: m.creditNameRequired };
    case "credits_too_many":
      return { message: m.creditsTooMany, values: { max: CREDITS_MAX } };
    case "isrc_invalid":
      return { message: m.isrcInvalid };
    case "isrc_taken":
      return { message: m.isrcTaken };
    case "recorded_on_invalid":
      return { message: m.recordedOnInvalid };
  }
  return null;
}

function Outcome({ error, done }: { error: unknown; done: MessageDescriptor | null }) {
  const intl = useIntl();
  const refusal = error ? refusalOf(error) : null;
  return (
    <>
      {error != null && (
        <p className="field-error" role="alert">
          {refusal ? intl.formatMessage(refusal.message, refusal.values) : intl.formatMessage(m.saveFailed)}
        </p>
      )}
      <div role="status">{done && !error && <p className="admin-upload-done">{intl.formatMessage(done)}</p>}</div>
    </>
  );
}

export function DetailsDialog({ track, onClose }: { track: AdminTrack; onClose: () => void }) {
  const intl = useIntl();
  const query = useQuery({
    queryKey: detailsKey(track.id),
    queryFn: ({ signal }) => api<AdminTrackDetailsResponse>(`${CATALOG_API}/tracks/${track.id}/details`, { signal }),
  });
  return (
    <MediaModal title={intl.formatMessage(m.title, { name: track.title })} onClose={onClose}>
      {query.data ? (
        <>
          <LyricsForm track={track} details={query.data} />
          <CreditsForm track={track} details={query.data} />
        </>
      ) : query.isError ? (
        <p className="field-error" role="alert">
          {intl.formatMessage(m.loadFailed)}
        </p>
      ) : (
        <p className="muted" role="status">
          {intl.formatMessage(m.loading)}
        </p>
      )}
    </MediaModal>
  );
}

function LyricsForm({ track, details }: { track: AdminTrack; details: AdminTrackDetailsResponse }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [locale, setLocale] = useState<Locale>("en");
  const stored = details.lyrics.find((l) => l.locale === locale);
  const [drafts, setDrafts] = useState<Partial<Record<Locale, { synced: boolean; body: string }>>>({});
  const draft = drafts[locale] ?? { synced: stored?.synced ?? false, body: stored?.text ?? "" };
  const [done, setDone] = useState<MessageDescriptor | null>(null);
  const edit = (change: Partial<typeof draft>) => {
    setDone(null);
    setDrafts((all) => ({ ...all, [locale]: { ...draft, ...change } }));
  };
  const refresh = () => client.invalidateQueries({ queryKey: detailsKey(track.id) });
  const save = useMutation({
    mutationFn: () => catalogApi.put(`/tracks/${track.id}/lyrics/${locale}`, draft),
    onSuccess: () => setDone(m.lyricsSaved),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => catalogApi.delete(`/tracks/${track.id}/lyrics/${locale}`),
    onSuccess: () => {
      setDrafts((all) => ({ ...all, [locale]: undefined }));
      setDone(m.lyricsRemoved);
    },
    onSettled: refresh,
  });
  const access = useMutation({
    mutationFn: (value: LyricsAccess) => catalogApi.put(`/albums/${track.albumId}/lyrics-access`, { access: value }),
    onSuccess: () => setDone(m.accessSaved),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    save.mutate();
  };
  return (
    <form className="catalog-details-form" onSubmit={submit} aria-labelledby="details-lyrics-heading">
      <h3 id="details-lyrics-heading">{intl.formatMessage(m.lyricsHeading)}</h3>
      <label className="field">
        <span>{intl.formatMessage(m.access)}</span>
        <select value={details.lyricsAccess} disabled={access.isPending} onChange={(e) => access.mutate(e.target.value as LyricsAccess)}>
          <option value="public">{intl.formatMessage(m.accessPublic)}</option>
          <option value="vip">{intl.formatMessage(m.accessVip)}</option>
        </select>
      </label>
      <label className="field">
        <span>{intl.formatMessage(m.language)}</span>
        <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
          <option value="en">{intl.formatMessage(m.english)}</option>
          <option value="pt-BR">{intl.formatMessage(m.portuguese)}</option>
        </select>
      </label>
      <label className="field-check">
        <input type="checkbox" checked={draft.synced} onChange={(e) => edit({ synced: e.target.checked })} /> {intl.formatMessage(m.synced)}
      </label>
      <label className="field">
        <span>{intl.formatMessage(m.lyricsText)}</span>
        <textarea rows={10} maxLength={LYRICS_MAX_CHARS} value={draft.body} onChange={(e) => edit({ body: e.target.value })} lang={locale} />
      </label>
      <div className="admin-upload-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {intl.formatMessage(m.saveLyrics)}
        </button>
        {stored && (
          <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {intl.formatMessage(m.removeLyrics)}
          </button>
        )}
      </div>
      <Outcome error={save.error ?? remove.error ?? access.error} done={done} />
    </form>
  );
}

type CreditDraft = { role: CreditRole; name: string; detail: string };

function CreditsForm({ track, details }: { track: AdminTrack; details: AdminTrackDetailsResponse }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [credits, setCredits] = useState<CreditDraft[]>(() => details.credits.map((c: TrackCredit) => ({ ...c, detail: c.detail ?? "" })));
  const [isrc, setIsrc] = useState(details.isrc ?? "");
  const [label, setLabel] = useState(details.label ?? "");
  const [recordedOn, setRecordedOn] = useState(details.recordedOn ?? "");
  const save = useMutation({
    mutationFn: () =>
      catalogApi.put(`/tracks/${track.id}/credits`, {
        credits: credits.map((c) => ({ role: c.role, name: c.name, detail: c.detail || null })),
        isrc: isrc.trim() || null,
        label: label.trim() || null,
        recordedOn: recordedOn || null,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: detailsKey(track.id) }),
  });
  const change = (index: number, patch: Partial<CreditDraft>) => {
    save.reset();
    setCredits((all) => all.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  };
  return (
    <form
      className="catalog-details-form"
      aria-labelledby="details-credits-heading"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h3 id="details-credits-heading">{intl.formatMessage(m.creditsHeading)}</h3>
      <ol className="catalog-credits">
        {credits.map((credit, i) => (
          <li key={i}>
            <label className="field">
              <span>{intl.formatMessage(m.role)}</span>
              <select value={credit.role} onChange={(e) => change(i, { role: e.target.value as CreditRole })}>
                {CREDIT_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {intl.formatMessage(creditRoleMessages[role])}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{intl.formatMessage(m.name)}</span>
              <input value={credit.name} onChange={(e) => change(i, { name: e.target.value })} />
            </label>
            <label className="field">
              <span>{intl.formatMessage(m.part)}</span>
              <input value={credit.detail} onChange={(e) => change(i, { detail: e.target.value })} />
            </label>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCredits((all) => all.filter((_, j) => j !== i))}>
              {intl.formatMessage(m.removeCredit, { n: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      {credits.length < CREDITS_MAX && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCredits((all) => [...all, { role: "performer", name: "", detail: "" }])}>
          {intl.formatMessage(m.addCredit)}
        </button>
      )}
      <label className="field">
        <span>{intl.formatMessage(m.isrc)}</span>
        <input value={isrc} onChange={(e) => setIsrc(e.target.value)} autoComplete="off" spellCheck={false} />
      </label>
      <label className="field">
        <span>{intl.formatMessage(m.label)}</span>
        <input value={label} onChange={(e) => setLabel(e.target.value)} />
      </label>
      <label className="field">
        <span>{intl.formatMessage(m.recordedOn)}</span>
        <input type="date" value={recordedOn} onChange={(e) => setRecordedOn(e.target.value)} />
      </label>
      <div className="admin-upload-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {intl.formatMessage(m.saveCredits)}
        </button>
      </div>
      <Outcome error={save.error} done={save.isSuccess ? m.creditsSaved : null} />
    </form>
  );
}

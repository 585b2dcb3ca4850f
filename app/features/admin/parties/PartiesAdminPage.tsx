// /admin/parties: listening parties, upcoming then past, a form to schedule or edit one (an album
// from the catalog or one of the admin's own playlists, a title, a start in the admin's own time,
// VIP only, and then its lowest tier: decision 104), and cancel or delete with a confirmation. The Worker checks every rule again and
// answers by code; the form shows the translation of each.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import { ApiRequestError } from "../../../lib/api";
import { formatWhen } from "../../../lib/intlFormat";
import { usePageMeta } from "../../../lib/usePageMeta";
import { toLocalInput } from "../lib/localInput";
import PartiesAdminMessages from "./messages?feature";
import AdminFormMessages from "../components/form/messages?feature";
import { MinTierField } from "../components/form/MinTierField";
import { MIN_TIER_ERROR_TEXTS } from "../components/form/minTierErrors";
import { adminPartiesMessages as m } from "./messages";
import { adminPartiesQueryOptions, partySourcesQueryOptions, usePartyWrites } from "./queries";
import { PARTY_TITLE_MAX, type AdminParty, type PartyInput, type PartySourceType } from "#contracts/parties/parties.ts";
import "./parties-admin.css";

export function PartiesAdminPage() {
  return (
    <PartiesAdminMessages>
      <AdminFormMessages>
        <Page />
      </AdminFormMessages>
    </PartiesAdminMessages>
  );
}

type Editing = { party: AdminParty | null } | null;

function Page() {
  const intl = useIntl();
  usePageMeta({ title: m.metaTitle });
  const query = useQuery(adminPartiesQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, setConfirm] = useState<{ kind: "cancel" | "delete"; party: AdminParty } | null>(null);
  const writes = usePartyWrites();

  return (
    <section className="page">
      <header className="page-head">
        <h1>
          <FormattedMessage {...m.title} />
        </h1>
        <p className="page-intro">
          <FormattedMessage {...m.intro} />
        </p>
      </header>
      {editing ? (
        <PartyForm party={editing.party} onDone={() => setEditing(null)} />
      ) : (
        <p>
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ party: null })}>
            <FormattedMessage {...m.create} />
          </button>
        </p>
      )}

      {/* The server's phase (as it answered) splits the list: the page holds no clock of its own. */}
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {({ parties }) => (
          <>
            <PartyList
              title={m.upcoming}
              parties={parties.filter((p) => p.phase !== "ended").reverse()}
              onEdit={(party) => setEditing({ party })}
              onAsk={setConfirm}
            />
            <PartyList title={m.past} parties={parties.filter((p) => p.phase === "ended")} onAsk={setConfirm} />
          </>
        )}
      </QueryState>

      {confirm && (
        <ConfirmDialog
          title={<FormattedMessage {...(confirm.kind === "cancel" ? m.cancelTitle : m.deleteTitle)} />}
          cancelLabel={<FormattedMessage {...m.keep} />}
          confirmLabel={<FormattedMessage {...(confirm.kind === "cancel" ? m.cancelConfirm : m.deleteConfirm)} />}
          busy={writes.cancel.isPending || writes.remove.isPending}
          error={writes.cancel.isError || writes.remove.isError ? <FormattedMessage {...m.writeFailed} /> : undefined}
          onClose={() => {
            writes.cancel.reset();
            writes.remove.reset();
            setConfirm(null);
          }}
          onConfirm={() => {
            const mutation = confirm.kind === "cancel" ? writes.cancel : writes.remove;
            mutation.mutate(confirm.party.id, { onSuccess: () => setConfirm(null) });
          }}
        >
          <p>{intl.formatMessage(confirm.kind === "cancel" ? m.cancelQuestion : m.deleteQuestion, { title: confirm.party.title })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function PartyList({
  title,
  parties,
  onEdit,
  onAsk,
}: {
  title: MessageDescriptor;
  parties: AdminParty[];
  onEdit?: (party: AdminParty) => void;
  onAsk: (ask: { kind: "cancel" | "delete"; party: AdminParty }) => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section className="admin-parties-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(title)}</h2>
      {parties.length === 0 ? (
        <EmptyState icon="calendar" title={intl.formatMessage(m.empty)} />
      ) : (
        <ul className="admin-parties-cards">
          {parties.map((party) => {
            const when = formatWhen(party.startsAt, intl.locale);
            return (
              <li key={party.id} className="card admin-party-card">
                <p className="admin-party-title">
                  <strong>{party.title}</strong>
                  {party.vipOnly && <span className="badge badge-vip">{intl.formatMessage(m.vipOnly)}</span>}
                  {party.status === "cancelled" && <span className="badge">{intl.formatMessage(m.cancelled)}</span>}
                </p>
                <p className="muted">
                  {intl.formatMessage(party.sourceType === "album" ? m.album : m.playlist)}: {party.sourceTitle} ·{" "}
                  {intl.formatMessage(m.trackCount, { count: party.tracks.length })} · {minutes(party.durationSeconds)}
                </p>
                <p>
                  <time dateTime={party.startsAt}>
                    {when.date} {when.time}
                  </time>
                </p>
                {party.phase === "ended" && (
                  <p className="muted">
                    {intl.formatMessage(m.summaryLine, {
                      peak: party.summary.peakListeners,
                      reactions: party.summary.reactions,
                      messages: party.summary.messages,
                    })}
                  </p>
                )}
                <p className="admin-party-actions">
                  {party.status !== "cancelled" && (
                    <Link to="/parties/$partyId" params={{ partyId: party.id }} className="btn btn-ghost btn-sm">
                      {intl.formatMessage(m.open)}
                    </Link>
                  )}
                  {onEdit && party.status !== "cancelled" && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => onEdit(party)}>
                      {intl.formatMessage(m.edit)}
                    </button>
                  )}
                  {party.status !== "cancelled" && party.phase !== "ended" && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => onAsk({ kind: "cancel", party })}>
                      {intl.formatMessage(m.cancel)}
                    </button>
                  )}
                  <button type="button" className="btn btn-danger btn-sm" onClick={() => onAsk({ kind: "delete", party })}>
                    {intl.formatMessage(m.delete)}
                  </button>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** The texts of the codes the Worker answers the form with. */
const ERROR_TEXTS: Record<string, MessageDescriptor> = {
  title_required: m.errTitleRequired,
  party_title_too_long: m.errTitleTooLong,
  invalid_characters: m.errCharacters,
  event_date_invalid: m.errStart,
  party_source_unknown: m.errSourceUnknown,
  party_source_empty: m.errSourceEmpty,
  ...MIN_TIER_ERROR_TEXTS,
};

function PartyForm({ party, onDone }: { party: AdminParty | null; onDone: () => void }) {
  const intl = useIntl();
  const ids = { title: useId(), start: useId(), source: useId(), error: useId() };
  const sources = useQuery(partySourcesQueryOptions());
  const { save } = usePartyWrites();
  const [title, setTitle] = useState(party?.title ?? "");
  const [sourceType, setSourceType] = useState<PartySourceType>(party?.sourceType ?? "album");
  const [sourceId, setSourceId] = useState(party ? ((party.sourceType === "album" ? party.albumId : party.playlistId) ?? "") : "");
  const [startsAt, setStartsAt] = useState(party ? toLocalInput(party.startsAt) : "");
  const [vipOnly, setVipOnly] = useState(party?.vipOnly ?? false);
  const [minTierId, setMinTierId] = useState(party?.minTierId ?? null);

  const options = sourceType === "album" ? (sources.data?.albums ?? []) : (sources.data?.playlists ?? []);
  const chosen = options.find((o) => o.id === sourceId);
  const error = save.error instanceof ApiRequestError ? save.error : null;
  const failure: MessageDescriptor = (error && ERROR_TEXTS[error.code]) ?? m.writeFailed;
  const errorText = save.isError ? intl.formatMessage(failure) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = new Date(startsAt);
    const input: PartyInput = {
      title,
      sourceType,
      sourceId,
      startsAt: Number.isNaN(start.getTime()) ? startsAt : start.toISOString(),
      vipOnly,
      minTierId: vipOnly ? minTierId : null,
    };
    save.mutate({ id: party?.id ?? null, input }, { onSuccess: onDone });
  };

  return (
    <form className="card admin-party-form" onSubmit={submit} aria-describedby={errorText ? ids.error : undefined} noValidate>
      <h2>{intl.formatMessage(party ? m.editTitle : m.createTitle)}</h2>
      <div className="field">
        <label htmlFor={ids.title}>{intl.formatMessage(m.fieldTitle)}</label>
        <input id={ids.title} type="text" value={title} maxLength={PARTY_TITLE_MAX} required onChange={(e) => setTitle(e.target.value)} />
      </div>
      <fieldset className="field">
        <legend>{intl.formatMessage(m.fieldSourceType)}</legend>
        {(["album", "playlist"] as const).map((type) => (
          <label key={type} className="admin-party-radio">
            <input
              type="radio"
              name="sourceType"
              value={type}
              checked={sourceType === type}
              onChange={() => {
                setSourceType(type);
                setSourceId("");
              }}
            />{" "}
            {intl.formatMessage(type === "album" ? m.album : m.playlist)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.source}>{intl.formatMessage(sourceType === "album" ? m.fieldAlbum : m.fieldPlaylist)}</label>
        <select id={ids.source} value={sourceId} required onChange={(e) => setSourceId(e.target.value)} disabled={sources.isPending}>
          <option value="">{intl.formatMessage(sources.isPending ? m.loading : m.choose)}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title} ({intl.formatMessage(m.trackCount, { count: o.trackCount })}, {minutes(o.durationSeconds)})
            </option>
          ))}
        </select>
        {sourceType === "playlist" && sources.data && options.length === 0 && <p className="muted">{intl.formatMessage(m.noPlaylists)}</p>}
        {sources.isError && <p className="field-error">{intl.formatMessage(m.sourcesFailed)}</p>}
        {chosen && <p className="muted">{intl.formatMessage(m.length, { length: minutes(chosen.durationSeconds) })}</p>}
      </div>
      <div className="field">
        <label htmlFor={ids.start}>{intl.formatMessage(m.fieldStart)}</label>
        <input id={ids.start} type="datetime-local" value={startsAt} required onChange={(e) => setStartsAt(e.target.value)} />
      </div>
      <div className="field">
        <label className="admin-party-radio">
          <input type="checkbox" checked={vipOnly} onChange={(e) => setVipOnly(e.target.checked)} /> {intl.formatMessage(m.fieldVipOnly)}
        </label>
      </div>
      {vipOnly && <MinTierField value={minTierId} onChange={setMinTierId} />}
      {errorText && (
        <p id={ids.error} className="field-error" role="alert">
          {errorText}
        </p>
      )}
      <p className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {intl.formatMessage(save.isPending ? m.saving : m.save)}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {intl.formatMessage(m.close)}
        </button>
      </p>
    </form>
  );
}

// /admin/live/:event, a live show's control room (decision 113): whether it is on air with Go live
// and End (End asks first), who may watch and the replay's window (saved with one PUT), the
// ingest details for OBS (Stream only; the key hidden until asked) or the local demo source's
// note, the viewers now and per minute, the show's room (moderated on the room's own page) and
// the replay's captions per language. The Worker decides everything; a refusal shows its text.
import { lazy, useEffect, useId, useState } from "react";
import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useIntl, type MessageDescriptor } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { QueryState } from "../../../components/QueryState";
import { ApiRequestError } from "../../../lib/api";
import { tierChoicesQueryOptions, tierNameIn } from "#app/lib/tiers/tierGate.ts";
import {
  LIVE_ACCESS_KINDS,
  LIVE_CAPTION_LOCALES,
  LIVE_PINNED_PRODUCTS_MAX,
  LIVE_REPLAY_HOURS_DEFAULT,
  LIVE_REPLAY_HOURS_MAX,
  livePagePath,
  type LiveAccessKind,
  type LiveCaptionLocale,
} from "#contracts/live-limits.ts";
import type { LiveControlRoom, LiveShowInput } from "#contracts/live.ts";
import { ChartPanel } from "../components/ChartPanel";
import { liveAdminMessages as m } from "./messages";
import { controlRoomQueryOptions, liveAdminApi, pinnableProductsQueryOptions, useControlRoomWrite } from "./queries";

const ViewersChart = lazy(() => import("./ViewersChart"));

const ERROR_TEXTS: Record<string, MessageDescriptor> = {
  already_live: m.errorAlreadyLive,
  not_live: m.errorNotLive,
  live_caption_invalid: m.errorCaption,
  payload_too_large: m.errorCaption,
  live_product_unknown: m.errorProduct,
  stream_failed: m.errorStream,
};
const errorText = (error: unknown): MessageDescriptor => (error instanceof ApiRequestError && ERROR_TEXTS[error.code]) || m.errorFailed;

const STATE_TEXT = { upcoming: m.stateUpcoming, live: m.stateLive, ended: m.stateEnded, replay: m.stateReplay } as const;
const ACCESS_TEXT = { ticket: m.accessTicket, tier: m.accessTier, members: m.accessMembers } as const;
const LANG_TEXT = { en: m.langEn, "pt-BR": m.langPtBR } as const;

export function ControlRoomPage({ eventId }: { eventId: string }) {
  const intl = useIntl();
  const query = useQuery(controlRoomQueryOptions(eventId));
  return (
    <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
      {(room) => (
        <div className="live-control-room">
          <OnAir room={room} />
          <Settings room={room} />
          <Ingest room={room} />
          <Viewers room={room} />
          <ShowRoom room={room} />
          <Captions room={room} />
        </div>
      )}
    </QueryState>
  );
}

function OnAir({ room }: { room: LiveControlRoom }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const start = useControlRoomWrite(room.eventId, () => liveAdminApi.start(room.eventId));
  const end = useControlRoomWrite(room.eventId, () => liveAdminApi.end(room.eventId));
  const stored = room.show?.state ?? null;
  return (
    <section className="card live-admin-section" aria-labelledby="live-on-air">
      <h2 id="live-on-air">{intl.formatMessage(m.stateTitle)}</h2>
      <p>
        <strong data-testid="live-admin-state">{intl.formatMessage(STATE_TEXT[room.state])}</strong>
        {" · "}
        <span data-testid="live-admin-viewers">{intl.formatMessage(m.viewersNow, { count: room.viewers })}</span>
      </p>
      {!room.show && <p className="muted">{intl.formatMessage(m.notSetUp)}</p>}
      <p className="live-admin-actions">
        {stored === "scheduled" && (
          <button type="button" className="btn btn-primary" disabled={start.isPending} onClick={() => start.mutate(undefined)}>
            {intl.formatMessage(start.isPending ? m.goingLive : m.goLive)}
          </button>
        )}
        {stored === "live" && (
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            {intl.formatMessage(m.end)}
          </button>
        )}
        <a className="btn btn-ghost" href={livePagePath(room.eventId)}>
          {intl.formatMessage(m.watchPage)}
        </a>
      </p>
      {start.error && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(errorText(start.error))}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={intl.formatMessage(m.endTitle)}
          cancelLabel={intl.formatMessage(m.cancel)}
          confirmLabel={intl.formatMessage(m.end)}
          busyLabel={intl.formatMessage(m.ending)}
          busy={end.isPending}
          error={end.error ? intl.formatMessage(errorText(end.error)) : undefined}
          onConfirm={() => end.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>{intl.formatMessage(m.endQuestion)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

type Draft = { access: LiveAccessKind; minTierId: string; replayHours: string; replayKeepTierId: string; pinnedProductIds: string[] };

const draftOf = (room: LiveControlRoom): Draft => ({
  access: room.show?.access ?? "ticket",
  minTierId: room.show?.minTierId ?? "",
  replayHours: String(room.show?.replayHours ?? LIVE_REPLAY_HOURS_DEFAULT),
  replayKeepTierId: room.show?.replayKeepTierId ?? "",
  pinnedProductIds: room.show?.pinnedProductIds ?? [],
});

/** The form's values as the Worker takes them. */
function settingsInput(draft: Draft): LiveShowInput {
  return {
    access: draft.access,
    minTierId: draft.access === "tier" ? draft.minTierId || null : null,
    replayHours: Number(draft.replayHours),
    replayKeepTierId: draft.replayKeepTierId || null,
    pinnedProductIds: draft.pinnedProductIds,
  };
}

function Settings({ room }: { room: LiveControlRoom }) {
  const intl = useIntl();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(room));
  const [saved, setSaved] = useState(false);
  const tiers = useQuery(tierChoicesQueryOptions()).data?.tiers.filter((t) => !t.archived) ?? [];
  const products = useQuery(pinnableProductsQueryOptions()).data?.products ?? [];
  const save = useControlRoomWrite(room.eventId, (input: LiveShowInput) => liveAdminApi.save(room.eventId, input));
  const set = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const togglePinned = (productId: string, on: boolean) =>
    set({ pinnedProductIds: on ? [...draft.pinnedProductIds, productId] : draft.pinnedProductIds.filter((p) => p !== productId) });
  return (
    <section className="card live-admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(m.settingsTitle)}</h2>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(settingsInput(draft), { onSuccess: () => setSaved(true) });
        }}
      >
        <label htmlFor={`${id}-access`}>{intl.formatMessage(m.access)}</label>
        <select id={`${id}-access`} value={draft.access} onChange={(e) => set({ access: e.target.value as LiveAccessKind })}>
          {LIVE_ACCESS_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {intl.formatMessage(ACCESS_TEXT[kind])}
            </option>
          ))}
        </select>
        {draft.access === "tier" && (
          <>
            <label htmlFor={`${id}-tier`}>{intl.formatMessage(m.tier)}</label>
            <select id={`${id}-tier`} value={draft.minTierId} onChange={(e) => set({ minTierId: e.target.value })} required>
              <option value="" />
              {tiers.map((tier) => (
                <option key={tier.id} value={tier.id}>
                  {tierNameIn(intl, tier)}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor={`${id}-hours`}>{intl.formatMessage(m.replayHours)}</label>
        <input
          id={`${id}-hours`}
          type="number"
          min={0}
          max={LIVE_REPLAY_HOURS_MAX}
          step={1}
          required
          value={draft.replayHours}
          onChange={(e) => set({ replayHours: e.target.value })}
        />
        <label htmlFor={`${id}-keep`}>{intl.formatMessage(m.keepTier)}</label>
        <select id={`${id}-keep`} value={draft.replayKeepTierId} onChange={(e) => set({ replayKeepTierId: e.target.value })}>
          <option value="">{intl.formatMessage(m.keepNobody)}</option>
          {tiers.map((tier) => (
            <option key={tier.id} value={tier.id}>
              {tierNameIn(intl, tier)}
            </option>
          ))}
        </select>
        <fieldset>
          <legend>{intl.formatMessage(m.pinned)}</legend>
          {products.map((product) => {
            const checked = draft.pinnedProductIds.includes(product.id);
            return (
              <label key={product.id} className="form-choice">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && draft.pinnedProductIds.length >= LIVE_PINNED_PRODUCTS_MAX}
                  onChange={(e) => togglePinned(product.id, e.target.checked)}
                />{" "}
                {product.title}
              </label>
            );
          })}
        </fieldset>
        {save.error && (
          <p className="error-banner" role="alert">
            {intl.formatMessage(errorText(save.error))}
          </p>
        )}
        <p className="live-admin-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {intl.formatMessage(save.isPending ? m.saving : m.save)}
          </button>
          <span role="status">{saved ? intl.formatMessage(m.saved) : ""}</span>
        </p>
      </form>
    </section>
  );
}

function CopyButton({ text }: { text: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
      {intl.formatMessage(copied ? m.copied : m.copy)}
    </button>
  );
}

function Ingest({ room }: { room: LiveControlRoom }) {
  const intl = useIntl();
  const [showKey, setShowKey] = useState(false);
  const ingest = room.ingest;
  return (
    <section className="card live-admin-section" aria-labelledby="live-ingest">
      <h2 id="live-ingest">{intl.formatMessage(m.ingestTitle)}</h2>
      {room.local ? (
        <p data-testid="live-local-source">{intl.formatMessage(m.localSource)}</p>
      ) : ingest ? (
        <dl className="live-ingest">
          <dt>{intl.formatMessage(m.rtmpsUrl)}</dt>
          <dd>
            <code>{ingest.rtmpsUrl}</code> <CopyButton text={ingest.rtmpsUrl} />
          </dd>
          <dt>{intl.formatMessage(m.rtmpsKey)}</dt>
          <dd>
            <code data-testid="live-ingest-key">{showKey ? ingest.rtmpsKey : "•".repeat(16)}</code>{" "}
            <button type="button" className="btn btn-ghost btn-sm" aria-pressed={showKey} onClick={() => setShowKey(!showKey)}>
              {intl.formatMessage(showKey ? m.hideKey : m.showKey)}
            </button>{" "}
            <CopyButton text={ingest.rtmpsKey} />
          </dd>
          {ingest.srtUrl && (
            <>
              <dt>{intl.formatMessage(m.srtUrl)}</dt>
              <dd>
                <code>{ingest.srtUrl}</code> <CopyButton text={ingest.srtUrl} />
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p className="muted">{intl.formatMessage(m.ingestLater)}</p>
      )}
    </section>
  );
}

function Viewers({ room }: { room: LiveControlRoom }) {
  const intl = useIntl();
  const points = room.viewersSeries.map((sample) => ({
    label: intl.formatTime(sample.minute, { timeStyle: "short" }),
    viewers: sample.viewers,
    minute: sample.minute,
  }));
  const peak = Math.max(0, ...points.map((p) => p.viewers));
  if (points.length === 0)
    return (
      <section className="card live-admin-section" aria-labelledby="live-viewers">
        <h2 id="live-viewers">{intl.formatMessage(m.viewersTitle)}</h2>
        <p className="muted">{intl.formatMessage(m.noSamples)}</p>
      </section>
    );
  return (
    <ChartPanel
      title={intl.formatMessage(m.viewersTitle)}
      summary={intl.formatMessage(m.viewersSummary, { peak })}
      chart={<ViewersChart data={points} name={intl.formatMessage(m.viewersTitle)} />}
      table={
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.minute)}</th>
              <th scope="col">{intl.formatMessage(m.viewersTitle)}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.minute}>
                <th scope="row">
                  <time dateTime={point.minute}>{point.label}</time>
                </th>
                <td>{point.viewers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function ShowRoom({ room }: { room: LiveControlRoom }) {
  const intl = useIntl();
  return (
    <section className="card live-admin-section" aria-labelledby="live-room">
      <h2 id="live-room">{intl.formatMessage(m.roomTitle)}</h2>
      {room.roomId ? (
        <Link to="/rooms/$room" params={{ room: room.roomId }} className="btn btn-ghost">
          {intl.formatMessage(m.openRoom)}
        </Link>
      ) : (
        <p className="muted">{intl.formatMessage(m.noRoom)}</p>
      )}
    </section>
  );
}

function Captions({ room }: { room: LiveControlRoom }) {
  const intl = useIntl();
  return (
    <section className="card live-admin-section" aria-labelledby="live-captions">
      <h2 id="live-captions">{intl.formatMessage(m.captionsTitle)}</h2>
      {LIVE_CAPTION_LOCALES.map((locale) => (
        <CaptionRow key={locale} room={room} locale={locale} />
      ))}
    </section>
  );
}

function CaptionRow({ room, locale }: { room: LiveControlRoom; locale: LiveCaptionLocale }) {
  const intl = useIntl();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useControlRoomWrite(room.eventId, (vtt: File) => liveAdminApi.uploadCaptions(room.eventId, locale, vtt));
  const remove = useControlRoomWrite(room.eventId, () => liveAdminApi.deleteCaptions(room.eventId, locale));
  const current = room.captions.find((c) => c.locale === locale);
  const lang = intl.formatMessage(LANG_TEXT[locale]);
  const error = upload.error ?? remove.error;
  return (
    <form
      className="live-caption-row"
      aria-label={intl.formatMessage(m.captionFor, { lang })}
      onSubmit={(e) => {
        e.preventDefault();
        if (file) upload.mutate(file, { onSuccess: () => setFile(null) });
      }}
    >
      <h3>{lang}</h3>
      <p>
        {current ? (
          <>
            <a href={current.url}>{current.url.split("/").pop()}</a>{" "}
            <button type="button" className="btn btn-ghost btn-sm" disabled={remove.isPending} onClick={() => remove.mutate(undefined)}>
              {intl.formatMessage(m.remove)}
            </button>
          </>
        ) : (
          <span className="muted">{intl.formatMessage(m.noCaptions)}</span>
        )}
      </p>
      <label htmlFor={`${id}-file`}>{intl.formatMessage(m.captionsFile)}</label>{" "}
      <input id={`${id}-file`} type="file" accept=".vtt,text/vtt" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />{" "}
      <button type="submit" className="btn btn-primary btn-sm" disabled={!file || upload.isPending}>
        {intl.formatMessage(upload.isPending ? m.uploading : m.upload)}
      </button>
      {error && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(errorText(error))}
        </p>
      )}
    </form>
  );
}

// The review of what the tags said, grouped by release and editable before anything is sent:
// titles, year, cover, disc and track numbers, ISRC, which file is the master and which streams,
// the lyrics' language. Each track's problems are shown in its row and on its fields; the page
// blocks the upload while any remains.
import { useIntl } from "react-intl";
import { problemMessages, importMessages as m } from "./messages";
import { withRelease, withTrack, withoutTrack, type DraftRelease, type DraftTrack, type ImportDraft, type Problem } from "./model";
import type { HeldFile } from "./plan";
import { isLossless } from "./sniff";

type Props = { draft: ImportDraft; held: ReadonlyMap<string, HeldFile>; problems: readonly Problem[]; onChange: (draft: ImportDraft) => void };

const numberOrNull = (value: string) => (value.trim() === "" || !Number.isFinite(Number(value)) ? null : Math.trunc(Number(value)));

export function ReviewTable({ draft, held, problems, onChange }: Props) {
  const intl = useIntl();
  return (
    <div className="catalog-import-review">
      {draft.releases.map((release, r) => (
        <ReleaseReview
          key={release.key}
          index={r}
          release={release}
          held={held}
          problems={problems.filter((p) => p.releaseKey === release.key)}
          onRelease={(change) => onChange(withRelease(draft, release.key, (old) => ({ ...old, ...change })))}
          onTrack={(trackKey, patch) => onChange(withTrack(draft, release.key, trackKey, patch))}
          onRemove={(trackKey) => onChange(withoutTrack(draft, release.key, trackKey))}
        />
      ))}
      {draft.refused.length > 0 && (
        <section className="catalog-import-refused" aria-labelledby="catalog-import-refused">
          <h3 id="catalog-import-refused">{intl.formatMessage(m.refusedTitle)}</h3>
          <ul>
            {draft.refused.map((f) => (
              <li key={f.id}>{intl.formatMessage(m.refusedItem, { path: f.path })}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

type ReleaseProps = {
  index: number;
  release: DraftRelease;
  held: ReadonlyMap<string, HeldFile>;
  problems: readonly Problem[];
  onRelease: (change: Partial<DraftRelease>) => void;
  onTrack: (trackKey: string, patch: Partial<DraftTrack>) => void;
  onRemove: (trackKey: string) => void;
};

function ReleaseReview({ index, release, held, problems, onRelease, onTrack, onRemove }: ReleaseProps) {
  const intl = useIntl();
  const id = `catalog-import-release-${index}`;
  const covers = [...held].filter(([, f]) => f.kind === "jpeg" || f.kind === "png" || f.kind === "webp" || f.embeddedCover);
  const titleMissing = problems.some((p) => p.code === "missing_album_title");
  return (
    <section className="catalog-import-release" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{intl.formatMessage(m.releaseLegend, { title: release.title || "…" })}</h3>
      <div className="catalog-import-release-fields">
        <label htmlFor={`${id}-title`}>{intl.formatMessage(m.releaseTitle)}</label>
        <input
          id={`${id}-title`}
          value={release.title}
          aria-invalid={titleMissing || undefined}
          aria-describedby={titleMissing ? `${id}-title-problem` : undefined}
          onChange={(e) => onRelease({ title: e.target.value })}
        />
        {titleMissing && (
          <p id={`${id}-title-problem`} className="field-error">
            {intl.formatMessage(problemMessages.missing_album_title)}
          </p>
        )}
        <label htmlFor={`${id}-year`}>{intl.formatMessage(m.releaseYear)}</label>
        <input
          id={`${id}-year`}
          type="number"
          min={1900}
          max={2100}
          value={release.year ?? ""}
          onChange={(e) => onRelease({ year: numberOrNull(e.target.value) })}
        />
        <label htmlFor={`${id}-cover`}>{intl.formatMessage(m.releaseCover)}</label>
        <select id={`${id}-cover`} value={release.coverFileId ?? ""} onChange={(e) => onRelease({ coverFileId: e.target.value || null })}>
          <option value="">{intl.formatMessage(m.coverNone)}</option>
          {covers.map(([fileId, f]) => (
            <option key={fileId} value={fileId}>
              {f.embeddedCover && !["jpeg", "png", "webp"].includes(f.kind) ? intl.formatMessage(m.coverEmbedded, { name: f.name }) : f.name}
            </option>
          ))}
        </select>
      </div>
      <table className="admin-table catalog-import-tracks">
        <caption>{intl.formatMessage(m.tracksCaption, { title: release.title || "…" })}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colDisc)}</th>
            <th scope="col">{intl.formatMessage(m.colNumber)}</th>
            <th scope="col">{intl.formatMessage(m.colTitle)}</th>
            <th scope="col">{intl.formatMessage(m.colIsrc)}</th>
            <th scope="col">{intl.formatMessage(m.colMaster)}</th>
            <th scope="col">{intl.formatMessage(m.colStreaming)}</th>
            <th scope="col">{intl.formatMessage(m.colLyrics)}</th>
            <th scope="col">{intl.formatMessage(m.colCredits)}</th>
            <th scope="col">{intl.formatMessage(m.colProblems)}</th>
            <th scope="col">
              <span className="sr-only">{intl.formatMessage(m.removeTrack, { n: "" })}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {release.tracks.map((track, t) => (
            <TrackRow
              key={track.key}
              row={`${id}-t${t}`}
              n={t + 1}
              track={track}
              held={held}
              problems={problems.filter((p) => p.trackKey === track.key)}
              onChange={(patch) => onTrack(track.key, patch)}
              onRemove={() => onRemove(track.key)}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

type RowProps = {
  row: string;
  n: number;
  track: DraftTrack;
  held: ReadonlyMap<string, HeldFile>;
  problems: readonly Problem[];
  onChange: (patch: Partial<DraftTrack>) => void;
  onRemove: () => void;
};

function TrackRow({ row, n, track, held, problems, onChange, onRemove }: RowProps) {
  const intl = useIntl();
  const label = (field: { id: string; defaultMessage: string }) => intl.formatMessage(m.fieldOfTrack, { field: intl.formatMessage(field), n });
  const has = (...codes: Problem["code"][]) => problems.some((p) => codes.includes(p.code)) || undefined;
  const described = problems.length ? `${row}-problems` : undefined;
  // The track's own lossless files first, then every other one dropped: a master the pairing missed
  // can still be attached by hand.
  const lossless = (id: string) => isLossless(held.get(id)?.kind ?? "unsupported");
  const own = track.fileIds.filter(lossless);
  const masters = [...own, ...[...held.keys()].filter((id) => lossless(id) && !own.includes(id))];
  const streams = track.fileIds.filter((id) => !isLossless(held.get(id)?.kind ?? "unsupported"));
  return (
    <tr className={problems.length ? "catalog-import-row-problem" : undefined}>
      <td>
        <input
          type="number"
          min={1}
          max={99}
          className="catalog-import-narrow"
          aria-label={label(m.colDisc)}
          aria-invalid={has("duplicate_number")}
          aria-describedby={described}
          value={track.disc}
          onChange={(e) => onChange({ disc: numberOrNull(e.target.value) ?? 1 })}
        />
      </td>
      <td>
        <input
          type="number"
          min={1}
          max={999}
          className="catalog-import-narrow"
          aria-label={label(m.colNumber)}
          aria-invalid={has("duplicate_number", "missing_number")}
          aria-describedby={described}
          value={track.number ?? ""}
          onChange={(e) => onChange({ number: numberOrNull(e.target.value) })}
        />
      </td>
      <td>
        <input
          aria-label={label(m.colTitle)}
          aria-invalid={has("missing_title")}
          aria-describedby={described}
          value={track.title}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </td>
      <td>
        <input
          aria-label={label(m.colIsrc)}
          aria-invalid={has("invalid_isrc")}
          aria-describedby={described}
          className="catalog-import-isrc"
          value={track.isrc}
          onChange={(e) => onChange({ isrc: e.target.value.replace(/-/g, "").trim().toUpperCase() })}
        />
      </td>
      <td>
        <select aria-label={label(m.colMaster)} value={track.masterFileId ?? ""} onChange={(e) => onChange({ masterFileId: e.target.value || null })}>
          <option value="">{intl.formatMessage(m.noMaster)}</option>
          {masters.map((id) => (
            <option key={id} value={id}>
              {held.get(id)?.name}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          aria-label={label(m.colStreaming)}
          aria-invalid={has("no_audio")}
          value={track.streamingFileId ?? ""}
          onChange={(e) => onChange({ streamingFileId: e.target.value || null })}
        >
          {track.masterFileId && <option value="">{intl.formatMessage(m.encodeFromMaster)}</option>}
          {!track.masterFileId && streams.length === 0 && <option value="">—</option>}
          {streams.map((id) => (
            <option key={id} value={id}>
              {held.get(id)?.name}
            </option>
          ))}
        </select>
      </td>
      <td>
        {track.lyrics ? (
          <>
            <span>{intl.formatMessage(track.lyrics.synced ? m.lyricsSynced : m.lyricsPlain)}</span>{" "}
            <select
              aria-label={intl.formatMessage(m.lyricsLanguage, { n })}
              value={track.lyrics.language}
              onChange={(e) => onChange({ lyrics: { ...track.lyrics!, language: e.target.value === "pt-BR" ? "pt-BR" : "en" } })}
            >
              <option value="en">{intl.formatMessage(m.languageEn)}</option>
              <option value="pt-BR">{intl.formatMessage(m.languagePtBr)}</option>
            </select>
          </>
        ) : (
          intl.formatMessage(m.lyricsNone)
        )}
      </td>
      <td title={track.credits.map((c) => `${c.role}: ${c.name}`).join("\n") || undefined}>
        {intl.formatMessage(m.creditsCount, { count: track.credits.length })}
      </td>
      <td id={described}>
        {problems.length ? (
          <ul className="catalog-import-problems">
            {problems.map((p) => (
              <li key={p.code}>{intl.formatMessage(problemMessages[p.code])}</li>
            ))}
          </ul>
        ) : (
          intl.formatMessage(m.noProblem)
        )}
      </td>
      <td>
        <button type="button" className="btn btn-small" onClick={onRemove}>
          {intl.formatMessage(m.removeTrack, { n })}
        </button>
      </td>
    </tr>
  );
}

// One album of the list: its cover (space reserved), title, year, type and track count, its
// actions, and its tracks when expanded.
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { AdminAlbum } from "#contracts/music/admin-catalog.ts";
import type { AlbumsDialog } from "./albumsDialog";
import { ReorderButtons } from "./ReorderButtons";
import { TrackList } from "./TrackList";
import { albumTypeMessages, catalogMessages as m } from "./messages";
import { NotifyFansButton } from "../components/notify/NotifyFans";

type AlbumRowProps = {
  album: AdminAlbum;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onOpen: (dialog: AlbumsDialog) => void;
  /** Named by the page's address (?album=): its tracks shown and the row scrolled to once. */
  opened?: boolean;
};

export function AlbumRow({ album, index, count, onMove, onOpen, opened = false }: AlbumRowProps) {
  const intl = useIntl();
  const tracksId = useId();
  const [open, setOpen] = useState(opened);
  const row = useRef<HTMLElement>(null);
  useEffect(() => {
    if (opened) row.current?.scrollIntoView?.({ block: "start" });
  }, [opened]);
  const name = album.title;
  return (
    <article ref={row} className="catalog-item card" aria-labelledby={`${tracksId}-title`}>
      <div className="catalog-item-main">
        {album.coverUrl ? (
          <img className="catalog-thumb" src={album.coverUrl} alt={intl.formatMessage(m.albumCover, { title: name })} width={64} height={64} loading="lazy" />
        ) : (
          <span className="catalog-thumb catalog-thumb-empty">{intl.formatMessage(m.albumNoCover)}</span>
        )}
        <div className="catalog-item-text">
          <h2 id={`${tracksId}-title`} className="catalog-item-title">
            {name}
          </h2>
          <p className="muted catalog-item-details">
            {intl.formatMessage(m.albumDetails, { year: album.year, type: intl.formatMessage(albumTypeMessages[album.type]), count: album.tracks.length })}
            {album.notifyWaiting > 0 && ` · ${intl.formatMessage(m.notifyWaiting, { count: album.notifyWaiting })}`}
          </p>
        </div>
        <div className="catalog-item-actions">
          <ReorderButtons name={name} index={index} count={count} onMove={onMove} />
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-expanded={open}
            aria-controls={tracksId}
            aria-label={intl.formatMessage(m.albumShowTracksNamed, { title: name })}
            onClick={() => setOpen(!open)}
          >
            {intl.formatMessage(m.albumShowTracks)} <span aria-hidden="true">{open ? "▴" : "▾"}</span>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={intl.formatMessage(m.commonEditNamed, { name })}
            onClick={() => onOpen({ kind: "album", album })}
          >
            {intl.formatMessage(m.commonEdit)}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={intl.formatMessage(m.albumChangeCoverNamed, { title: name })}
            onClick={() => onOpen({ kind: "cover", album })}
          >
            {intl.formatMessage(m.albumChangeCover)}
          </button>
          <NotifyFansButton type="release" id={album.id} name={name} />
          <button
            type="button"
            className="btn btn-danger btn-sm"
            aria-label={intl.formatMessage(m.commonDeleteNamed, { name })}
            onClick={() => onOpen({ kind: "deleteAlbum", album })}
          >
            {intl.formatMessage(m.commonDelete)}
          </button>
        </div>
      </div>
      <div id={tracksId} hidden={!open}>
        {open && <TrackList album={album} onOpen={onOpen} />}
      </div>
    </article>
  );
}

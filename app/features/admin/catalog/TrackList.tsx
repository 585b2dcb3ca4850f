// An album's tracks in order: number, title, duration, where the audio is and plays; reorder,
// edit, audio, lossless master and delete for each, and Add track.
import { useIntl } from "react-intl";
import type { AdminAlbum, AdminAlbumsResponse, AdminTrack } from "#contracts/music/admin-catalog.ts";
import type { AlbumsDialog } from "./albumsDialog";
import { useAudioSourceLabel } from "./AudioDialog";
import { DerivedFormatNote } from "./DerivedFormatNote";
import { ReorderButtons, ReorderFeedback } from "./ReorderButtons";
import { formatDuration } from "./format";
import { catalogMessages as m } from "./messages";
import { detailsMessages } from "./detailsMessages";
import { albumsQueryOptions, catalogApi } from "./queries";
import { useReorder } from "./useReorder";

export function TrackList({ album, onOpen }: { album: AdminAlbum; onOpen: (dialog: AlbumsDialog) => void }) {
  const intl = useIntl();
  const sourceLabel = useAudioSourceLabel();
  const reorder = useReorder<AdminTrack, AdminAlbumsResponse>({
    list: "albums",
    queryKey: albumsQueryOptions().queryKey,
    items: (data) => data.albums.find((a) => a.id === album.id)?.tracks ?? [],
    withItems: (data, tracks) => ({
      ...data,
      albums: data.albums.map((a) => (a.id === album.id ? { ...a, tracks: tracks.map((t, i) => ({ ...t, number: i + 1 })) } : a)),
    }),
    idOf: (t) => t.id,
    nameOf: (t) => t.title,
    save: (ids) => catalogApi.put(`/albums/${album.id}/tracks/order`, { ids }),
  });
  const tracks = album.tracks;

  return (
    <div className="catalog-tracks">
      <ReorderFeedback reorder={reorder} />
      {tracks.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.tracksEmpty)}</p>
      ) : (
        <div className="table-wrap">
          <table className="table catalog-track-table">
            <caption className="sr-only">{intl.formatMessage(m.tracksCaption, { title: album.title })}</caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.tracksColNumber)}</th>
                <th scope="col">{intl.formatMessage(m.tracksColTitle)}</th>
                <th scope="col">{intl.formatMessage(m.tracksColDuration)}</th>
                <th scope="col">{intl.formatMessage(m.tracksColAudio)}</th>
                <th scope="col">{intl.formatMessage(m.tracksColPlays)}</th>
                <th scope="col">{intl.formatMessage(m.tracksColActions)}</th>
              </tr>
            </thead>
            <tbody>
              {tracks.map((track, index) => (
                <tr key={track.id}>
                  <td>{track.number}</td>
                  <th scope="row">
                    {track.title}
                    {track.teaser && <span className="badge catalog-teaser"> {intl.formatMessage(m.teaserBadge)}</span>}
                    {track.notifyWaiting > 0 && (
                      <span className="muted catalog-notify-waiting"> · {intl.formatMessage(m.notifyWaiting, { count: track.notifyWaiting })}</span>
                    )}
                  </th>
                  <td>{formatDuration(track.durationSeconds)}</td>
                  <td>
                    {sourceLabel(track.audio)}
                    <DerivedFormatNote track={track} className="muted catalog-derived" />
                  </td>
                  <td>{intl.formatNumber(track.plays)}</td>
                  <td className="catalog-row-actions">
                    <ReorderButtons name={track.title} index={index} count={tracks.length} onMove={reorder.move} />
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={intl.formatMessage(m.commonEditNamed, { name: track.title })}
                      onClick={() => onOpen({ kind: "track", albumId: album.id, track })}
                    >
                      {intl.formatMessage(m.commonEdit)}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={intl.formatMessage(m.trackAudioNamed, { title: track.title })}
                      onClick={() => onOpen({ kind: "audio", track })}
                    >
                      {intl.formatMessage(m.trackAudio)}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={intl.formatMessage(m.trackMasterNamed, { title: track.title })}
                      onClick={() => onOpen({ kind: "master", track })}
                    >
                      {intl.formatMessage(track.master ? m.trackMasterSet : m.trackMaster, { format: track.master?.toUpperCase() ?? "" })}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={intl.formatMessage(detailsMessages.buttonNamed, { title: track.title })}
                      onClick={() => onOpen({ kind: "details", track })}
                    >
                      {intl.formatMessage(detailsMessages.button)}
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger btn-sm"
                      aria-label={intl.formatMessage(m.commonDeleteNamed, { name: track.title })}
                      onClick={() => onOpen({ kind: "deleteTrack", track })}
                    >
                      {intl.formatMessage(m.commonDelete)}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={intl.formatMessage(m.tracksAddNamed, { title: album.title })}
        onClick={() => onOpen({ kind: "track", albumId: album.id })}
      >
        {intl.formatMessage(m.tracksAdd)}
      </button>
    </div>
  );
}

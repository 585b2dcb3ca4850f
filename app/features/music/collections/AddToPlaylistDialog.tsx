// 'Add to Playlist' (docs/features.md#music): choose one of the member's playlists (one that already holds
// the track is shown as such and cannot be chosen), or create a new playlist and add the track to
// it in one go. Closes after success; 'Failed to add track to playlist' when the add fails.
// `AddToPlaylistButton` is the per-track control that opens it (VIP members and admins only).
import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { PlaylistView } from "#contracts/music/collections.ts";
import type { TrackView } from "#contracts/music/music.ts";
import { Modal } from "../../../components/Modal";
import { QueryState } from "../../../components/QueryState";
import {
  nameTaken,
  playlistErrorText,
  playlistNameError,
  useAddTrackToPlaylist,
  useCanEditPlaylists,
  useCreatePlaylist,
  usePlaylists,
  type PlaylistErrorText,
} from "./playlists";
import { PlaylistNameField } from "./CreatePlaylistDialog";
import { playlistMessages as m } from "./playlistMessages";
import "./playlists.css";

type AddToPlaylistDialogProps = {
  track: TrackView;
  onClose: () => void;
  /** Called with the playlist as the server now holds it, before the dialog closes. */
  onAdded?: (playlist: PlaylistView) => void;
};

type Failure = { text: PlaylistErrorText; atField: boolean };

export function AddToPlaylistDialog({ track, onClose, onAdded }: AddToPlaylistDialogProps) {
  const intl = useIntl();
  const formId = useId();
  const query = usePlaylists();
  const add = useAddTrackToPlaylist();
  const create = useCreatePlaylist();
  const [choosing, setChoosing] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [failure, setFailure] = useState<Failure | null>(null);
  const busy = add.isPending || create.isPending;
  const trimmed = name.trim();
  const playlists = query.data?.playlists ?? [];

  const addTo = async (playlistId: string) => {
    setChoosing(playlistId);
    try {
      const { playlist } = await add.mutateAsync({ playlistId, trackId: track.id });
      onAdded?.(playlist);
      onClose();
    } catch (error) {
      setFailure({ text: playlistErrorText(error, m.addFailed), atField: false });
      setChoosing(null);
    }
  };

  const choose = (playlistId: string) => {
    if (busy) return;
    setFailure(null);
    void addTo(playlistId);
  };

  const createAndAdd = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!trimmed || busy) return;
    if (nameTaken(query.data?.playlists, trimmed)) {
      setFailure({ text: { message: m.nameTaken }, atField: true });
      return;
    }
    setFailure(null);
    let created: PlaylistView;
    try {
      created = (await create.mutateAsync(trimmed)).playlist;
    } catch (error) {
      setFailure({ text: playlistErrorText(error, m.createFailed), atField: playlistNameError(error) !== undefined });
      return;
    }
    setName("");
    await addTo(created.id);
  };

  const footer = (
    <>
      {failure && !failure.atField && (
        <div className="error-banner" role="alert">
          <FormattedMessage {...failure.text.message} values={failure.text.values} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <FormattedMessage {...m.cancel} />
        </button>
      </div>
    </>
  );

  return (
    <Modal title={<FormattedMessage {...m.addTitle} />} onClose={onClose} footer={footer}>
      <p className="playlist-dialog-subject">{intl.formatMessage(m.addFor, { title: track.title })}</p>

      <QueryState
        query={query}
        loading={<FormattedMessage {...m.loading} />}
        failed={<FormattedMessage {...m.loadFailed} />}
        retry={<FormattedMessage {...m.retry} />}
      >
        {() =>
          playlists.length === 0 ? (
            <p className="muted">
              <FormattedMessage {...m.empty} />
            </p>
          ) : (
            <ul className="playlist-choices">
              {playlists.map((playlist) => {
                const holds = playlist.tracks.some((t) => t.id === track.id);
                const adding = choosing === playlist.id && add.isPending;
                return (
                  <li key={playlist.id}>
                    <button
                      type="button"
                      className="playlist-choice"
                      disabled={holds || busy}
                      aria-busy={adding || undefined}
                      onClick={() => choose(playlist.id)}
                    >
                      <span className="playlist-choice-name">{playlist.name}</span>
                      <span className="playlist-choice-meta">
                        <FormattedMessage {...m.trackCount} values={{ count: playlist.tracks.length }} />
                        {holds && (
                          <>
                            {" · "}
                            <FormattedMessage {...m.alreadyIn} />
                          </>
                        )}
                        {adding && (
                          <>
                            {" · "}
                            <FormattedMessage {...m.adding} />
                          </>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>

      <form id={formId} className="form playlist-new" noValidate onSubmit={(e) => void createAndAdd(e)} aria-labelledby={`${formId}-title`}>
        <h3 id={`${formId}-title`} className="playlist-new-title">
          <FormattedMessage {...m.createTitle} />
        </h3>
        <PlaylistNameField
          label={<FormattedMessage {...m.newPlaylistName} />}
          value={name}
          onChange={(value) => {
            setName(value);
            if (failure?.atField) setFailure(null);
          }}
          error={failure?.atField ? failure.text : undefined}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={!trimmed || busy}>
            <FormattedMessage {...(busy && choosing === null ? m.creating : m.createAndAdd)} />
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The '+' of a track row: opens Add to Playlist. Nothing for anyone who may not change playlists. */
export function AddToPlaylistButton({ track, className }: { track: TrackView; className?: string }) {
  const intl = useIntl();
  const canEdit = useCanEditPlaylists();
  const [open, setOpen] = useState(false);
  if (!canEdit) return null;
  return (
    <>
      <button
        type="button"
        className={className ? `playlist-add-button ${className}` : "playlist-add-button"}
        aria-label={intl.formatMessage(m.addButton, { title: track.title })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg
          viewBox="0 0 24 24"
          width={18}
          height={18}
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
        >
          <path d="M12 5v14M5 12h14" />
        </svg>
      </button>
      {open && <AddToPlaylistDialog track={track} onClose={() => setOpen(false)} />}
    </>
  );
}

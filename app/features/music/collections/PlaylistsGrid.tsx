// The hub's 'My Playlists' section (docs/features.md#music): a Create Playlist button and one card per
// playlist with its name, track count and the first 3 track titles then '+N more tracks', and
// Play / Open / Delete. Open shows the playlist in a dialog (PlaylistDetail). VIP members and
// admins change playlists; other members see theirs read-only with a VIP call to action; visitors
// see nothing (they have no playlists).
import { Link } from "@tanstack/react-router";
import { useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { PLAYLIST_PREVIEW_TRACKS } from "#contracts/music/collection-limits.ts";
import type { PlaylistView } from "#contracts/music/collections.ts";
import { Icon } from "../../../components/Icon";
import { QueryState } from "../../../components/QueryState";
import { Modal } from "../../../components/Modal";
import { useSessionUser } from "../../../lib/session/useSession";
import { usePlayerActions } from "../player/PlayerProvider";
import { CreatePlaylistDialog } from "./CreatePlaylistDialog";
import { DeletePlaylistDialog } from "./DeletePlaylistDialog";
import { PlaylistDetail } from "./PlaylistDetail";
import { playableTracks, useCanEditPlaylists, usePlaylists } from "./playlists";
import { playlistMessages as m } from "./playlistMessages";
import "./playlists.css";

type PlaylistsGridProps = {
  /** Extra classes for the section (e.g. the hub's `hub-section`). */
  className?: string;
};

export function PlaylistsGrid({ className }: PlaylistsGridProps) {
  const { user } = useSessionUser();
  if (!user) return null;
  return <SignedInPlaylists className={className} />;
}

function SignedInPlaylists({ className }: PlaylistsGridProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = usePlaylists();
  const canEdit = useCanEditPlaylists();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PlaylistView | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const playlists = query.data?.playlists;
  const opened = openId ? playlists?.find((p) => p.id === openId) : undefined;

  return (
    <section aria-labelledby={headingId} className={className ? `playlists-section ${className}` : "playlists-section"}>
      <div className="playlists-head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          <FormattedMessage {...m.sectionTitle} />
        </h2>
        {canEdit && (
          <button type="button" className="btn btn-primary btn-sm" aria-haspopup="dialog" onClick={() => setCreating(true)}>
            <FormattedMessage {...m.create} />
          </button>
        )}
      </div>

      {!canEdit && (
        <div className="info-banner playlists-vip">
          <Icon name="lock" size={18} />
          <span>
            <FormattedMessage {...m.vipOnly} />
          </span>
          <Link to="/vip-signup" className="btn btn-ghost btn-sm">
            <FormattedMessage {...m.unlockVip} />
          </Link>
        </div>
      )}

      <QueryState
        query={query}
        loading={<FormattedMessage {...m.loading} />}
        failed={<FormattedMessage {...m.loadFailed} />}
        retry={<FormattedMessage {...m.retry} />}
      >
        {({ playlists }) =>
          playlists.length === 0 ? (
            <div className="empty-state playlists-empty">
              <p className="empty-state-title">
                <FormattedMessage {...m.empty} />
              </p>
              {canEdit && (
                <p className="muted">
                  <FormattedMessage {...m.emptyHint} />
                </p>
              )}
            </div>
          ) : (
            <ul className="playlist-grid">
              {playlists.map((playlist) => (
                <PlaylistCard
                  key={playlist.id}
                  playlist={playlist}
                  canEdit={canEdit}
                  onOpen={() => setOpenId(playlist.id)}
                  onDelete={() => setDeleting(playlist)}
                />
              ))}
            </ul>
          )
        }
      </QueryState>

      {creating && <CreatePlaylistDialog onClose={() => setCreating(false)} />}
      {deleting && (
        <DeletePlaylistDialog
          playlist={deleting}
          onClose={() => setDeleting(null)}
          // The card and its Delete button are gone: land on the section instead of nowhere.
          onDeleted={() => requestAnimationFrame(() => headingRef.current?.focus())}
        />
      )}
      {openId && (
        <Modal
          title={opened?.name ?? <FormattedMessage {...m.notFound} />}
          onClose={() => setOpenId(null)}
          className="playlist-dialog"
          footer={
            <div className="dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setOpenId(null)}>
                <FormattedMessage {...m.close} />
              </button>
            </div>
          }
        >
          <PlaylistDetail playlistId={openId} />
        </Modal>
      )}
    </section>
  );
}

function PlaylistCard({ playlist, canEdit, onOpen, onDelete }: { playlist: PlaylistView; canEdit: boolean; onOpen: () => void; onDelete: () => void }) {
  const intl = useIntl();
  const actions = usePlayerActions();
  const queue = playableTracks(playlist);
  const preview = playlist.tracks.slice(0, PLAYLIST_PREVIEW_TRACKS);
  const more = playlist.tracks.length - preview.length;
  const values = { name: playlist.name };

  return (
    <li className="playlist-card">
      <h3 className="playlist-card-name">{playlist.name}</h3>
      <p className="playlist-card-count">
        <FormattedMessage {...m.trackCount} values={{ count: playlist.tracks.length }} />
      </p>
      {preview.length > 0 && (
        <ol className="playlist-card-preview">
          {preview.map((track) => (
            <li key={track.id}>{track.title}</li>
          ))}
        </ol>
      )}
      {more > 0 && (
        <p className="playlist-card-more">
          <FormattedMessage {...m.moreTracks} values={{ count: more }} />
        </p>
      )}
      <div className="playlist-card-actions">
        {canEdit && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            aria-label={intl.formatMessage(m.playLabel, values)}
            disabled={queue.length === 0}
            onClick={() => actions.playQueue(queue)}
          >
            <FormattedMessage {...m.play} />
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.openLabel, values)} aria-haspopup="dialog" onClick={onOpen}>
          <FormattedMessage {...m.open} />
        </button>
        {canEdit && (
          <button
            type="button"
            className="btn btn-danger btn-sm"
            aria-label={intl.formatMessage(m.deleteLabel, values)}
            aria-haspopup="dialog"
            onClick={onDelete}
          >
            <FormattedMessage {...m.delete} />
          </button>
        )}
      </div>
    </li>
  );
}

// 'Delete Playlist' (spec 2.4, 5): the confirmation, Cancel and Delete ('Deleting...' while busy).
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { PlaylistView } from "../../../../worker/contracts/collections";
import { Modal } from "../../../components/Modal";
import { playlistErrorText, useDeletePlaylist, type PlaylistErrorText } from "./playlists";
import { playlistMessages as m } from "./playlistMessages";
import "./playlists.css";

type DeletePlaylistDialogProps = {
  playlist: Pick<PlaylistView, "id" | "name">;
  onClose: () => void;
  /** Called once the playlist is gone, before the dialog closes. */
  onDeleted?: (id: string) => void;
};

export function DeletePlaylistDialog({ playlist, onClose, onDeleted }: DeletePlaylistDialogProps) {
  const remove = useDeletePlaylist();
  const [error, setError] = useState<PlaylistErrorText | null>(null);

  const confirm = () => {
    setError(null);
    remove.mutate(playlist.id, {
      onSuccess: (id) => {
        onDeleted?.(id);
        onClose();
      },
      onError: (err) => setError(playlistErrorText(err, m.deleteFailed)),
    });
  };

  const footer = (
    <>
      {error && (
        <div className="error-banner" role="alert">
          <FormattedMessage {...error.message} values={error.values} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <FormattedMessage {...m.cancel} />
        </button>
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={remove.isPending}>
          <FormattedMessage {...(remove.isPending ? m.deleting : m.delete)} />
        </button>
      </div>
    </>
  );

  return (
    <Modal title={<FormattedMessage {...m.deleteTitle} />} onClose={onClose} footer={footer}>
      <p className="playlist-dialog-subject">{playlist.name}</p>
      <p>
        <FormattedMessage {...m.deleteConfirm} />
      </p>
    </Modal>
  );
}

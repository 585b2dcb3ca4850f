// 'Delete Playlist' (docs/features.md#music): the confirmation, Cancel and Delete ('Deleting...' while busy).
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { PlaylistView } from "#contracts/music/collections.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
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

  return (
    <ConfirmDialog
      title={<FormattedMessage {...m.deleteTitle} />}
      cancelLabel={<FormattedMessage {...m.cancel} />}
      confirmLabel={<FormattedMessage {...m.delete} />}
      busyLabel={<FormattedMessage {...m.deleting} />}
      busy={remove.isPending}
      error={error && <FormattedMessage {...error.message} values={error.values} />}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className="playlist-dialog-subject">{playlist.name}</p>
      <p>
        <FormattedMessage {...m.deleteConfirm} />
      </p>
    </ConfirmDialog>
  );
}

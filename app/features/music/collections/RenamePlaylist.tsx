// Rename a playlist in place: a Rename button that becomes a small name form (Escape leaves the
// form, not the dialog around it).
import { useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { PlaylistView } from "#contracts/music/collections.ts";
import { PlaylistNameField } from "./CreatePlaylistDialog";
import { nameTaken, playlistErrorText, playlistNameError, usePlaylists, useRenamePlaylist, type PlaylistErrorText } from "./playlists";
import { playlistMessages as m } from "./playlistMessages";

/** Rename in place: a Rename button that becomes a small name form. */
export function RenamePlaylist({ playlist }: { playlist: PlaylistView }) {
  const intl = useIntl();
  const rename = useRenamePlaylist();
  const { data } = usePlaylists();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(playlist.name);
  const [failure, setFailure] = useState<{ text: PlaylistErrorText; atField: boolean } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const trimmed = name.trim();

  const stop = () => {
    setEditing(false);
    setFailure(null);
    requestAnimationFrame(() => buttonRef.current?.focus());
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!trimmed || rename.isPending) return;
    if (trimmed === playlist.name) return stop();
    if (nameTaken(data?.playlists, trimmed, playlist.id)) {
      setFailure({ text: { message: m.nameTaken }, atField: true });
      return;
    }
    setFailure(null);
    rename.mutate(
      { id: playlist.id, name: trimmed },
      {
        onSuccess: stop,
        onError: (err) => setFailure({ text: playlistErrorText(err, m.renameFailed), atField: playlistNameError(err) !== undefined }),
      },
    );
  };

  if (!editing) {
    return (
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={intl.formatMessage(m.renameLabel, { name: playlist.name })}
        onClick={() => {
          setName(playlist.name);
          setEditing(true);
        }}
      >
        <FormattedMessage {...m.rename} />
      </button>
    );
  }

  return (
    <form
      className="playlist-rename"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(e) => {
        // Escape leaves the form, not the whole dialog.
        if (e.key === "Escape") {
          e.stopPropagation();
          stop();
        }
      }}
    >
      <PlaylistNameField
        label={<FormattedMessage {...m.nameLabel} />}
        value={name}
        autoFocus
        onChange={(value) => {
          setName(value);
          if (failure) setFailure(null);
        }}
        error={failure?.atField ? failure.text : undefined}
      />
      {failure && !failure.atField && (
        <p className="field-error" role="alert">
          <FormattedMessage {...failure.text.message} values={failure.text.values} />
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={stop}>
          <FormattedMessage {...m.cancel} />
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!trimmed || rename.isPending}>
          <FormattedMessage {...(rename.isPending ? m.saving : m.save)} />
        </button>
      </div>
    </form>
  );
}

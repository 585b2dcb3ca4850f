// 'Create New Playlist' (docs/features.md#music): a name, Cancel and Create. Create stays disabled while
// the trimmed name is empty; a name the member already uses (any case) is refused in the dialog
// with 'A playlist with this name already exists'; the dialog closes after success.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { PLAYLIST_NAME_MAX } from "#contracts/music/collection-limits.ts";
import type { PlaylistView } from "#contracts/music/collections.ts";
import { Modal } from "../../../components/Modal";
import { nameTaken, playlistErrorText, playlistNameError, useCreatePlaylist, usePlaylists, type PlaylistErrorText } from "./playlists";
import { playlistMessages as m } from "./playlistMessages";
import { focusOnMount } from "../../../lib/focusOnMount";
import "./playlists.css";

type CreatePlaylistDialogProps = {
  onClose: () => void;
  /** Called with the new playlist before the dialog closes. */
  onCreated?: (playlist: PlaylistView) => void;
};

export function CreatePlaylistDialog({ onClose, onCreated }: CreatePlaylistDialogProps) {
  const formId = useId();
  const create = useCreatePlaylist();
  const { data } = usePlaylists();
  const [name, setName] = useState("");
  const [error, setError] = useState<{ text: PlaylistErrorText; atField: boolean } | null>(null);
  const trimmed = name.trim();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!trimmed || create.isPending) return;
    if (nameTaken(data?.playlists, trimmed)) {
      setError({ text: { message: m.nameTaken }, atField: true });
      return;
    }
    setError(null);
    create.mutate(trimmed, {
      onSuccess: ({ playlist }) => {
        onCreated?.(playlist);
        onClose();
      },
      onError: (err) => {
        const atField = playlistNameError(err) !== undefined;
        setError({ text: playlistErrorText(err, m.createFailed), atField });
      },
    });
  };

  const footer = (
    <>
      {error && !error.atField && (
        <div className="error-banner" role="alert">
          <FormattedMessage {...error.text.message} values={error.text.values} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <FormattedMessage {...m.cancel} />
        </button>
        <button type="submit" form={formId} className="btn btn-primary" disabled={!trimmed || create.isPending}>
          <FormattedMessage {...(create.isPending ? m.creating : m.createSubmit)} />
        </button>
      </div>
    </>
  );

  return (
    <Modal title={<FormattedMessage {...m.createTitle} />} onClose={onClose} footer={footer}>
      <form id={formId} className="form" noValidate onSubmit={onSubmit}>
        <PlaylistNameField
          label={<FormattedMessage {...m.nameLabel} />}
          value={name}
          onChange={(value) => {
            setName(value);
            if (error) setError(null);
          }}
          error={error?.atField ? error.text : undefined}
        />
      </form>
    </Modal>
  );
}

/** The name input shared by the create, create-and-add and rename forms. */
export function PlaylistNameField({
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: PlaylistErrorText;
  autoFocus?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        name="name"
        autoComplete="off"
        maxLength={PLAYLIST_NAME_MAX}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        ref={autoFocus ? focusOnMount : undefined}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          <FormattedMessage {...error.message} values={error.values} />
        </p>
      )}
    </div>
  );
}

// Add or edit an album: title, year, type and notes in both languages, and once it exists its release times (the public
// release and the VIP early access before it). Only changed fields are sent when editing.
import { useState } from "react";
import { useIntl } from "react-intl";
import { ALBUM_NOTES_MAX, TITLE_MAX } from "#contracts/music/admin-catalog-limits.ts";
import type { AdminAlbum, AdminAlbumResponse } from "#contracts/music/admin-catalog.ts";
import type { AlbumType } from "#contracts/music/music.ts";
import { FormDialog } from "../components/form/FormDialog";
import { SelectField, TextField, wholeNumber } from "../components/form/fields";
import { albumTypeMessages, catalogMessages as m } from "./messages";
import { catalogApi, useCatalogWrite } from "./queries";
import { useFormErrors } from "./useFormErrors";
import { ReleaseFields, useReleaseTimes } from "./ReleaseFields";

type AlbumFields = { title: string; year: number; type: AlbumType; notes: string; notesPtBr: string; releaseAt?: string | null; earlyAccessAt?: string | null };

export function AlbumDialog({ album, onClose }: { album?: AdminAlbum; onClose: () => void }) {
  const intl = useIntl();
  const [title, setTitle] = useState(album?.title ?? "");
  const [year, setYear] = useState(String(album?.year ?? new Date().getFullYear()));
  const [type, setType] = useState<AlbumType>(album?.type ?? "Album");
  const [notes, setNotes] = useState(album?.notes ?? "");
  const [notesPtBr, setNotesPtBr] = useState(album?.notesPtBr ?? "");
  const release = useReleaseTimes(album);
  const errors = useFormErrors(["title", "year", "type", "notes", "notesPtBr", "earlyAccessAt", "earlyMinTierId"] as const);
  const save = useCatalogWrite("albums", (fields: Partial<AlbumFields>) =>
    album ? catalogApi.patch<AdminAlbumResponse>(`/albums/${album.id}`, fields) : catalogApi.post<AdminAlbumResponse>("/albums", fields),
  );

  const submit = () => {
    errors.clear();
    const yearValue = wholeNumber(year);
    const problems = {
      title: title.trim() ? null : m.commonRequired,
      year: yearValue === null ? m.commonWholeNumber : null,
      earlyAccessAt: album ? release.problem : null,
    };
    if (!errors.check(problems)) return;
    const fields: AlbumFields = { title: title.trim(), year: yearValue!, type, notes: notes.trim(), notesPtBr: notesPtBr.trim() };
    // Stored notes are null when empty: compare them as "".
    const stored = album && { ...album, notes: album.notes ?? "", notesPtBr: album.notesPtBr ?? "" };
    // A new album sends only the notes it has (an empty one is no note).
    const changed: Partial<AlbumFields> = Object.fromEntries(
      Object.entries(fields).filter(([k, v]) => (stored ? stored[k as keyof AlbumFields] !== v : v !== "")),
    );
    // Both times go together (the server checks them as a pair).
    if (album && release.changed) Object.assign(changed, release.value);
    if (Object.keys(changed).length === 0) return onClose();
    save.mutate(changed, { onSuccess: onClose, onError: errors.fromServer });
  };

  return (
    <FormDialog
      title={intl.formatMessage(album ? m.albumEditTitle : m.albumCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={album ? m.commonSave : m.commonCreate}
      submitting={album ? m.commonSaving : m.commonCreating}
      error={errors.formError}
    >
      <TextField label={intl.formatMessage(m.fieldTitle)} value={title} onChange={setTitle} maxLength={TITLE_MAX} required error={errors.fieldErrors.title} />
      <TextField
        label={intl.formatMessage(m.fieldYear)}
        type="number"
        min={1900}
        max={2100}
        value={year}
        onChange={setYear}
        required
        error={errors.fieldErrors.year}
      />
      <SelectField
        label={intl.formatMessage(m.fieldType)}
        value={type}
        onChange={setType}
        options={(["Album", "Single"] as const).map((value) => ({ value, label: intl.formatMessage(albumTypeMessages[value]) }))}
        error={errors.fieldErrors.type}
      />
      <TextField
        label={intl.formatMessage(m.fieldNotesEn)}
        value={notes}
        onChange={setNotes}
        multiline
        maxLength={ALBUM_NOTES_MAX}
        error={errors.fieldErrors.notes}
      />
      <TextField
        label={intl.formatMessage(m.fieldNotesPtBr)}
        value={notesPtBr}
        onChange={setNotesPtBr}
        hint={intl.formatMessage(m.fieldPtBrHint)}
        multiline
        maxLength={ALBUM_NOTES_MAX}
        error={errors.fieldErrors.notesPtBr}
      />
      {album && <ReleaseFields times={release} error={errors.fieldErrors.earlyAccessAt} tierError={errors.fieldErrors.earlyMinTierId} />}
    </FormDialog>
  );
}

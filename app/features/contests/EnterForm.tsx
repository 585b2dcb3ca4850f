// The enter form: the remix's title and note, the licence accepted, the audio file (its format and
// this contest's size checked before sending), then the draft is made and its audio uploaded with
// a progress bar that can be canceled. A refusal, the Worker's or the same check made here, is said
// by its code; a draft whose upload failed or was canceled stays in the member's entries.
import { useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { FilePickerField } from "../../components/FilePickerField";
import { FormField, UiText } from "../../components/form/FormField";
import { hasCode, type UiMessage } from "../../lib/forms/errorText";
import { ENTRY_CO_AUTHORS_MAX, ENTRY_NOTE_MAX, ENTRY_TITLE_MAX } from "#contracts/contests/limits.ts";
import type { PublicContest } from "#contracts/contests/contests.ts";
import { entryErrorText } from "./entry-errors";
import { ENTRY_FILE_ACCEPT, entryFileRefusal } from "./entry-file";
import { contestMessages as m } from "./messages";
import { useCreateEntry, useEditEntry } from "./queries";
import { UploadProgress } from "./UploadProgress";
import { useEntryUpload } from "./useEntryUpload";

type Fields = { title: string; note: string; coAuthors: string; accepted: boolean; file: File | null };
type FieldErrors = Partial<Record<keyof Fields, UiMessage>>;
type Draft = { id: string; title: string; note: string; coAuthors: string };
const EMPTY: Fields = { title: "", note: "", coAuthors: "", accepted: false, file: null };

/** The usernames the co-authors field names: separated by commas or spaces, an @ before one allowed. */
export const coAuthorNames = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((name) => name.replace(/^@/, ""))
    .filter(Boolean);
const USERNAME = /^[A-Za-z0-9_]+$/;

/** The form's own checks, the Worker's rules: each field's first problem. */
function check(fields: Fields, maxUploadMb: number): FieldErrors {
  const errors: FieldErrors = {};
  const title = fields.title.trim();
  if (!title) errors.title = { message: m.titleRequired };
  else if (title.length > ENTRY_TITLE_MAX) errors.title = { message: m.titleTooLong };
  if (fields.note.trim().length > ENTRY_NOTE_MAX) errors.note = { message: m.noteTooLong };
  const names = coAuthorNames(fields.coAuthors);
  if (names.some((name) => !USERNAME.test(name))) errors.coAuthors = { message: m.coAuthorInvalid };
  else if (new Set(names.map((name) => name.toLowerCase())).size > ENTRY_CO_AUTHORS_MAX)
    errors.coAuthors = { message: m.coAuthorsTooMany, values: { max: ENTRY_CO_AUTHORS_MAX } };
  if (!fields.accepted) errors.accepted = { message: m.licenceRequired };
  const refusal = fields.file ? entryFileRefusal(fields.file, maxUploadMb) : null;
  if (!fields.file) errors.file = { message: m.audioRequired };
  else if (refusal) errors.file = entryErrorText(refusal, maxUploadMb);
  return errors;
}

/**
 * `usedUp`: the member has no new entry left. The form stays while its own draft is on its way (the
 * draft itself may be the last entry, and the contest is read again as soon as it is made), and
 * then says so.
 */
export function EnterForm({ contest, usedUp }: { contest: PublicContest; usedUp: boolean }) {
  const intl = useIntl();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [entered, setEntered] = useState(false);
  // The draft this form made whose audio is not stored yet: sending again uploads to it, not to a new one.
  const [draft, setDraft] = useState<Draft | null>(null);
  const create = useCreateEntry(contest.id);
  const edit = useEditEntry(contest.id);
  const upload = useEntryUpload(contest.id, contest.maxUploadMb);
  const busy = create.isPending || edit.isPending || upload.state.phase === "uploading";
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((was) => ({ ...was, [key]: value }));

  // A draft withdrawn meanwhile (from the member's entries) is no longer this form's: the next send makes a new one.
  const draftGone =
    (upload.state.phase === "failed" && hasCode(upload.state.error, "contest_entry_not_found")) || hasCode(edit.error, "contest_entry_not_found");
  const liveDraft = draftGone ? null : draft;

  /** The draft to upload to: this form's own (its title and note brought up to date), else a new one. */
  async function draftFor(own: Draft | null, title: string, note: string, coAuthors: string): Promise<string | null> {
    if (own && own.title === title && own.note === note && own.coAuthors === coAuthors) return own.id;
    if (own) {
      if (!(await edit.mutateAsync({ entryId: own.id, title, note, coAuthors: coAuthorNames(coAuthors) }).catch(() => null))) return null;
      setDraft({ ...own, title, note, coAuthors });
      return own.id;
    }
    edit.reset();
    const made = await create.mutateAsync({ title, note, acceptLicence: true, coAuthors: coAuthorNames(coAuthors) }).catch(() => null);
    if (made) setDraft({ id: made.entry.id, title, note, coAuthors });
    return made?.entry.id ?? null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(fields, contest.maxUploadMb);
    setErrors(found);
    setEntered(false);
    upload.reset();
    if (Object.keys(found).length > 0) return;
    const id = await draftFor(liveDraft, fields.title.trim(), fields.note.trim(), fields.coAuthors.trim());
    if (!id) return;
    if (await upload.send(id, fields.file!)) {
      setFields(EMPTY);
      setDraft(null);
      setEntered(true);
    }
  }

  if (usedUp && !busy && !liveDraft)
    return (
      <>
        {entered && <p role="status">{intl.formatMessage(m.entered)}</p>}
        <p className="contest-enter-refusal">{intl.formatMessage(m.entriesUsedUp)}</p>
      </>
    );

  const fileError = errors.file ? <UiText value={errors.file} /> : undefined;
  return (
    <form className="contest-enter-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={intl.formatMessage(m.remixTitle)}
        value={fields.title}
        maxLength={ENTRY_TITLE_MAX}
        onChange={(event) => set("title", event.target.value)}
        error={errors.title}
        required
      />
      <FormField
        multiline
        label={intl.formatMessage(m.note)}
        value={fields.note}
        maxLength={ENTRY_NOTE_MAX}
        rows={3}
        onChange={(event) => set("note", event.target.value)}
        error={errors.note}
      />
      <FormField
        label={intl.formatMessage(m.coAuthors)}
        value={fields.coAuthors}
        hint={intl.formatMessage(m.coAuthorsHint)}
        onChange={(event) => set("coAuthors", event.target.value)}
        error={errors.coAuthors}
        autoComplete="off"
      />
      <FilePickerField
        label={intl.formatMessage(m.audioFile)}
        buttonLabel={intl.formatMessage(m.chooseAudio)}
        fileName={fields.file?.name ?? null}
        emptyText={intl.formatMessage(m.noAudioChosen)}
        hint={intl.formatMessage(m.sizeHint, { mb: contest.maxUploadMb })}
        error={fileError}
        accept={ENTRY_FILE_ACCEPT}
        onChange={(event) => set("file", event.target.files?.[0] ?? null)}
      />
      <div className="field">
        <label className="contest-check">
          <input
            type="checkbox"
            checked={fields.accepted}
            onChange={(event) => set("accepted", event.target.checked)}
            aria-invalid={errors.accepted ? true : undefined}
          />{" "}
          {intl.formatMessage(m.acceptLicence)}
        </label>
        {errors.accepted && (
          <p className="field-error">
            <UiText value={errors.accepted} />
          </p>
        )}
      </div>
      {(create.isError || edit.isError) && (
        <div className="error-banner" role="alert">
          <UiText value={entryErrorText(create.error ?? edit.error, contest.maxUploadMb)} />
        </div>
      )}
      <UploadProgress state={upload.state} maxUploadMb={contest.maxUploadMb} onCancel={upload.cancel} />
      {entered && <p role="status">{intl.formatMessage(m.entered)}</p>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {intl.formatMessage(create.isPending ? m.submitting : m.submit)}
      </button>
    </form>
  );
}

// The member's own entries, drafts and submitted: while the contest takes entries each can be
// edited (title and note) and have its audio uploaded or replaced, with the upload's progress;
// withdrawing is open at any time, after a confirmation (its votes go with it).
import { useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FilePickerField } from "../../components/FilePickerField";
import { FormField, UiText } from "../../components/form/FormField";
import { serverErrorField } from "../../lib/forms/errorText";
import { ENTRY_NOTE_MAX, ENTRY_TITLE_MAX } from "#contracts/contests/limits.ts";
import type { ContestEntry, PublicContest } from "#contracts/contests/contests.ts";
import { entryErrorText } from "./entry-errors";
import { ENTRY_FILE_ACCEPT } from "./entry-file";
import { keptUpload, sessionStore } from "./entry-parts";
import { contestMessages as m } from "./messages";
import { contestModerationMessages as moderation } from "./moderation-messages";
import { useEditEntry, useWithdrawEntry } from "./queries";
import { UploadProgress } from "./UploadProgress";
import { useEntryUpload } from "./useEntryUpload";

export function MyEntries({ contest, entries }: { contest: PublicContest; entries: ContestEntry[] }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="contest-my-entries">
      <h2 id="contest-my-entries">{intl.formatMessage(m.myEntries)}</h2>
      <ul className="contest-my-entries">
        {entries.map((entry) => (
          <MyEntry key={entry.id} contest={contest} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

function MyEntry({ contest, entry }: { contest: PublicContest; entry: ContestEntry }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const upload = useEntryUpload(contest.id, contest.maxUploadMb);
  const withdraw = useWithdrawEntry(contest.id, entry.id);
  const open = contest.phase === "entries";
  const draft = entry.status === "draft";
  // An upload in parts this tab began and did not finish (a reload, a cut): the same file picked again goes on from it.
  const stopped = open && upload.state.phase !== "uploading" && upload.state.phase !== "done" ? keptUpload(sessionStore(), entry.id) : null;
  return (
    <li>
      <article aria-label={entry.title}>
        <p>
          <strong>{entry.title}</strong> <span className="badge">{intl.formatMessage(draft ? m.draft : m.submitted)}</span>
        </p>
        {entry.hidden && (
          <p className="error-banner" role="status">
            {intl.formatMessage(moderation.hiddenNotice, { reason: entry.hidden.reason })}
          </p>
        )}
        {entry.audioUrl && <audio controls preload="none" src={entry.audioUrl} aria-label={entry.title} />}
        {editing ? (
          <EditEntry contest={contest} entry={entry} onDone={() => setEditing(false)} />
        ) : (
          <div className="contest-entry-actions">
            {open && (
              <button type="button" className="btn btn-sm" onClick={() => setEditing(true)} aria-label={intl.formatMessage(m.editOf, { title: entry.title })}>
                {intl.formatMessage(m.edit)}
              </button>
            )}
            <button
              type="button"
              className="btn btn-sm btn-danger"
              onClick={() => setConfirming(true)}
              aria-label={intl.formatMessage(m.withdrawOf, { title: entry.title })}
            >
              {intl.formatMessage(m.withdraw)}
            </button>
          </div>
        )}
        {open && upload.state.phase !== "uploading" && (
          <FilePickerField
            label={intl.formatMessage(draft ? m.uploadOf : m.replaceOf, { title: entry.title })}
            buttonLabel={intl.formatMessage(draft ? m.uploadAudio : m.replaceAudio)}
            fileName={null}
            emptyText=""
            hint={stopped ? intl.formatMessage(m.resumeHint, { name: stopped.name }) : intl.formatMessage(m.sizeHint, { mb: contest.maxUploadMb })}
            accept={ENTRY_FILE_ACCEPT}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload.send(entry.id, file);
            }}
          />
        )}
        <UploadProgress state={upload.state} maxUploadMb={contest.maxUploadMb} onCancel={upload.cancel} />
      </article>
      {confirming && (
        <ConfirmDialog
          title={intl.formatMessage(m.withdrawTitle)}
          cancelLabel={intl.formatMessage(m.keep)}
          confirmLabel={intl.formatMessage(m.withdraw)}
          busyLabel={intl.formatMessage(m.withdrawing)}
          busy={withdraw.isPending}
          error={withdraw.isError ? <UiText value={entryErrorText(withdraw.error, contest.maxUploadMb)} /> : undefined}
          onConfirm={() => withdraw.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>{intl.formatMessage(m.withdrawQuestion, { title: entry.title })}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}

function EditEntry({ contest, entry, onDone }: { contest: PublicContest; entry: ContestEntry; onDone: () => void }) {
  const intl = useIntl();
  const [title, setTitle] = useState(entry.title);
  const [note, setNote] = useState(entry.note);
  const edit = useEditEntry(contest.id);
  const fieldError = (field: string) => (serverErrorField(edit.error) === field ? entryErrorText(edit.error, contest.maxUploadMb) : undefined);
  function save(event: FormEvent) {
    event.preventDefault();
    edit.mutate({ entryId: entry.id, title: title.trim(), note: note.trim() }, { onSuccess: onDone });
  }
  return (
    <form onSubmit={save} noValidate>
      <FormField
        label={intl.formatMessage(m.remixTitle)}
        value={title}
        maxLength={ENTRY_TITLE_MAX}
        onChange={(e) => setTitle(e.target.value)}
        error={fieldError("title")}
      />
      <FormField
        multiline
        label={intl.formatMessage(m.note)}
        value={note}
        maxLength={ENTRY_NOTE_MAX}
        rows={3}
        onChange={(e) => setNote(e.target.value)}
        error={fieldError("note")}
      />
      {edit.isError && !fieldError("title") && !fieldError("note") && (
        <div className="error-banner" role="alert">
          <UiText value={entryErrorText(edit.error, contest.maxUploadMb)} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          {intl.formatMessage(m.cancel)}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={edit.isPending}>
          {intl.formatMessage(m.save)}
        </button>
      </div>
    </form>
  );
}

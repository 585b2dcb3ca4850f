// A contest's stems in the back office: the list with each file's format and size, an upload (a
// file, the name it gets in the members' ZIP, a progress bar and a cancel) and a delete behind a
// confirmation. Refusals, from the checks made before sending or from the Worker, by their code.
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { QueryState } from "../../../components/QueryState";
import { serverErrorText, type ErrorTexts, type UiMessage } from "../../../lib/forms/errorText";
import { useUpload } from "../../../lib/upload";
import { CONTEST_STEMS_MAX, STEM_MAX_MB, type AdminContestStem, type AdminContestStemResponse } from "#contracts/contests/contests.ts";
import { ActionOutcome } from "../components/ActionOutcome";
import { formatBytes } from "../format";
import { contestsAdminMessages as m } from "./messages";
import { contestStemsQueryOptions, contestsApi, useContestsRefresh, useContestWrite } from "./queries";
import { STEM_FILE_ACCEPT, stemFileRefusal, stemNameOf, stemUploadFile } from "./stem-file";

const STEM_TEXTS: ErrorTexts = {
  unsupported_type: m.stemWrongFormat,
  contest_stem_name_invalid: m.stemNameInvalid,
  contest_stem_exists: m.stemExists,
  contest_stem_not_found: m.stemGone,
  contest_not_found: m.errorNotFound,
};

function stemErrorText(error: unknown): UiMessage {
  const code = (error as { code?: string } | null)?.code;
  if (code === "too_large" || code === "payload_too_large") return { message: m.stemTooLarge, values: { max: STEM_MAX_MB } };
  if (code === "contest_stems_full") return { message: m.stemsFull, values: { max: CONTEST_STEMS_MAX } };
  return serverErrorText(error, STEM_TEXTS) ?? { message: m.stemFailed };
}

export function StemsPanel({ contestId }: { contestId: string }) {
  const intl = useIntl();
  const stems = useQuery(contestStemsQueryOptions(contestId));
  const [done, setDone] = useState("");
  const [removing, setRemoving] = useState<AdminContestStem | null>(null);
  return (
    <section aria-labelledby="contest-stems-title" className="admin-contests-stems">
      <h2 id="contest-stems-title">{intl.formatMessage(m.stemsTitle)}</h2>
      <p>{intl.formatMessage(m.stemsIntro, { max: CONTEST_STEMS_MAX, mb: STEM_MAX_MB })}</p>
      <ActionOutcome done={done} />
      <QueryState query={stems} loading={intl.formatMessage(m.stemsLoading)} failed={intl.formatMessage(m.stemsLoadFailed)} retry={intl.formatMessage(m.retry)}>
        {({ stems: list }) =>
          list.length === 0 ? (
            <p>{intl.formatMessage(m.stemsEmpty)}</p>
          ) : (
            <table className="table">
              <caption className="sr-only">{intl.formatMessage(m.stemsCaption)}</caption>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.colStem)}</th>
                  <th scope="col">{intl.formatMessage(m.colFormat)}</th>
                  <th scope="col">{intl.formatMessage(m.colSize)}</th>
                  <th scope="col">{intl.formatMessage(m.colActions)}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((stem) => (
                  <tr key={stem.id}>
                    <td>{stem.name}</td>
                    <td>{stem.format.toUpperCase()}</td>
                    <td>{formatBytes(intl, stem.bytes)}</td>
                    <td>
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRemoving(stem)}>
                        {intl.formatMessage(m.stemDeleteOf, { name: stem.name })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
      <StemUpload contestId={contestId} onDone={setDone} />
      {removing && (
        <DeleteStem
          contestId={contestId}
          stem={removing}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setDone(intl.formatMessage(m.stemDeleted, { name: removing.name }));
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}

function DeleteStem({ contestId, stem, onClose, onDeleted }: { contestId: string; stem: AdminContestStem; onClose: () => void; onDeleted: () => void }) {
  const intl = useIntl();
  const remove = useContestWrite(() => contestsApi.deleteStem(contestId, stem.name));
  const error = remove.error ? stemErrorText(remove.error) : null;
  return (
    <ConfirmDialog
      title={intl.formatMessage(m.stemDeleteTitle, { name: stem.name })}
      cancelLabel={intl.formatMessage(m.stemKeep)}
      confirmLabel={intl.formatMessage(m.stemDelete)}
      busyLabel={intl.formatMessage(m.stemDeleting)}
      busy={remove.isPending}
      error={error && intl.formatMessage(error.message, error.values)}
      onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
      onClose={onClose}
      className="admin-dialog"
    >
      <p>{intl.formatMessage(m.stemDeleteQuestion)}</p>
    </ConfirmDialog>
  );
}

function StemUpload({ contestId, onDone }: { contestId: string; onDone: (text: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const upload = useUpload<AdminContestStemResponse>();
  const refresh = useContestsRefresh();
  const { state } = upload;
  const busy = state.phase === "uploading";

  const send = async () => {
    if (!file) return;
    const refusal = stemFileRefusal(file, name);
    if (refusal) return upload.fail(refusal);
    const stored = await upload.start(contestsApi.stemUrl(contestId, name.trim()), stemUploadFile(file)!);
    refresh();
    if (stored) {
      onDone(intl.formatMessage(m.stemUploaded, { name: stored.stem.name }));
      setFile(null);
      setName("");
    }
  };

  const percent = state.phase === "uploading" && state.progress.total > 0 ? Math.min(100, Math.floor((state.progress.loaded / state.progress.total) * 100)) : 0;
  const error = state.phase === "failed" ? stemErrorText(state.error) : null;
  return (
    <form
      className="admin-contests-stem-upload"
      aria-label={intl.formatMessage(m.stemUploadTitle)}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <h3>{intl.formatMessage(m.stemUploadTitle)}</h3>
      <label htmlFor={`${id}-file`}>{intl.formatMessage(m.stemFile)}</label>
      <input
        id={`${id}-file`}
        type="file"
        accept={STEM_FILE_ACCEPT}
        disabled={busy}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          setFile(chosen);
          if (chosen) setName(stemNameOf(chosen));
          upload.reset();
        }}
      />
      <label htmlFor={`${id}-name`}>{intl.formatMessage(m.stemName)}</label>
      <input id={`${id}-name`} type="text" value={name} maxLength={80} disabled={busy} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={!file || busy}>
        {intl.formatMessage(m.stemUpload)}
      </button>
      {busy && (
        <div className="admin-contests-stem-progress">
          <progress max={100} value={percent} aria-label={intl.formatMessage(m.stemUploadProgressLabel)} />
          <span role="status">{intl.formatMessage(m.stemUploadProgress, { percent })}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={upload.cancel}>
            {intl.formatMessage(m.stemCancel)}
          </button>
        </div>
      )}
      {state.phase === "canceled" && <p role="status">{intl.formatMessage(m.stemUploadCanceled)}</p>}
      {error && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(error.message, error.values)}
        </p>
      )}
    </form>
  );
}

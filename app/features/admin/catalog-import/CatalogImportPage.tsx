// /admin/catalog/import: drop a folder or a ZIP, review what its tags say, then upload. The page
// holds the dropped files (never their bytes: Files and Blobs) and the draft; runImport does the
// rest. An import left unfinished (a reload, a closed tab) is offered again from sessionStorage.
import { useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { Link } from "@tanstack/react-router";
import type { ImportState } from "#contracts/music/admin-catalog-import.ts";
import { serverErrorText } from "../../../lib/forms/errorText";
import { adminKeys } from "../queries";
import type { DroppedFile } from "./dropped";
import { DropZone } from "./DropZone";
import { importMessages as m } from "./messages";
import { planImport, problemsOf, type ImportDraft } from "./model";
import type { HeldFile } from "./plan";
import { ReviewTable } from "./ReviewTable";
import { EncodeError, forgetImport, importStateOf, rememberedImport, resumeImport, runImport, type MissingFile, type Progress } from "./runImport";
import { scanDropped } from "./scan";
import { UploadProgress } from "./UploadProgress";
import "./catalog-import.css";

type Phase =
  | { name: "pick" }
  | { name: "reading"; done: number; total: number }
  | { name: "review" }
  | { name: "working"; progress: Progress }
  | { name: "done"; state: ImportState; missing: MissingFile[] }
  | { name: "failed"; reason: string };

export function CatalogImportPage() {
  const intl = useIntl();
  const [phase, setPhase] = useState<Phase>({ name: "pick" });
  const [draft, setDraft] = useState<ImportDraft | null>(null);
  const [held, setHeld] = useState<ReadonlyMap<string, HeldFile>>(new Map());
  const [unfinished, setUnfinished] = useState<ImportState | null>(null);
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const problems = useMemo(() => (draft ? problemsOf(draft) : []), [draft]);

  useEffect(() => {
    const id = rememberedImport();
    if (!id) return;
    const controller = new AbortController();
    importStateOf(id, controller.signal).then(
      (state) => (state.files.every((f) => f.state === "done" || f.state === "failed") ? forgetImport() : setUnfinished(state)),
      () => !controller.signal.aborted && forgetImport(),
    );
    return () => controller.abort();
  }, []);
  useEffect(() => () => abort.current?.abort(), []);

  const reasonOf = (error: unknown) => {
    if (error instanceof EncodeError) return intl.formatMessage(m.encodeFailed, { name: error.fileName });
    const text = serverErrorText(error);
    return text ? intl.formatMessage(text.message, text.values) : intl.formatMessage(m.reasonGeneric);
  };
  const work = async (job: (signal: AbortSignal) => Promise<{ state: ImportState; missing: MissingFile[] }>) => {
    abort.current = new AbortController();
    try {
      const { state, missing } = await job(abort.current.signal);
      // The catalog's lists (and the audit log) held in this tab are older than the new drafts.
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "catalog"] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
      // Files still missing: the import stays offered, and the next drop goes on with it.
      setUnfinished(missing.length > 0 ? state : null);
      setPhase({ name: "done", state, missing });
    } catch (error) {
      if (!abort.current.signal.aborted) setPhase({ name: "failed", reason: reasonOf(error) });
    }
  };
  const onProgress = (progress: Progress) => setPhase({ name: "working", progress });

  const onFiles = async (dropped: DroppedFile[]) => {
    setPhase({ name: "reading", done: 0, total: dropped.length });
    try {
      const scan = await scanDropped(dropped, (done, total) => setPhase({ name: "reading", done, total }));
      setHeld(scan.held);
      if (unfinished) return void work((signal) => resumeImport(unfinished, scan.held, onProgress, signal));
      setDraft(planImport(scan.files));
      setPhase({ name: "review" });
    } catch {
      setPhase({ name: "failed", reason: intl.formatMessage(m.readFailed) });
    }
  };
  const startOver = () => {
    setDraft(null);
    setHeld(new Map());
    setPhase({ name: "pick" });
  };
  const upload = () => draft && void work(async (signal) => ({ state: await runImport(draft.releases, held, onProgress, signal), missing: [] }));

  return (
    <div className="catalog-import-page">
      <p>
        <Link to="/admin/catalog">{intl.formatMessage(m.backToCatalog)}</Link>
      </p>
      {unfinished && phase.name !== "working" && (
        <div className="catalog-import-resume" role="region" aria-labelledby="catalog-import-resume">
          <h2 id="catalog-import-resume">{intl.formatMessage(m.resumeTitle)}</h2>
          <p>{intl.formatMessage(m.resumeText, { done: unfinished.files.filter((f) => f.state === "done").length, total: unfinished.files.length })}</p>
          <button
            type="button"
            className="btn"
            onClick={() => {
              forgetImport();
              setUnfinished(null);
            }}
          >
            {intl.formatMessage(m.resumeForget)}
          </button>
        </div>
      )}
      {(phase.name === "pick" || (phase.name === "failed" && !draft) || (phase.name === "done" && unfinished)) && (
        <DropZone onFiles={(files) => void onFiles(files)} />
      )}
      {phase.name === "reading" && (
        <p role="status" className="catalog-import-status">
          {intl.formatMessage(m.reading, { done: phase.done, total: phase.total })}
        </p>
      )}
      {draft && (phase.name === "review" || phase.name === "failed") && (
        <section aria-labelledby="catalog-import-review">
          <h2 id="catalog-import-review">{intl.formatMessage(m.reviewTitle)}</h2>
          {draft.releases.length === 0 ? (
            <p>{intl.formatMessage(m.empty)}</p>
          ) : (
            <>
              <p>{intl.formatMessage(m.reviewSummary, { releases: draft.releases.length, tracks: draft.releases.reduce((n, r) => n + r.tracks.length, 0) })}</p>
              <ReviewTable draft={draft} held={held} problems={problems} onChange={setDraft} />
            </>
          )}
          <div className="catalog-import-actions">
            <p id="catalog-import-blocked" role="status" className={problems.length ? "field-error" : undefined}>
              {problems.length > 0 && intl.formatMessage(m.blocked, { count: problems.length })}
            </p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={problems.length > 0 || draft.releases.length === 0}
              aria-describedby="catalog-import-blocked"
              onClick={upload}
            >
              {intl.formatMessage(m.upload)}
            </button>
            <button type="button" className="btn" onClick={startOver}>
              {intl.formatMessage(m.startOver)}
            </button>
          </div>
        </section>
      )}
      {phase.name === "working" && <WorkingStatus progress={phase.progress} />}
      {phase.name === "failed" && (
        <p role="alert" className="field-error">
          {draft ? intl.formatMessage(m.uploadFailed, { reason: phase.reason }) : phase.reason}
        </p>
      )}
      {phase.name === "done" && (
        <div role="status" className="catalog-import-done">
          {phase.missing.length === 0 ? <p>{intl.formatMessage(m.done)}</p> : <MissingFiles missing={phase.missing} />}
          <ul>
            {phase.state.albums.map((album) => (
              <li key={album.id}>
                <Link to="/admin/catalog" search={{ album: album.id }}>
                  {intl.formatMessage(m.openRelease, { title: album.title })}
                </Link>
              </li>
            ))}
          </ul>
          <button type="button" className="btn" onClick={startOver}>
            {intl.formatMessage(m.startOver)}
          </button>
        </div>
      )}
    </div>
  );
}

function MissingFiles({ missing }: { missing: readonly MissingFile[] }) {
  const intl = useIntl();
  return (
    <div className="field-error">
      <p>{intl.formatMessage(m.resumeMissing, { count: missing.length })}</p>
      <ul>
        {missing.map(({ slot, reason }) => (
          <li key={slot.id}>{intl.formatMessage(reason === "absent" ? m.missingAbsent : m.missingOtherSize, { name: slot.name })}</li>
        ))}
      </ul>
    </div>
  );
}

function WorkingStatus({ progress }: { progress: Progress }) {
  const intl = useIntl();
  if (progress.stage === "encoding")
    return (
      <div className="catalog-import-status">
        <p role="status">{intl.formatMessage(m.encoding, { name: progress.name, percent: progress.fraction })}</p>
        <progress aria-label={intl.formatMessage(m.encoding, { name: progress.name, percent: progress.fraction })} max={1} value={progress.fraction} />
      </div>
    );
  if (progress.stage === "creating") return <p role="status">{intl.formatMessage(m.creating)}</p>;
  return <UploadProgress files={progress.files} />;
}

// Import CSV: choose a file → its columns and first rows with a mapping to each field (the
// server's suggestion to start with) → Import, with progress → the results. The file is read in
// the browser and sent in pieces of whole rows (see lib/csv-pieces.ts); the server parses and
// checks every row.
import { useState, type ChangeEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useIntl, type IntlShape } from "react-intl";
import { IMPORT_FILE_MAX_BYTES, TICKET_ERROR_CODES } from "#contracts/tickets/admin-limits.ts";
import type { ImportPreviewResponse } from "#contracts/tickets/admin.ts";
import { Modal } from "../../../components/Modal";
import { ApiRequestError } from "../../../lib/api";
import { adminKeys } from "../queries";
import { ImportFooter } from "../components/ImportFooter";
import { ImportFileName, ImportFileStep, ImportProgress, ImportStopped } from "../components/ImportSteps";
import { cutIntoPieces, readFileText, type CsvPiece } from "../lib/csv-pieces";
import { runImport, type ImportRun } from "./import-run";
import { completeMapping, ImportMapping, type MappingChoice } from "./ImportMapping";
import { ImportResults } from "./ImportResults";
import { ticketsMessages as m } from "./messages";
import { previewImport, ticketKeys } from "./queries";
import "../components/import.css";

type FileRead = { name: string; pieces: CsvPiece[]; rows: number; preview: ImportPreviewResponse };
type Stage =
  | { step: "choose"; reading: boolean; error: string | null }
  | { step: "map"; file: FileRead; mapping: MappingChoice; error: string | null }
  | { step: "importing"; file: FileRead; done: number }
  | { step: "done"; file: FileRead; run: ImportRun };

/** A failed call as the admin reads it: ours by code, else the server's text for a 4xx. */
function errorText(intl: IntlShape, err: unknown): string {
  if (!(err instanceof ApiRequestError)) return intl.formatMessage(m.importFailed);
  if (err.code === TICKET_ERROR_CODES.notCsv) return intl.formatMessage(m.importNotCsv);
  if (err.code === TICKET_ERROR_CODES.noRows) return intl.formatMessage(m.importNoRows);
  if (err.status === 413) return intl.formatMessage(m.importTooLarge);
  return err.status >= 400 && err.status < 500 && err.message ? err.message : intl.formatMessage(m.importFailed);
}

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: "choose", reading: false, error: null });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setStage({ step: "choose", reading: false, error: intl.formatMessage(m.importTooLarge) });
      return;
    }
    setStage({ step: "choose", reading: true, error: null });
    try {
      const { pieces, rows } = cutIntoPieces(await readFileText(file));
      // The first piece holds the header and the first rows: all the preview needs.
      const preview = await previewImport(pieces[0]?.csv ?? "");
      setStage({ step: "map", file: { name: file.name, pieces, rows, preview }, mapping: preview.mapping, error: null });
    } catch (err) {
      setStage({ step: "choose", reading: false, error: errorText(intl, err) });
    }
  }

  async function start() {
    if (stage.step !== "map") return;
    const mapping = completeMapping(stage.mapping);
    if (!mapping) {
      setStage({ ...stage, error: intl.formatMessage(m.importRequired) });
      return;
    }
    const file = stage.file;
    setStage({ step: "importing", file, done: 0 });
    const run = await runImport(file.pieces, mapping, (done) => setStage({ step: "importing", file, done }));
    if (run.totals.imported > 0) {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    }
    setStage({ step: "done", file, run });
  }

  const busy = stage.step === "importing";
  const footer = (
    <ImportFooter
      step={stage.step}
      error={(stage.step === "choose" || stage.step === "map") && stage.error ? stage.error : null}
      labels={{
        cancel: intl.formatMessage(m.cancel),
        submit: intl.formatMessage(m.importSubmit),
        again: intl.formatMessage(m.importAgain),
        close: intl.formatMessage(m.close),
      }}
      onCancel={onClose}
      onSubmit={() => void start()}
      onAgain={() => setStage({ step: "choose", reading: false, error: null })}
    />
  );

  return (
    <Modal title={intl.formatMessage(m.importTitle)} onClose={busy ? () => {} : onClose} footer={footer} className="tickets-dialog tickets-import">
      {stage.step === "choose" && (
        <ImportFileStep
          labels={{
            choose: intl.formatMessage(m.importChoose),
            button: intl.formatMessage(m.importButton),
            noFile: intl.formatMessage(m.importNoFile),
            hint: intl.formatMessage(m.importHint),
            reading: intl.formatMessage(m.importReading),
          }}
          accept=".csv,text/csv"
          reading={stage.reading}
          onChoose={(event) => void choose(event)}
        />
      )}
      {stage.step !== "choose" && <ImportFileName text={intl.formatMessage(m.importFile, { name: stage.file.name, rows: stage.file.rows })} />}
      {stage.step === "map" && (
        <ImportMapping preview={stage.file.preview} mapping={stage.mapping} onChange={(mapping) => setStage({ ...stage, mapping, error: null })} />
      )}
      {stage.step === "importing" && (
        <ImportProgress
          done={stage.done}
          total={stage.file.rows}
          text={intl.formatMessage(m.importProgress, { done: intl.formatNumber(stage.done), total: intl.formatNumber(stage.file.rows) })}
        />
      )}
      {stage.step === "done" && (
        <>
          {stage.run.error !== null && (
            <ImportStopped
              error={errorText(intl, stage.run.error)}
              stopped={intl.formatMessage(m.importStopped, { done: intl.formatNumber(stage.run.done), total: intl.formatNumber(stage.run.total) })}
            />
          )}
          <ImportResults totals={stage.run.totals} />
        </>
      )}
    </Modal>
  );
}

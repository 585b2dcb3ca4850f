// Import codes (a presale's or a perk's): choose a CSV file → its first rows and the column that
// holds the codes (the server's guess to start with) → Import, with progress → what was added
// and which rows could not be used. The file is cut into pieces of whole rows in the browser
// like the tickets import; the server reads and checks every row.
import { useId, useState, type ChangeEvent } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { IMPORT_FILE_MAX_BYTES } from "#contracts/tickets/admin-limits.ts";
import { OFFER_CODE_ERROR_CODES, type OfferCodePreviewResponse, type OfferCodeRowIssue } from "#contracts/offer-codes.ts";
import { createFeatureMessages } from "#app/i18n/FeatureMessages.tsx";
import { Modal } from "#app/components/Modal.tsx";
import { ApiRequestError } from "#app/lib/api/index.ts";
import { ImportFooter } from "../ImportFooter";
import { ImportFileName, ImportFileStep, ImportProgress, ImportStopped } from "../ImportSteps";
import { cutIntoPieces, readFileText, type CsvPiece } from "../../lib/csv-pieces";
import { previewCodes, runCodeImport, type CodeImportRun } from "./import-run";
import { codesMessages as m } from "./messages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";
import "../import.css";

const CodeImportMessages = createFeatureMessages({ en, "pt-BR": ptBR });
/** Row problems listed; the counts above them are whole. */
const LISTED = 200;

type FileRead = { name: string; pieces: CsvPiece[]; rows: number; preview: OfferCodePreviewResponse };
type Stage =
  | { step: "choose"; reading: boolean; error: string | null }
  | { step: "map"; file: FileRead; column: number }
  | { step: "importing"; file: FileRead; done: number }
  | { step: "done"; file: FileRead; run: CodeImportRun };

function errorText(intl: IntlShape, err: unknown): string {
  if (!(err instanceof ApiRequestError)) return intl.formatMessage(m.failed);
  if (err.code === "not_csv") return intl.formatMessage(m.notCsv);
  if (err.code === OFFER_CODE_ERROR_CODES.noRows) return intl.formatMessage(m.noRows);
  if (err.status === 413) return intl.formatMessage(m.tooLarge);
  return intl.formatMessage(m.failed);
}

type Props = {
  /** The dialog's title, e.g. "Presale codes — São Paulo". */
  title: string;
  /** Where the pool's import lives: `${apiBase}/preview` and `${apiBase}/import`. */
  apiBase: string;
  onClose: () => void;
  /** Called after a run that added codes, to refresh counts. */
  onImported: () => void;
};

export function CodeImportDialog(props: Props) {
  return (
    <CodeImportMessages>
      <CodeImport {...props} />
    </CodeImportMessages>
  );
}

function CodeImport({ title, apiBase, onClose, onImported }: Props) {
  const intl = useIntl();
  const columnId = useId();
  const [stage, setStage] = useState<Stage>({ step: "choose", reading: false, error: null });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setStage({ step: "choose", reading: false, error: intl.formatMessage(m.tooLarge) });
      return;
    }
    setStage({ step: "choose", reading: true, error: null });
    try {
      const { pieces, rows } = cutIntoPieces(await readFileText(file));
      const preview = await previewCodes(apiBase, pieces[0]?.csv ?? "");
      setStage({ step: "map", file: { name: file.name, pieces, rows, preview }, column: preview.column });
    } catch (err) {
      setStage({ step: "choose", reading: false, error: errorText(intl, err) });
    }
  }

  async function start() {
    if (stage.step !== "map") return;
    const file = stage.file;
    setStage({ step: "importing", file, done: 0 });
    const run = await runCodeImport(apiBase, file.pieces, stage.column, (done) => setStage({ step: "importing", file, done }));
    if (run.totals.added > 0) onImported();
    setStage({ step: "done", file, run });
  }

  const busy = stage.step === "importing";
  const columnName = (preview: OfferCodePreviewResponse, index: number) => preview.columns[index] || intl.formatMessage(m.columnNumber, { number: index + 1 });
  const footer = (
    <ImportFooter
      step={stage.step}
      error={stage.step === "choose" ? stage.error : null}
      labels={{
        cancel: intl.formatMessage(m.cancel),
        submit: intl.formatMessage(m.submit),
        again: intl.formatMessage(m.again),
        close: intl.formatMessage(m.close),
      }}
      onCancel={onClose}
      onSubmit={() => void start()}
      onAgain={() => setStage({ step: "choose", reading: false, error: null })}
    />
  );

  return (
    <Modal title={title} onClose={busy ? () => {} : onClose} footer={footer} className="tickets-dialog tickets-import">
      {stage.step === "choose" && (
        <ImportFileStep
          labels={{
            choose: intl.formatMessage(m.choose),
            button: intl.formatMessage(m.button),
            noFile: intl.formatMessage(m.noFile),
            hint: intl.formatMessage(m.hint),
            reading: intl.formatMessage(m.reading),
          }}
          accept=".csv,text/csv,text/plain"
          reading={stage.reading}
          onChoose={(event) => void choose(event)}
        />
      )}
      {stage.step !== "choose" && <ImportFileName text={intl.formatMessage(m.file, { name: stage.file.name, rows: stage.file.rows })} />}
      {stage.step === "map" && (
        <>
          <div className="field">
            <label htmlFor={columnId}>{intl.formatMessage(m.column)}</label>
            <select id={columnId} value={stage.column} onChange={(event) => setStage({ ...stage, column: Number(event.target.value) })}>
              {stage.file.preview.columns.map((_, index) => (
                <option key={index} value={index}>
                  {columnName(stage.file.preview, index)}
                </option>
              ))}
            </select>
          </div>
          <div className="table-wrap tickets-preview">
            <table className="table">
              <caption>{intl.formatMessage(m.preview)}</caption>
              <thead>
                <tr>
                  {stage.file.preview.columns.map((_, index) => (
                    <th scope="col" key={index} aria-current={index === stage.column ? "true" : undefined}>
                      {columnName(stage.file.preview, index)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {stage.file.preview.rows.map((row, r) => (
                  <tr key={r}>
                    {stage.file.preview.columns.map((_, c) => (
                      <td key={c}>{row[c] ?? ""}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {stage.step === "importing" && (
        <ImportProgress
          done={stage.done}
          total={stage.file.rows}
          text={intl.formatMessage(m.progress, { done: intl.formatNumber(stage.done), total: intl.formatNumber(stage.file.rows) })}
        />
      )}
      {stage.step === "done" && <CodeImportResults run={stage.run} />}
    </Modal>
  );
}

function issueText(intl: IntlShape, issue: OfferCodeRowIssue) {
  const reason = intl.formatMessage(issue.code === "duplicate_in_file" ? m.duplicate : m.invalidCode);
  return intl.formatMessage(m.row, { row: issue.row, reason, value: issue.value });
}

function CodeImportResults({ run }: { run: CodeImportRun }) {
  const intl = useIntl();
  const { totals } = run;
  const figures = [
    [m.rows, totals.rows],
    [m.added, totals.added],
    [m.alreadyStored, totals.alreadyStored],
    [m.invalid, totals.invalid],
  ] as const;
  return (
    <>
      {run.error !== null && (
        <ImportStopped
          error={errorText(intl, run.error)}
          stopped={intl.formatMessage(m.stopped, { done: intl.formatNumber(run.done), total: intl.formatNumber(run.total) })}
        />
      )}
      <section aria-label={intl.formatMessage(m.results)}>
        <dl className="tickets-figures">
          {figures.map(([label, value]) => (
            <div key={label.id}>
              <dt>{intl.formatMessage(label)}</dt>
              <dd>{intl.formatNumber(value)}</dd>
            </div>
          ))}
        </dl>
        {totals.issues.length > 0 && (
          <section className="tickets-issues">
            <h3>{intl.formatMessage(m.issueList)}</h3>
            <ul>
              {totals.issues.slice(0, LISTED).map((issue, i) => (
                <li key={`${issue.row}-${i}`}>{issueText(intl, issue)}</li>
              ))}
            </ul>
            {totals.invalid > Math.min(LISTED, totals.issues.length) && (
              <p className="muted">{intl.formatMessage(m.more, { count: totals.invalid - Math.min(LISTED, totals.issues.length) })}</p>
            )}
          </section>
        )}
      </section>
    </>
  );
}

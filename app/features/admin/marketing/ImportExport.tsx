// Import Contacts (a .csv chosen here is sent at once; 'Importing...' with the rows written so far)
// and Export Contacts (downloads contacts_export_<timestamp>.csv). Before the file, the admin
// declares what the list's consent rests on (decision 045): each new contact's consent record
// keeps it, so no file is sent without one.
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { FilePickerField } from "../../../components/FilePickerField";
import { ApiRequestError } from "../../../lib/api";
import { IMPORT_ERROR_CODES, type ImportResult } from "#contracts/admin/marketing.ts";
import { IMPORT_BASES, type ImportBasis } from "#contracts/newsletter-model.ts";
import { formatCount } from "../format";
import { marketingMessages as m } from "./messages";
import { useMarketingRefresh } from "./queries";
import { exportContacts, importContacts, type Progress } from "./transfer";

/** Refusals of the file itself: the spec's 'Failed to parse CSV file', with the server's reason under it. */
const PARSE_CODES = new Set<string>([
  IMPORT_ERROR_CODES.parseFailed,
  IMPORT_ERROR_CODES.notCsv,
  IMPORT_ERROR_CODES.noEmailColumn,
  IMPORT_ERROR_CODES.empty,
  IMPORT_ERROR_CODES.tooLarge,
]);

const isCsvName = (name: string) => /\.csv$/i.test(name);

const BASIS_TEXTS = {
  consent: { label: m.basisConsent, hint: m.basisConsentHint },
  legitimate_interest: { label: m.basisLegitimateInterest, hint: m.basisLegitimateInterestHint },
  contract: { label: m.basisContract, hint: m.basisContractHint },
} satisfies Record<ImportBasis, unknown>;

export function ImportExport({ onImported }: { onImported: (result: ImportResult | null) => void }) {
  const intl = useIntl();
  const headingId = useId();
  const refresh = useMarketingRefresh();
  const [fileName, setFileName] = useState<string | null>(null);
  const [wrongType, setWrongType] = useState(false);
  const [basis, setBasis] = useState<ImportBasis | null>(null);
  const [basisMissing, setBasisMissing] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const upload = useMutation({
    mutationFn: ({ file, basis }: { file: File; basis: ImportBasis }) => importContacts(file, basis, setProgress),
    onSuccess: (result) => onImported(result),
    onSettled: () => {
      setProgress(null);
      refresh();
    },
  });
  const download = useMutation({ mutationFn: exportContacts });

  const choose = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setWrongType(!isCsvName(file.name));
    upload.reset();
    if (!isCsvName(file.name)) return;
    setBasisMissing(basis === null);
    if (basis === null) return;
    onImported(null);
    upload.mutate({ file, basis });
  };

  const importError = (() => {
    if (wrongType) return intl.formatMessage(m.notCsvFile);
    if (basisMissing) return intl.formatMessage(m.basisRequired);
    if (!upload.isError) return null;
    const err = upload.error;
    if (err instanceof ApiRequestError && err.code === IMPORT_ERROR_CODES.basisRequired) return intl.formatMessage(m.basisRequired);
    if (err instanceof ApiRequestError && PARSE_CODES.has(err.code)) {
      // The server's reason names the problem (no Email column, an unclosed quote...).
      return err.message === intl.formatMessage(m.parseFailed) ? err.message : `${intl.formatMessage(m.parseFailed)}: ${err.message}`;
    }
    return intl.formatMessage(m.importError, { reason: intl.formatMessage(m.unknownError) });
  })();

  return (
    <section className="card marketing-transfer" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {intl.formatMessage(m.importExport)}
      </h2>
      <fieldset className="marketing-basis" disabled={upload.isPending}>
        <legend>{intl.formatMessage(m.basisLegend)}</legend>
        {IMPORT_BASES.map((value) => (
          <label key={value} className="marketing-basis-choice">
            <input
              type="radio"
              name="import-basis"
              value={value}
              required
              checked={basis === value}
              onChange={() => {
                setBasis(value);
                setBasisMissing(false);
              }}
            />
            <span>
              <strong>{intl.formatMessage(BASIS_TEXTS[value].label)}</strong>
              <span className="muted">{intl.formatMessage(BASIS_TEXTS[value].hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FilePickerField
        label={intl.formatMessage(m.chooseFile)}
        buttonLabel={intl.formatMessage(upload.isPending ? m.importing : m.importContacts)}
        fileName={fileName}
        emptyText=""
        accept=".csv,text/csv"
        disabled={upload.isPending}
        hint={intl.formatMessage(m.importHint)}
        error={importError}
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <p className="muted admin-note">{intl.formatMessage(m.importTagsHint)}</p>
      {upload.isPending && (
        <div className="admin-progress" role="status">
          <span>
            {progress
              ? intl.formatMessage(m.progress, { processed: formatCount(intl, progress.processed), total: formatCount(intl, progress.total) })
              : intl.formatMessage(m.importing)}
          </span>
          <progress max={progress?.total || 1} value={progress?.processed ?? 0} aria-label={intl.formatMessage(m.importing)} />
        </div>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" disabled={download.isPending} onClick={() => download.mutate()}>
          {intl.formatMessage(download.isPending ? m.exporting : m.exportContacts)}
        </button>
      </div>
      {download.isError && (
        <div className="error-banner" role="alert">
          {intl.formatMessage(m.exportFailed)}
        </div>
      )}
    </section>
  );
}

// Import Contacts (a .csv chosen here is sent at once; 'Importing...' with the rows written so far)
// and Export Contacts (downloads contacts_export_<timestamp>.csv).
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { FilePickerField } from "../../../components/FilePickerField";
import { ApiRequestError } from "../../../lib/api";
import { IMPORT_ERROR_CODES, type ImportResult } from "../../../../worker/contracts/admin-marketing";
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

export function ImportExport({ onImported }: { onImported: (result: ImportResult | null) => void }) {
  const intl = useIntl();
  const headingId = useId();
  const refresh = useMarketingRefresh();
  const [fileName, setFileName] = useState<string | null>(null);
  const [wrongType, setWrongType] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => importContacts(file, setProgress),
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
    onImported(null);
    upload.mutate(file);
  };

  const importError = (() => {
    if (wrongType) return intl.formatMessage(m.notCsvFile);
    if (!upload.isError) return null;
    const err = upload.error;
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
      {upload.isPending && (
        <div className="marketing-progress" role="status">
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

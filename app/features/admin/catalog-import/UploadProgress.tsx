// A progress bar per file and one for all of them, in bytes the Worker holds.
import { useIntl } from "react-intl";
import { formatBytes } from "../format";
import { importMessages as m } from "./messages";

type File = { id: string; name: string; size: number; uploaded: number };

export function UploadProgress({ files }: { files: readonly File[] }) {
  const intl = useIntl();
  const total = files.reduce((n, f) => n + f.size, 0);
  const uploaded = files.reduce((n, f) => n + f.uploaded, 0);
  const line = (label: string, value: number, max: number, id: string) => (
    <li key={id} className="catalog-import-progress-line">
      <span id={`${id}-label`}>{label}</span>
      <progress aria-labelledby={`${id}-label`} max={max || 1} value={value} />
      <span>
        {intl.formatNumber(max ? value / max : 1, { style: "percent" })} · {formatBytes(intl, value)} / {formatBytes(intl, max)}
      </span>
    </li>
  );
  return (
    <ul className="catalog-import-progress">
      {line(intl.formatMessage(m.uploadTotal), uploaded, total, "catalog-import-total")}
      {files.map((f) => line(intl.formatMessage(m.uploadFile, { name: f.name }), f.uploaded, f.size, `catalog-import-file-${f.id}`))}
    </ul>
  );
}

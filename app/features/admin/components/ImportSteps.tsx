// The steps a CSV import dialog shares (tickets, presale and perk codes): choosing the file (with
// "reading" while it is cut into pieces), the file's name and row count, the progress while the
// pieces go up, and the banner of a run that stopped part-way. Texts come from the dialog, in the
// active language.
import type { ChangeEvent } from "react";
import { FilePickerField } from "../../../components/FilePickerField";
import { Loading } from "../../../components/Loading";
import "./import.css";

type ChooseLabels = { choose: string; button: string; noFile: string; hint: string; reading: string };

export function ImportFileStep({
  labels,
  accept,
  reading,
  onChoose,
}: {
  labels: ChooseLabels;
  accept: string;
  reading: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <>
      <FilePickerField
        label={labels.choose}
        buttonLabel={labels.button}
        emptyText={labels.noFile}
        fileName={null}
        hint={labels.hint}
        accept={accept}
        disabled={reading}
        onChange={onChoose}
      />
      {reading && <Loading label={labels.reading} />}
    </>
  );
}

/** "file.csv, 120 rows": shown once the file is read. */
export const ImportFileName = ({ text }: { text: string }) => <p className="tickets-file">{text}</p>;

/** Rows sent so far; the bar is decoration, the text is what a screen reader hears. */
export function ImportProgress({ done, total, text }: { done: number; total: number; text: string }) {
  return (
    <div className="tickets-progress" role="status">
      <progress max={total} value={done} aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** Why the run stopped, and how far it got (the rows before it are stored). */
export function ImportStopped({ error, stopped }: { error: string; stopped: string }) {
  return (
    <div className="error-banner" role="alert">
      <p>{error}</p>
      <p>{stopped}</p>
    </div>
  );
}

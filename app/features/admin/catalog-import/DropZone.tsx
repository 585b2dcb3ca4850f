// Where the files come in: a folder picker (webkitdirectory), a ZIP or files picker, and a drop
// area that takes a dragged folder, ZIP or loose files. Every way ends in onFiles.
import { useRef, useState, type DragEvent } from "react";
import { useIntl } from "react-intl";
import { droppedFiles, pickedFiles, type DroppedFile } from "./dropped";
import { importMessages as m } from "./messages";

export function DropZone({ onFiles }: { onFiles: (files: DroppedFile[]) => void }) {
  const intl = useIntl();
  const folder = useRef<HTMLInputElement>(null);
  const loose = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void droppedFiles(event.dataTransfer).then(onFiles);
  };
  return (
    <div
      className={over ? "catalog-import-drop catalog-import-drop-over" : "catalog-import-drop"}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p className="catalog-import-drop-label">{intl.formatMessage(m.dropLabel)}</p>
      <p className="muted">{intl.formatMessage(m.dropHint)}</p>
      <div className="catalog-import-drop-actions">
        <button type="button" className="btn btn-primary" onClick={() => folder.current?.click()}>
          {intl.formatMessage(m.pickFolder)}
        </button>
        <button type="button" className="btn" onClick={() => loose.current?.click()}>
          {intl.formatMessage(m.pickZip)}
        </button>
      </div>
      {/* webkitdirectory is not in React's types: set through a ref-less attribute spread. */}
      <input
        ref={folder}
        type="file"
        hidden
        multiple
        data-testid="catalog-import-folder"
        {...{ webkitdirectory: "" }}
        onChange={(e) => e.target.files?.length && onFiles(pickedFiles(e.target.files))}
      />
      <input
        ref={loose}
        type="file"
        hidden
        multiple
        data-testid="catalog-import-files"
        onChange={(e) => e.target.files?.length && onFiles(pickedFiles(e.target.files))}
      />
    </div>
  );
}

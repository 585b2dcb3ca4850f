// The contests screens' tables: scrolled sideways on a narrow screen, named by a caption (shown, or
// for screen readers only) or by a heading, with one header row of column names; the rows are the
// caller's.
import type { ReactNode } from "react";

type Props = {
  columns: ReactNode[];
  /** The table's name as its caption; `captionShown` when sighted readers should see it too. */
  caption?: string;
  captionShown?: boolean;
  /** The heading's id that names the table, for one without a caption. */
  labelledBy?: string;
  className?: string;
  /** The body's rows. */
  children: ReactNode;
};

export function ColumnsTable({ columns, caption, captionShown = false, labelledBy, className, children }: Props) {
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : "table"} aria-labelledby={labelledBy}>
        {caption !== undefined && <caption className={captionShown ? undefined : "sr-only"}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, i) => (
              // The columns are a fixed list, in the same order every render.
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

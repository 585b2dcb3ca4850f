// The frame the stations, channels and albums tabs share, so it is written once: an Add button, the
// reorder's live message and error, then the items in order (or the empty state), then the tab's
// own dialogs.
import type { ComponentProps, ReactNode } from "react";
import type { ErrorText } from "../components/form/errors";
import { CatalogEmpty } from "./CatalogEmpty";
import { ReorderFeedback } from "./ReorderButtons";

type CatalogListPanelProps<T> = {
  items: T[];
  /** What `useReorder` gives back for this list. */
  reorder: { announcement: string; error: ErrorText | null };
  addLabel: string;
  onAdd: () => void;
  empty: Omit<ComponentProps<typeof CatalogEmpty>, "children">;
  /** The content of one item's list entry. */
  renderItem: (item: T, index: number) => ReactNode;
  /** The tab's dialogs. */
  children?: ReactNode;
};

export function CatalogListPanel<T extends { id: string }>({ items, reorder, addLabel, onAdd, empty, renderItem, children }: CatalogListPanelProps<T>) {
  return (
    <div className="catalog-panel">
      <div className="catalog-toolbar">
        <button type="button" className="btn btn-primary" onClick={onAdd}>
          {addLabel}
        </button>
      </div>
      <ReorderFeedback reorder={reorder} />
      {items.length === 0 ? (
        <CatalogEmpty {...empty} />
      ) : (
        <ol className="catalog-list">
          {items.map((item, index) => (
            <li key={item.id}>{renderItem(item, index)}</li>
          ))}
        </ol>
      )}
      {children}
    </div>
  );
}

// The frame the events and venues pages share, so they behave alike: a toolbar (the page's search
// or filters, then Create), a status line saying what was just done, then the list. Create and Edit
// show the form in place of the list; closing it brings the list back, says what the form did and
// puts focus on Create, where the list starts.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ActionOutcome } from "../components/ActionOutcome";

/** back: the list is shown again after the form. */
type Mode<T> = { kind: "list"; back?: boolean } | { kind: "form"; item: T | null };

/** What the list and its dialogs may ask of the page. */
export type ListActions<T> = {
  /** Shows the form for this item in place of the list. */
  edit: (item: T) => void;
  /** Says in the status line what was just done. */
  announce: (message: string) => void;
};

type ListOrFormPageProps<T> = {
  /** Search and filters, before Create in the toolbar. */
  filters: ReactNode;
  createLabel: string;
  /** The form for an item (null: a new one); close goes back to the list, saying message if given. */
  form: (item: T | null, close: (message?: string) => void) => ReactNode;
  /** The list and its dialogs. */
  children: (actions: ListActions<T>) => ReactNode;
};

export function ListOrFormPage<T>({ filters, createLabel, form, children }: ListOrFormPageProps<T>) {
  const [mode, setMode] = useState<Mode<T>>({ kind: "list" });
  const [done, setDone] = useState("");
  const createRef = useRef<HTMLButtonElement>(null);

  // Back from the form, focus returns to where the list starts.
  useEffect(() => {
    if (mode.kind === "list" && mode.back) createRef.current?.focus();
  }, [mode]);

  const openForm = (item: T | null) => {
    setDone("");
    setMode({ kind: "form", item });
  };
  const closeForm = (message = "") => {
    setDone(message);
    setMode({ kind: "list", back: true });
  };

  if (mode.kind === "form") return <div className="admin-events">{form(mode.item, closeForm)}</div>;

  return (
    <div className="admin-events">
      <div className="admin-events-toolbar">
        {filters}
        <button ref={createRef} type="button" className="btn btn-primary" onClick={() => openForm(null)}>
          {createLabel}
        </button>
      </div>
      <ActionOutcome done={done} />
      {children({ edit: openForm, announce: setDone })}
    </div>
  );
}

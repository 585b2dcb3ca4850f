// Move up / Move down for one item of an ordered list, and what a move said. At either end the
// button stays focusable but does nothing (aria-disabled rather than disabled), so keyboard focus
// is never dropped when a moved item reaches the top or the bottom.
import { useIntl } from "react-intl";
import type { ErrorText } from "../components/form/errors";
import { ErrorMessage } from "../components/form/fields";
import { catalogMessages as m } from "./messages";

/** What a reorder said: the move, for screen readers (a live region), and a failed save, for everyone. */
export function ReorderFeedback({ reorder }: { reorder: { announcement: string; error: ErrorText | null } }) {
  return (
    <>
      <p className="sr-only" role="status">
        {reorder.announcement}
      </p>
      {reorder.error && (
        <div className="error-banner" role="alert">
          <ErrorMessage error={reorder.error} />
        </div>
      )}
    </>
  );
}

type ReorderButtonsProps = { name: string; index: number; count: number; onMove: (from: number, to: number) => void };

export function ReorderButtons({ name, index, count, onMove }: ReorderButtonsProps) {
  const intl = useIntl();
  const atTop = index === 0;
  const atBottom = index === count - 1;
  return (
    <span className="catalog-reorder">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={intl.formatMessage(m.commonMoveUp, { name })}
        aria-disabled={atTop || undefined}
        onClick={() => !atTop && onMove(index, index - 1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={intl.formatMessage(m.commonMoveDown, { name })}
        aria-disabled={atBottom || undefined}
        onClick={() => !atBottom && onMove(index, index + 1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
}

/** `items` with the one at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

// What a part of a page shows while its data loads and when the load fails, the same everywhere:
// the spinner with the part's own label, then either the data or one red banner (role=alert) with
// the part's own text and, where the part offers one, a retry button. A failure whose code the
// site knows (errorText.ts: a spent link, too many requests) reads as that code's text and offers
// no retry: the answer would be the same.
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { serverErrorText } from "../lib/forms/errorText";
import { Loading } from "./Loading";

type QueryFailedProps = {
  /** The part's own text for a failed load. */
  message: ReactNode;
  /** The failure, to show the text of a code the site knows in place of `message`. */
  error?: unknown;
  /** The retry button's label; without it (or without `onRetry`) there is no button. */
  retryLabel?: ReactNode;
  onRetry?: () => void;
  /** A retry is already on its way: the button waits. */
  retrying?: boolean;
  /** For a bonus beside the page's own content: said in muted text and not announced as an alert. */
  quiet?: boolean;
  className?: string;
};

/** A failed load: its text and a way to try again. */
export function QueryFailed({ message, error, retryLabel, onRetry, retrying, quiet, className }: QueryFailedProps) {
  const known = error === undefined ? undefined : serverErrorText(error);
  const classes = [quiet ? "muted" : "error-banner", "query-failed", className].filter(Boolean).join(" ");
  return (
    <div className={classes} role={quiet ? undefined : "alert"}>
      <span>{known ? <FormattedMessage {...known.message} values={known.values} /> : message}</span>
      {onRetry && retryLabel && !known && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry} disabled={retrying}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}

/** The part of a TanStack Query result the states read (a query or an infinite query). */
export type LoadingQuery<T> = {
  status: "pending" | "error" | "success";
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
};

type QueryStateProps<T> = {
  query: LoadingQuery<T>;
  /** The spinner's label (the generic "Loading..." without it). */
  loading?: ReactNode;
  /** Shown in place of the spinner, e.g. a skeleton that keeps the layout. */
  placeholder?: ReactNode;
  /** The part's own text for a failed load. */
  failed: ReactNode;
  /** The retry button's label; no button without it. */
  retry?: ReactNode;
  /** A failure said quietly (see QueryFailed). */
  quiet?: boolean;
  className?: string;
  children: (data: T) => ReactNode;
};

/**
 * Loading, failed or loaded. Data already shown stays when a later refetch fails: the banner is
 * for a part that has nothing to show.
 */
export function QueryState<T>({ query, loading, placeholder, failed, retry, quiet, className, children }: QueryStateProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.status === "pending") return <>{placeholder ?? <Loading label={loading} />}</>;
  return (
    <QueryFailed
      message={failed}
      error={query.error}
      retryLabel={retry}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      quiet={quiet}
      className={className}
    />
  );
}

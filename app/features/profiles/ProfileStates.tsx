// What the profile route shows while loading and when loading fails (spec 2.8, 8).
import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { Link, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { FormattedMessage } from "react-intl";
import { Loading } from "../../components/Loading";
import { ApiRequestError } from "../../lib/api";
import { profileMessages } from "./messages";

export function ProfileLoading() {
  return (
    <section className="page">
      <Loading label={<FormattedMessage {...profileMessages.loading} />} />
    </section>
  );
}

/** 404 (and 400: an id that cannot exist) mean there is no such profile; anything else is a failure. */
const isMissingProfile = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

export function ProfileLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);

  if (isMissingProfile(error)) {
    return (
      <section className="page page-narrow">
        <div className="empty-state">
          <h1>
            <FormattedMessage {...profileMessages.notFound} />
          </h1>
          <Link to="/" className="btn btn-primary">
            <FormattedMessage {...profileMessages.returnHome} />
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="page page-narrow">
      <div className="error-banner" role="alert">
        <FormattedMessage {...profileMessages.loadFailed} />
      </div>
      <button type="button" className="btn" onClick={() => void router.invalidate()}>
        <FormattedMessage {...profileMessages.tryAgain} />
      </button>
    </section>
  );
}

// What the profile route shows while loading and when loading fails (docs/features.md#sign-up-sign-in-and-profiles: 'Loading profile...', 'Failed to load profile', 'Profile not found' with Return Home).
import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { Link, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { FormattedMessage } from "react-intl";
import { Loading } from "../../components/Loading";
import { QueryFailed } from "../../components/QueryState";
import { profileMessages } from "./messages";
import { isMissingProfile } from "./queries";

export function ProfileLoading() {
  return (
    <section className="page">
      <Loading label={<FormattedMessage {...profileMessages.loading} />} />
    </section>
  );
}

/** No such profile (an id that cannot exist, or one the server does not know). */
export function ProfileNotFound() {
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

/** The route's errorComponent: the loader turns "not found" into a state, so this is mostly failures. */
export function ProfileLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);

  if (isMissingProfile(error)) return <ProfileNotFound />;
  return (
    <section className="page page-narrow">
      <QueryFailed message={<FormattedMessage {...profileMessages.loadFailed} />} error={error} />
      {/* Under the banner, not in it: the alert says only what failed; the retry reruns the route's loader. */}
      <button type="button" className="btn" onClick={() => void router.invalidate()}>
        <FormattedMessage {...profileMessages.tryAgain} />
      </button>
    </section>
  );
}

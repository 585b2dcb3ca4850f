import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";

export function NotFound() {
  return (
    <section className="page page-narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>
        <FormattedMessage id="notFound.title" defaultMessage="Page not found" />
      </h1>
      <p className="muted">
        <FormattedMessage id="notFound.body" defaultMessage="The page you are looking for does not exist or has moved." />
      </p>
      <Link to="/" className="btn btn-primary">
        <FormattedMessage id="common.returnHome" defaultMessage="Return Home" />
      </Link>
    </section>
  );
}

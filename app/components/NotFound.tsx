import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";

export function NotFound() {
  return (
    <section className="page page-narrow">
      <h1>
        <FormattedMessage id="notFound.title" defaultMessage="Page not found" />
      </h1>
      <Link to="/" className="btn">
        <FormattedMessage id="common.returnHome" defaultMessage="Return Home" />
      </Link>
    </section>
  );
}

import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";

/** The heading and an honest empty state; the published events list arrives with the events feature. */
export function EventsSection() {
  return (
    <section id="events" className="landing-section section-alt" aria-labelledby="events-title">
      <header className="section-head">
        <h2 id="events-title">
          <FormattedMessage id="home.events.title" defaultMessage="Upcoming Events" />
        </h2>
        <p className="section-intro">
          <FormattedMessage id="home.events.intro" defaultMessage="Concerts, meet-and-greets and festival dates are announced here first." />
        </p>
      </header>
      <EmptyState
        icon="calendar"
        title={<FormattedMessage id="home.events.empty" defaultMessage="No events announced yet" />}
        hint={<FormattedMessage id="home.events.emptyHint" defaultMessage="Check back soon, or follow us on social media for the latest news." />}
      >
        <Link to="/events" className="btn btn-ghost btn-sm">
          <FormattedMessage id="home.events.all" defaultMessage="Events page" />
        </Link>
      </EmptyState>
    </section>
  );
}

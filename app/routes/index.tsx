import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";

export const Route = createFileRoute("/")({ component: Home });

function Home() {
  return (
    <section className="page">
      <h1>
        <FormattedMessage id="home.hero.title" defaultMessage="Freestyle forever" />
      </h1>
    </section>
  );
}

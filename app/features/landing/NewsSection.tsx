import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";

/**
 * "Get the news": the news box on the landing page (`form`, from the newsletter feature; the page
 * puts it in), the same sign-up as the footer's (docs/features.md#landing-page).
 */
export function NewsSection({ form }: { form: ReactNode }) {
  return (
    <section id="news" className="landing-section landing-news" aria-labelledby="news-title">
      <header className="section-head">
        <h2 id="news-title">
          <FormattedMessage id="home.news.title" defaultMessage="Get the news" />
        </h2>
        <p className="section-intro">
          <FormattedMessage id="home.news.intro" defaultMessage="New releases, shows and VIP moments, straight to your inbox." />
        </p>
      </header>
      {form}
    </section>
  );
}

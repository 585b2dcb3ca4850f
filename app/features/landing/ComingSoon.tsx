import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useSiteConfig } from "../../lib/session/useSession";

/**
 * The landing page of a site with nothing published yet (no release, station or channel; decision
 * 077): the site's name and a "coming soon" note instead of empty sections. `newsSignup`: the
 * footer has a news box that works (the note then points to it). `checklist`: what is left to set
 * up, for an administrator (the page puts it in).
 */
export function ComingSoon({ newsSignup, checklist }: { newsSignup: boolean; checklist?: ReactNode }) {
  const brand = useSiteConfig()?.brandName ?? "";
  return (
    <div className="landing coming-soon">
      <section className="landing-section coming-soon-hero" aria-labelledby="coming-soon-title">
        <p className="coming-soon-brand">{brand}</p>
        <h1 id="coming-soon-title">
          <FormattedMessage id="home.comingSoon.title" defaultMessage="Coming soon" />
        </h1>
        <p className="section-intro">
          <FormattedMessage
            id="home.comingSoon.intro"
            defaultMessage="{brand} is getting ready: the music, the radio, the videos and the fan community open here soon."
            values={{ brand }}
          />
          {newsSignup && (
            <>
              {" "}
              <FormattedMessage id="home.comingSoon.newsSignup" defaultMessage="Sign up for the news at the foot of the page to hear first." />
            </>
          )}
        </p>
      </section>
      {checklist}
    </div>
  );
}

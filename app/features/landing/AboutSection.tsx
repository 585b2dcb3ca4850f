import { defineMessages, FormattedMessage, type MessageDescriptor } from "react-intl";
import { ARTIST_FACTS } from "./BioSection";

const m = defineMessages({
  hitsValue: { id: "home.about.hits.value", defaultMessage: "{count, number}+" },
  hitsLabel: { id: "home.about.hits.label", defaultMessage: "Singles on the charts" },
  showsValue: { id: "home.about.shows.value", defaultMessage: "{count, number}+" },
  showsLabel: { id: "home.about.shows.label", defaultMessage: "Concerts on four continents" },
  awardsValue: { id: "home.about.awards.value", defaultMessage: "{count, number}" },
  awardsLabel: { id: "home.about.awards.label", defaultMessage: "Gold and platinum certifications" },
});

/** The same figures as the biography's lists (ARTIST_FACTS), formatted for the locale. */
const STATS: { key: string; count: number; value: MessageDescriptor; label: MessageDescriptor }[] = [
  { key: "hits", count: ARTIST_FACTS.chartSingles, value: m.hitsValue, label: m.hitsLabel },
  { key: "shows", count: ARTIST_FACTS.shows, value: m.showsValue, label: m.showsLabel },
  { key: "awards", count: ARTIST_FACTS.awards, value: m.awardsValue, label: m.awardsLabel },
];

export function AboutSection() {
  return (
    <section id="about" className="landing-section" aria-labelledby="about-title">
      <header className="section-head">
        <h2 id="about-title">
          <FormattedMessage id="home.about.title" defaultMessage="About" />
        </h2>
        <p className="section-intro">
          <FormattedMessage
            id="home.about.intro"
            defaultMessage="This is the artist's official fan community: a place to stream the music, follow the news and meet other fans."
          />
        </p>
      </header>
      <ul className="grid grid-3">
        {STATS.map((stat) => (
          <li key={stat.key} className="card stat-card">
            <span className="stat-value">
              <FormattedMessage {...stat.value} values={{ count: stat.count }} />
            </span>
            <span className="stat-label">
              <FormattedMessage {...stat.label} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

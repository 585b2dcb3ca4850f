import { defineMessages, FormattedMessage } from "react-intl";

const m = defineMessages({
  hitsValue: { id: "home.about.hits.value", defaultMessage: "15+" },
  hitsLabel: { id: "home.about.hits.label", defaultMessage: "Chart hits" },
  showsValue: { id: "home.about.shows.value", defaultMessage: "1,000+" },
  showsLabel: { id: "home.about.shows.label", defaultMessage: "Live shows" },
  awardsValue: { id: "home.about.awards.value", defaultMessage: "10+" },
  awardsLabel: { id: "home.about.awards.label", defaultMessage: "Awards and certifications" },
});

const STATS = [
  { key: "hits", value: m.hitsValue, label: m.hitsLabel },
  { key: "shows", value: m.showsValue, label: m.showsLabel },
  { key: "awards", value: m.awardsValue, label: m.awardsLabel },
] as const;

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
              <FormattedMessage {...stat.value} />
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

import { defineMessages, FormattedMessage } from "react-intl";

const m = defineMessages({
  career: { id: "home.bio.career.title", defaultMessage: "Career" },
  career1: { id: "home.bio.career.1", defaultMessage: "Breakthrough singles in 1988 and 1989" },
  career2: { id: "home.bio.career.2", defaultMessage: "Albums and singles released across four decades" },
  career3: { id: "home.bio.career.3", defaultMessage: "Collaborations with leading dance producers" },
  awards: { id: "home.bio.awards.title", defaultMessage: "Awards" },
  awards1: { id: "home.bio.awards.1", defaultMessage: "Gold and platinum records" },
  awards2: { id: "home.bio.awards.2", defaultMessage: "Top-ten hits on the dance and pop charts" },
  awards3: { id: "home.bio.awards.3", defaultMessage: "Honoured by the freestyle community" },
  performances: { id: "home.bio.performances.title", defaultMessage: "Performances" },
  performances1: { id: "home.bio.performances.1", defaultMessage: "Sold-out shows across the Americas" },
  performances2: { id: "home.bio.performances.2", defaultMessage: "Headliner at freestyle festivals" },
  performances3: { id: "home.bio.performances.3", defaultMessage: "Television and radio appearances" },
});

const ACHIEVEMENTS = [
  { key: "career", title: m.career, items: [m.career1, m.career2, m.career3] },
  { key: "awards", title: m.awards, items: [m.awards1, m.awards2, m.awards3] },
  { key: "performances", title: m.performances, items: [m.performances1, m.performances2, m.performances3] },
] as const;

export function BioSection() {
  return (
    <section id="bio" className="landing-section" aria-labelledby="bio-title">
      <header className="section-head">
        <h2 id="bio-title">
          <FormattedMessage id="home.bio.title" defaultMessage="Biography" />
        </h2>
        <p className="section-intro">
          <FormattedMessage id="home.bio.intro" defaultMessage="A voice that helped define freestyle music." />
        </p>
      </header>
      <div className="bio-text">
        <p>
          <FormattedMessage
            id="home.bio.story"
            defaultMessage="Rising from the club scene of the late 1980s, the artist blended Latin rhythms, electro beats and heartfelt melodies into a sound that crossed over from the dance floor to radio stations around the world."
          />
        </p>
        <p>
          <FormattedMessage
            id="home.bio.legacy"
            defaultMessage="Decades later, those songs remain anthems of the freestyle era, and new generations keep discovering them on the radio, at festivals and online."
          />
        </p>
      </div>
      <div className="grid grid-3">
        {ACHIEVEMENTS.map((group) => (
          <div key={group.key} className="card">
            <h3>
              <FormattedMessage {...group.title} />
            </h3>
            <ul className="check-list">
              {group.items.map((item) => (
                <li key={item.id}>
                  <FormattedMessage {...item} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

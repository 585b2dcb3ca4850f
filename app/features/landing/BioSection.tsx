import { useQuery } from "@tanstack/react-query";
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { artistQueryOptions } from "../../lib/artist";
import type { Locale } from "../../i18n/locale";

/**
 * The figures the biography and the About cards share, so the two always agree: singles on the
 * charts, concerts, gold and platinum certifications.
 */
export const ARTIST_FACTS = { chartSingles: 25, shows: 2000, awards: 15 } as const;

const m = defineMessages({
  career: { id: "home.bio.career.title", defaultMessage: "Career" },
  career1: { id: "home.bio.career.1", defaultMessage: "First single, City Lights Calling, in 1986; debut album, Freestyle Nights, in 1987" },
  career2: { id: "home.bio.career.2", defaultMessage: "Breakthrough hits Spring Love and Dreamin' of Love in 1988, and I Wanna Be the One in 1989" },
  career3: { id: "home.bio.career.3", defaultMessage: "More than {count, number} singles on the dance and pop charts" },
  career4: { id: "home.bio.career.4", defaultMessage: "New albums and singles in every decade since the 1980s" },
  awards: { id: "home.bio.awards.title", defaultMessage: "Awards" },
  awards1: { id: "home.bio.awards.1", defaultMessage: "{count, number} gold and platinum certifications in the United States and Brazil" },
  awards2: { id: "home.bio.awards.2", defaultMessage: "Number-one dance radio hits in New York and Miami" },
  awards3: { id: "home.bio.awards.3", defaultMessage: "Honoured by the freestyle community for a lifetime of music" },
  performances: { id: "home.bio.performances.title", defaultMessage: "Performances" },
  performances1: { id: "home.bio.performances.1", defaultMessage: "More than {count, number} concerts on four continents" },
  performances2: { id: "home.bio.performances.2", defaultMessage: "Sold-out tours of Brazil, from São Paulo to Rio de Janeiro" },
  performances3: { id: "home.bio.performances.3", defaultMessage: "Headliner at freestyle festivals and classic dance nights" },
  performances4: { id: "home.bio.performances.4", defaultMessage: "Television specials and live radio sessions" },
});
const portraitAlt = defineMessage<{ name: string }>({ id: "home.bio.portraitAlt", defaultMessage: "Portrait of {name}" });

type Item = { message: MessageDescriptor; count?: number };

const ACHIEVEMENTS: { key: string; title: MessageDescriptor; items: Item[] }[] = [
  {
    key: "career",
    title: m.career,
    items: [{ message: m.career1 }, { message: m.career2 }, { message: m.career3, count: ARTIST_FACTS.chartSingles }, { message: m.career4 }],
  },
  { key: "awards", title: m.awards, items: [{ message: m.awards1, count: ARTIST_FACTS.awards }, { message: m.awards2 }, { message: m.awards3 }] },
  {
    key: "performances",
    title: m.performances,
    items: [{ message: m.performances1, count: ARTIST_FACTS.shows }, { message: m.performances2 }, { message: m.performances3 }, { message: m.performances4 }],
  },
];

/** The artist's story (docs/features.md#landing-page): intro, story, legacy and three lists of achievements. */
export function BioSection() {
  const intl = useIntl();
  // The back office's portrait and short bio (GET /api/artist); a saved bio in the page's language
  // comes first, before the site's own story.
  const artist = useQuery(artistQueryOptions()).data;
  const shortBio = artist?.bio[intl.locale as Locale] ?? "";
  return (
    <section id="bio" className="landing-section" aria-labelledby="bio-title">
      <header className="section-head">
        <h2 id="bio-title">
          <FormattedMessage id="home.bio.title" defaultMessage="Biography" />
        </h2>
        <p className="section-intro">
          <FormattedMessage
            id="home.bio.intro"
            defaultMessage="From the freestyle clubs of New York to stages all over the world: almost four decades of music made for dancing and for falling in love."
          />
        </p>
      </header>
      <div className="bio-body">
        <div className="bio-text">
          {shortBio && <p className="bio-short">{shortBio}</p>}
          <p>
            <FormattedMessage
              id="home.bio.story"
              defaultMessage="It began in mid-1980s New York, where freestyle was born: Latin percussion, drum machines and synthesizers under melodies sung straight from the heart. The artist's first single, City Lights Calling, was pressed in 1986 for the DJs of the city's clubs, and the debut album Freestyle Nights followed a year later. In 1988 Spring Love and Dreamin' of Love crossed over from the dance floor to radio stations across the country, and I Wanna Be the One made 1989 a year of sold-out shows."
            />
          </p>
          <p>
            <FormattedMessage
              id="home.bio.legacy"
              defaultMessage="The songs never left the radio. Through the 1990s and beyond, new albums and world tours kept the sound alive, and nowhere has freestyle been loved more than in Brazil, where fans have sung every word at packed arenas and flashback parties for generations. Today a new generation is finding the music online, and every show still ends with the whole room singing along."
            />
          </p>
        </div>
        {artist && (
          <img
            className="bio-portrait"
            src={artist.portraitUrl}
            alt={intl.formatMessage(portraitAlt, { name: artist.name })}
            width={480}
            height={600}
            loading="lazy"
            decoding="async"
          />
        )}
      </div>
      <div className="grid grid-3">
        {ACHIEVEMENTS.map((group) => (
          <div key={group.key} className="card">
            <h3>
              <FormattedMessage {...group.title} />
            </h3>
            <ul className="check-list">
              {group.items.map((item) => (
                <li key={item.message.id}>
                  <FormattedMessage {...item.message} values={item.count === undefined ? undefined : { count: item.count }} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

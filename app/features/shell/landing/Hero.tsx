import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { useHeroRotation } from "../useHeroRotation";
import { useSiteConfig } from "../useSession";

/** Four generated backdrops (CSS in styles.css, .hero-bg-1 … 4): no image downloads. */
const HERO_BACKGROUNDS = ["hero-bg-1", "hero-bg-2", "hero-bg-3", "hero-bg-4"] as const;

export function Hero() {
  const active = useHeroRotation(HERO_BACKGROUNDS.length);
  const brand = useSiteConfig()?.brandName;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-backgrounds" aria-hidden="true">
        {HERO_BACKGROUNDS.map((bg, i) => (
          <div key={bg} className={`hero-bg ${bg}`} data-active={i === active} />
        ))}
      </div>
      <div className="hero-content">
        {brand && (
          <p className="hero-eyebrow">
            <FormattedMessage id="home.hero.eyebrow" defaultMessage="Welcome to {brand}" values={{ brand }} />
          </p>
        )}
        <h1 id="hero-title" className="hero-title">
          <FormattedMessage id="home.hero.title" defaultMessage="Freestyle forever" />
        </h1>
        <p className="hero-subtitle">
          <FormattedMessage id="home.hero.subtitle" defaultMessage="The official home of the artist's fans" />
        </p>
        <p className="hero-description">
          <FormattedMessage
            id="home.hero.description"
            defaultMessage="Stream the classic hits, tune in to the radio, watch the videos and connect with fans from around the world."
          />
        </p>
        <div className="hero-actions">
          <Link to="/signup-options" className="btn btn-primary btn-lg">
            <FormattedMessage id="home.hero.signUp" defaultMessage="Sign Up Now" />
          </Link>
          <a href="#music" className="btn btn-ghost btn-lg">
            <FormattedMessage id="home.hero.explore" defaultMessage="Explore the Music" />
          </a>
        </div>
      </div>
    </section>
  );
}

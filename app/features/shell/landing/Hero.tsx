import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { useHeroRotation, useReducedMotion } from "../useHeroRotation";
import { useSiteConfig } from "../useSession";
import { HERO_IMAGE_SIZES, HERO_IMAGES } from "../../../../worker/contracts/site";

const HERO_IMAGE_WIDTH = 1280;
const HERO_IMAGE_HEIGHT = 720;

/** True from the first frame after the first paint on: work that must not compete with it waits. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // A frame callback runs before the next paint; a task queued from it runs after that paint.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The backdrops: the first loads at once with a high priority (it is the first thing a visitor
 * sees); the other three start loading after the first paint, at a low priority, and none is
 * shown before it has loaded. With reduced motion only the first is ever loaded.
 */
function HeroBackdrops() {
  const reduced = useReducedMotion();
  const painted = useAfterFirstPaint();
  const [loaded, setLoaded] = useState<readonly boolean[]>(() => HERO_IMAGES.map(() => false));
  // The first is on screen from the start, so it counts as ready even if its load event was missed.
  const isReady = useCallback((index: number) => index === 0 || loaded[index] === true, [loaded]);
  const active = useHeroRotation(HERO_IMAGES.length, { isReady });
  const markLoaded = (index: number) => setLoaded((current) => (current[index] ? current : current.map((value, i) => value || i === index)));
  return (
    <div className="hero-backgrounds" aria-hidden="true" data-active-index={active}>
      {HERO_IMAGES.map((image, index) => {
        const load = index === 0 || (painted && !reduced);
        return (
          <img
            key={image.src}
            className="hero-bg"
            // srcSet and sizes before src, so the browser never starts on the wrong candidate.
            srcSet={load ? image.srcSet : undefined}
            sizes={HERO_IMAGE_SIZES}
            src={load ? image.src : undefined}
            width={HERO_IMAGE_WIDTH}
            height={HERO_IMAGE_HEIGHT}
            alt=""
            fetchPriority={index === 0 ? "high" : "low"}
            decoding={index === 0 ? "auto" : "async"}
            data-active={index === active}
            onLoad={() => markLoaded(index)}
          />
        );
      })}
    </div>
  );
}

export function Hero() {
  const brand = useSiteConfig()?.brandName;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <HeroBackdrops />
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

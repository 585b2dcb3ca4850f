import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { useReducedMotion } from "../../lib/motion";
import { useHeroRotation } from "./useHeroRotation";
import { canUseVipContent, useSessionUser, useSiteConfig } from "../../lib/session/useSession";
import { HERO_IMAGE_SIZES, HERO_IMAGES, HERO_PORTRAIT_MEDIA } from "#contracts/site.ts";

const HERO_IMAGE_WIDTH = 1280;
const HERO_IMAGE_HEIGHT = 720;

/**
 * True once the page has finished loading and the browser is idle: the backdrops that are not on
 * screen yet must not take bandwidth or main-thread time from the first screen (its scripts, its
 * data, the first backdrop). The first rotation is 5 s away, which leaves them time to arrive.
 */
function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: number | undefined;
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(() => setSettled(true), { timeout: 2000 });
      else timer = window.setTimeout(() => setSettled(true), 0);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      window.removeEventListener("load", whenIdle);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return settled;
}

/**
 * The backdrops: the first loads at once with a high priority (it is the first thing a visitor
 * sees); the other three are added once the page has loaded and the browser is idle, at a low
 * priority, and none is shown before it has loaded. Until then they are not in the page at all: an
 * <img> must have a source, and one without would cost nothing but invalid HTML. With reduced
 * motion only the first is ever added.
 */
function HeroBackdrops() {
  const reduced = useReducedMotion();
  const settled = usePageSettled();
  const [loaded, setLoaded] = useState<readonly boolean[]>(() => HERO_IMAGES.map(() => false));
  // The first is on screen from the start, so it counts as ready even if its load event was missed.
  const isReady = useCallback((index: number) => index === 0 || loaded[index] === true, [loaded]);
  const active = useHeroRotation(HERO_IMAGES.length, { isReady });
  const markLoaded = (index: number) => setLoaded((current) => (current[index] ? current : current.map((value, i) => value || i === index)));
  return (
    <div className="hero-backgrounds" aria-hidden="true" data-active-index={active}>
      {HERO_IMAGES.map((image, index) =>
        index === 0 || (settled && !reduced) ? (
          <picture key={image.src}>
            {/* Phones get the portrait cut (see HERO_IMAGES); the media query is the one the Worker's preload uses. */}
            <source media={HERO_PORTRAIT_MEDIA} srcSet={image.portraitSrcSet} sizes={HERO_IMAGE_SIZES} />
            <img
              className="hero-bg"
              // srcSet and sizes before src, so the browser never starts on the wrong candidate.
              srcSet={image.srcSet}
              sizes={HERO_IMAGE_SIZES}
              src={image.src}
              width={HERO_IMAGE_WIDTH}
              height={HERO_IMAGE_HEIGHT}
              alt=""
              fetchPriority={index === 0 ? "high" : "low"}
              decoding={index === 0 ? "auto" : "async"}
              data-index={index}
              data-active={index === active}
              onLoad={() => markLoaded(index)}
            />
          </picture>
        ) : null,
      )}
    </div>
  );
}

/**
 * The hero's main button: 'Sign Up Now' for visitors; 'Listen now' (to the music) for VIP members
 * and admins; 'Go VIP' for other signed-in members. The server renders the page for a visitor and
 * the browser's first render has no session either (same markup, no hydration mismatch): the
 * signed-in variants appear once /api/auth/me answers, as in VipSection.
 */
function HeroPrimaryAction() {
  const { user } = useSessionUser();
  if (user && canUseVipContent(user)) {
    return (
      <Link to="/music" className="btn btn-primary btn-lg">
        <FormattedMessage id="home.hero.listenNow" defaultMessage="Listen now" />
      </Link>
    );
  }
  if (user) {
    return (
      <Link to="/vip-signup" className="btn btn-primary btn-lg">
        <FormattedMessage id="home.hero.goVip" defaultMessage="Go VIP" />
      </Link>
    );
  }
  return (
    <Link to="/signup-options" className="btn btn-primary btn-lg">
      <FormattedMessage id="home.hero.signUp" defaultMessage="Sign Up Now" />
    </Link>
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
          <HeroPrimaryAction />
          <a href="#music" className="btn btn-ghost btn-lg">
            <FormattedMessage id="home.hero.explore" defaultMessage="Explore the Music" />
          </a>
        </div>
      </div>
    </section>
  );
}

// The landing page (docs/features.md#landing-page), rendered through its real file route: the hero's four rotating
// pictures (5 s, paused for reduced motion and while the tab is hidden, never onto a picture that
// has not loaded), the iconic hits, the VIP section, the biography in both languages, the events
// section's tour poster in a lightbox and its lazily made promo video, and the About figures.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HERO_ROTATION_MS } from "../../app/features/landing/useHeroRotation";
import { Route as IndexRoute } from "../../app/routes/index";
import type { SessionUser } from "../../worker/contracts/auth";
import type { ArtistResponse } from "../../worker/contracts/admin/settings";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const root = createTestRoot();
const routeTree = root.addChildren([
  mountFileRoute(IndexRoute, "/", root),
  stubRoute(root, "/music"),
  stubRoute(root, "/vip-signup"),
  stubRoute(root, "/signup-options"),
  stubRoute(root, "/events"),
  stubRoute(root, "/terms"),
  stubRoute(root, "/privacy"),
]);

/** An IntersectionObserver that reports only what the test says: `FakeObserver.enter()`. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords() {
    return [];
  }
  /** Every observed element comes into view (within the root margin). */
  static enter() {
    for (const observer of FakeObserver.instances) {
      const entries = [...observer.observed].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

/** prefers-reduced-motion as the test says. */
function stubReducedMotion(reduce: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes("prefers-reduced-motion: reduce"),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

let visibility: DocumentVisibilityState = "visible";
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (document as { visibilityState?: unknown }).visibilityState;
  document.body.style.overflow = "";
});

/** GET /api/artist as the Worker answers it: the back office's artist settings and the hits' covers. */
const ARTIST: ArtistResponse = {
  name: "Marina Sol",
  bio: { en: "Freestyle singer from New York.", "pt-BR": "Cantora de freestyle de Nova York." },
  portraitUrl: "/media/site/artist-portrait.jpg",
  links: { website: null, instagram: null, facebook: null, youtube: null },
  hits: [
    { trackId: "spring-love", coverUrl: "/media/covers/spring-love-single.png" },
    { trackId: "moonlight-boulevard-1", coverUrl: "/media/covers/moonlight-boulevard.png" },
    { trackId: "i-wanna-be-the-one", coverUrl: null },
  ],
};

function mockSite(me: SessionUser | null = null, { comingSoon = false } = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/events": json(200, { events: [] }),
    "GET /api/artist": json(200, ARTIST),
    "GET /api/site/status": json(200, { comingSoon }),
    "GET /api/admin/setup": json(200, {
      steps: [
        { id: "identity", done: true },
        { id: "release", done: false },
        { id: "broadcast", done: false },
        { id: "payments", done: false },
        { id: "mail", done: false },
        { id: "botCheck", done: false },
      ],
    }),
  });
}

async function renderLanding({ me = null, locale = "en" as const }: { me?: SessionUser | null; locale?: "en" | "pt-BR" } = {}) {
  const api = mockSite(me);
  const view = renderApp(routeTree, "/", { locale });
  await screen.findByRole("heading", { level: 1 });
  return { ...view, api };
}

const heroImages = () => Array.from(document.querySelectorAll<HTMLImageElement>(".hero-bg"));
const activeHero = () => heroImages().findIndex((img) => img.getAttribute("data-active") === "true");
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** Waits for the three later pictures to be added (after the first paint), then "loads" them. */
async function loadAllHeroes() {
  await waitFor(() => expect(heroImages()).toHaveLength(4));
  for (const img of heroImages()) fireEvent.load(img);
}

// Only the rotation's interval is faked: the router, the queries and the first-paint frame run on real timers.
const fakeIntervals = () => vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });

describe("a site with nothing published yet (decision 077)", () => {
  it("is the coming-soon page for a member, without the landing's sections or the checklist", async () => {
    const api = mockSite(sessionUser(), { comingSoon: true });
    renderApp(routeTree, "/", { locale: "pt-BR" });
    expect(await screen.findByRole("heading", { level: 1, name: "Em breve" })).toBeTruthy();
    expect(document.querySelector("#music")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Configure o seu site" })).toBeNull();
    expect(api.callsTo("GET /api/admin/setup")).toHaveLength(0);
  });

  it("shows an administrator the steps, ticked as the Worker says, each linking to its page", async () => {
    mockSite(sessionUser({ isAdmin: true }), { comingSoon: true });
    renderApp(routeTree, "/", { locale: "en" });
    const checklist = (await screen.findByRole("heading", { name: "Set up your site" })).closest("section")!;
    expect(within(checklist).getByText(/5 steps left/)).toBeTruthy();
    const steps = [...checklist.querySelectorAll("li")].map((li) => [li.dataset.step, li.dataset.done, li.querySelector("a")?.getAttribute("href")]);
    expect(steps).toEqual([
      ["identity", "true", "/admin/settings"],
      ["release", "false", "/admin/catalog"],
      ["broadcast", "false", "/admin/catalog"],
      ["payments", "false", "/admin/settings"],
      ["mail", "false", "/admin/settings"],
      ["botCheck", "false", "/admin/settings"],
    ]);
  });

  it("says in the payments, mail and bot-check steps the command that sets their secrets, in both languages", async () => {
    for (const [locale, heading] of [
      ["en", "Set up your site"],
      ["pt-BR", "Configure o seu site"],
    ] as const) {
      mockSite(sessionUser({ isAdmin: true }), { comingSoon: true });
      const { unmount } = renderApp(routeTree, "/", { locale });
      const checklist = (await screen.findByRole("heading", { name: heading })).closest("section")!;
      const body = (step: string) => checklist.querySelector(`li[data-step="${step}"] p`)!.textContent;
      expect(body("payments"), locale).toContain("npx wrangler secret put STRIPE_SECRET_KEY --env production");
      expect(body("mail"), locale).toContain("npx wrangler secret put MAIL_PROVIDER --env production");
      expect(body("botCheck"), locale).toContain("npx wrangler secret put TURNSTILE_SECRET_KEY --env production");
      unmount();
    }
  });
});

describe("hero", () => {
  it("shows the first picture at once with a high priority, and adds the other three, each with its source, after the first paint", async () => {
    // The browser's idle moment is held here, so a slow render cannot let it pass before the check.
    let settle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => {
      settle = callback;
      return 1;
    });
    vi.stubGlobal("cancelIdleCallback", () => {});
    await renderLanding();
    // The server's HTML and the first render hold one picture: no <img> without a source.
    const first = heroImages();
    expect(first).toHaveLength(1);
    expect(first[0]!.getAttribute("src")).toBe("/media/site/hero-1-1280.jpg");
    expect(first[0]!.getAttribute("srcset")).toBe("/media/site/hero-1-640.jpg 640w, /media/site/hero-1-1280.jpg 1280w");
    // Phones get the portrait cut: a <source> ahead of each <img>.
    const portraitOf = (img: HTMLImageElement) => {
      const source = img.parentElement?.tagName === "PICTURE" ? img.parentElement.querySelector("source") : null;
      return source && [source.getAttribute("media"), source.getAttribute("srcset"), source.getAttribute("sizes")];
    };
    expect(portraitOf(first[0]!)).toEqual(["(max-width: 480px)", "/media/site/hero-1-portrait.jpg 404w", "100vw"]);
    expect(first[0]!.previousElementSibling?.tagName).toBe("SOURCE");
    // The other three come after the first paint, each complete.
    await waitFor(() => expect(settle).toBeDefined());
    act(() => settle!());
    await waitFor(() => expect(heroImages()).toHaveLength(4));
    const images = heroImages();
    expect(images[0]).toBe(first[0]);
    for (const [i, img] of images.entries()) {
      expect(img.getAttribute("data-index")).toBe(String(i));
      expect(img.getAttribute("width")).toBe("1280");
      expect(img.getAttribute("height")).toBe("720");
      expect(img.getAttribute("alt")).toBe("");
      expect(img.getAttribute("sizes")).toBe("100vw");
      expect(img.getAttribute("src")).toBe(`/media/site/hero-${i + 1}-1280.jpg`);
      expect(img.getAttribute("srcset")).toBe(`/media/site/hero-${i + 1}-640.jpg 640w, /media/site/hero-${i + 1}-1280.jpg 1280w`);
      expect(img.getAttribute("fetchpriority")).toBe(i === 0 ? "high" : "low");
    }
    expect(portraitOf(images[3]!)).toEqual(["(max-width: 480px)", "/media/site/hero-4-portrait.jpg 404w", "100vw"]);
    expect(activeHero()).toBe(0);
    // The text and the sign-up button are still there.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Freestyle forever");
    expect(screen.getByRole("link", { name: "Sign Up Now" }).getAttribute("href")).toBe("/signup-options");
  });

  it("moves to the next picture every 5 seconds, round to the first again", async () => {
    fakeIntervals();
    await renderLanding();
    await loadAllHeroes();
    expect(HERO_ROTATION_MS).toBe(5000);
    advance(HERO_ROTATION_MS - 1);
    expect(activeHero()).toBe(0);
    advance(1);
    expect(activeHero()).toBe(1);
    advance(HERO_ROTATION_MS);
    expect(activeHero()).toBe(2);
    advance(2 * HERO_ROTATION_MS);
    expect(activeHero()).toBe(0);
    expect(heroImages().filter((img) => img.getAttribute("data-active") === "true")).toHaveLength(1);
  });

  it("never fades to a picture that has not loaded", async () => {
    fakeIntervals();
    await renderLanding();
    await waitFor(() => expect(heroImages()).toHaveLength(4));
    advance(HERO_ROTATION_MS);
    expect(activeHero()).toBe(0); // nothing else has loaded yet
    fireEvent.load(heroImages()[2]!);
    advance(HERO_ROTATION_MS);
    expect(activeHero()).toBe(2); // the second is skipped
    advance(HERO_ROTATION_MS);
    expect(activeHero()).toBe(0);
  });

  it("stays on the first picture, and loads no other, for a visitor who asks for reduced motion", async () => {
    stubReducedMotion(true);
    fakeIntervals();
    await renderLanding();
    // The hero defers the other pictures to a task queued from its first animation frame; a frame
    // and a task queued after it run after that one (same queues, in order), so by then the other
    // pictures would be there if reduced motion did not keep them back.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(heroImages().map((img) => img.getAttribute("src"))).toEqual(["/media/site/hero-1-1280.jpg"]);
    // Nor a phone's portrait cut of them.
    expect([...document.querySelectorAll(".hero-backgrounds source")].map((source) => source.getAttribute("srcset"))).toEqual([
      "/media/site/hero-1-portrait.jpg 404w",
    ]);
    for (const img of heroImages()) fireEvent.load(img);
    advance(3 * HERO_ROTATION_MS);
    expect(activeHero()).toBe(0);
  });

  it("pauses while the tab is hidden and picks up again when it is shown", async () => {
    fakeIntervals();
    await renderLanding();
    await loadAllHeroes();
    advance(HERO_ROTATION_MS);
    expect(activeHero()).toBe(1);
    setVisibility("hidden");
    advance(3 * HERO_ROTATION_MS); // not a multiple of the four pictures: a rotation would show
    expect(activeHero()).toBe(1);
    setVisibility("visible");
    advance(HERO_ROTATION_MS - 1);
    expect(activeHero()).toBe(1);
    advance(1);
    expect(activeHero()).toBe(2);
  });
});

describe("the hero's main button", () => {
  const heroAction = () => within(document.querySelector<HTMLElement>(".hero-actions")!).getAllByRole("link")[0]!;
  const settles = async (name: string) => {
    await waitFor(() => expect(heroAction().textContent).toBe(name));
    return heroAction().getAttribute("href");
  };

  it("keeps 'Sign Up Now' for a visitor", async () => {
    const { api } = await renderLanding();
    await waitFor(() => expect(api.callsTo("GET /api/auth/me").length).toBeGreaterThan(0));
    expect(await settles("Sign Up Now")).toBe("/signup-options");
  });

  it("says 'Listen now' to a VIP member and to an admin, leading to the music", async () => {
    await renderLanding({ me: sessionUser({ isVIP: true }) });
    expect(await settles("Listen now")).toBe("/music");
    cleanup();
    await renderLanding({ me: sessionUser({ isAdmin: true }) });
    expect(await settles("Listen now")).toBe("/music");
  });

  it("says 'Go VIP' to a signed-in member, leading to /vip-signup", async () => {
    await renderLanding({ me: sessionUser() });
    expect(await settles("Go VIP")).toBe("/vip-signup");
    expect(screen.queryByRole("link", { name: "Sign Up Now" })).toBeNull();
  });

  it("speaks Brazilian Portuguese", async () => {
    await renderLanding({ locale: "pt-BR" });
    expect(await settles("Cadastre-se agora")).toBe("/signup-options");
    cleanup();
    await renderLanding({ me: sessionUser({ isVIP: true }), locale: "pt-BR" });
    expect(await settles("Ouvir agora")).toBe("/music");
    cleanup();
    await renderLanding({ me: sessionUser(), locale: "pt-BR" });
    expect(await settles("Seja VIP")).toBe("/vip-signup");
  });
});

describe("iconic hits", () => {
  const hits = () => screen.getByRole("region", { name: "Iconic Hits" });

  it("offers visitors and free members each hit's preview and VIP signup with a 'Listen as VIP' hint, with the years", async () => {
    for (const me of [null, sessionUser()]) {
      await renderLanding({ me });
      const links = within(hits()).getAllByRole("link", { name: /Listen as VIP/ });
      expect(links.map((link) => link.getAttribute("href"))).toEqual(["/vip-signup", "/vip-signup", "/vip-signup"]);
      expect(
        within(hits())
          .getAllByText(/^198[89]$/)
          .map((el) => el.textContent),
      ).toEqual(["1988", "1988", "1989"]);
      expect(within(hits()).queryByRole("button", { name: /^Play:/ })).toBeNull();
      expect(
        within(hits())
          .getAllByRole("button", { name: /^Play preview\b/ })
          .map((b) => b.textContent),
      ).toEqual(["Play preview: Spring Love", "Play preview: Dreamin' of Love", "Play preview: I Wanna Be the One"]);
      cleanup();
    }
  });

  it("asks the catalog for the hit a visitor previews, and says so when it cannot play", async () => {
    const api = mockSite(null);
    renderApp(routeTree, "/");
    fireEvent.click(await screen.findByRole("button", { name: /^Play preview\b.*Spring Love/ }));
    expect((await within(hits()).findByRole("alert")).textContent).toBe("Unable to play audio. Please try again.");
    expect(api.callsTo("GET /api/music/tracks/spring-love")).toHaveLength(1);
  });

  it("gives VIP members and admins a Play button on each hit and a link to the Music Hub", async () => {
    for (const me of [sessionUser({ isVIP: true }), sessionUser({ isAdmin: true })]) {
      await renderLanding({ me });
      await waitFor(() => expect(within(hits()).getAllByRole("button", { name: /^Play\b/ })).toHaveLength(3));
      expect(
        within(hits())
          .getAllByRole("button", { name: /^Play\b/ })
          .map((b) => b.textContent),
      ).toEqual(["Play: Spring Love", "Play: Dreamin' of Love", "Play: I Wanna Be the One"]);
      expect(
        within(hits())
          .getAllByRole("link", { name: /Listen now/ })
          .map((link) => link.getAttribute("href")),
      ).toEqual(["/music", "/music", "/music"]);
      expect(within(hits()).queryByText("Listen as VIP")).toBeNull();
      cleanup();
    }
  });

  it("asks the catalog for the hit a VIP presses play on, and says so when it cannot play", async () => {
    const api = mockSite(sessionUser({ isVIP: true }));
    renderApp(routeTree, "/");
    const play = await screen.findByRole("button", { name: /^Play\b.*Dreamin' of Love/ });
    fireEvent.click(play);
    expect((await within(hits()).findByRole("alert")).textContent).toBe("Unable to play audio. Please try again.");
    expect(api.callsTo("GET /api/music/tracks/moonlight-boulevard-1")).toHaveLength(1);
  });
});

describe("VIP membership", () => {
  const vip = () => screen.getByRole("region", { name: "VIP Membership" });

  it("shows the four benefits and offers visitors and free members Join VIP with the price", async () => {
    for (const me of [null, sessionUser()]) {
      await renderLanding({ me });
      expect(
        within(vip())
          .getAllByRole("heading", { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(["Early Access to Music", "Exclusive Content", "Priority Tickets & VIP Sections", "Special Merchandise"]);
      // The pass link goes to a member's own profile, and a visitor to sign in.
      const pass = () => within(vip()).getByRole("link", { name: "Your VIP pass" }).getAttribute("href");
      await waitFor(() => expect(pass()).toBe(me ? `/social/profile/${me.id}#vip-pass` : "/social/login"));
      expect(within(vip()).getByRole("link", { name: "See the perks" }).getAttribute("href")).toBe("/perks");
      await waitFor(() => expect(within(vip()).getByText("$9.99/month")).toBeTruthy());
      expect(within(vip()).getByRole("link", { name: "Join VIP" }).getAttribute("href")).toBe("/vip-signup");
      expect(within(vip()).queryByRole("status")).toBeNull();
      cleanup();
    }
  });

  it("tells a VIP member and an administrator that the benefits are theirs, instead of Join", async () => {
    await renderLanding({ me: sessionUser({ isVIP: true }) });
    await waitFor(() => expect(within(vip()).getByRole("status").textContent).toBe("You're a VIP member: every benefit is yours."));
    expect(within(vip()).getByRole("link", { name: "Go to the music" }).getAttribute("href")).toBe("/music");
    expect(within(vip()).queryByRole("link", { name: /Join VIP/ })).toBeNull();
    cleanup();

    await renderLanding({ me: sessionUser({ isAdmin: true }), locale: "pt-BR" });
    const section = screen.getByRole("region", { name: "Assinatura VIP" });
    await waitFor(() => expect(within(section).getByRole("status").textContent).toBe("Sua conta de administrador inclui todos os benefícios VIP."));
    expect(within(section).getByRole("link", { name: "Ir para as músicas" }).getAttribute("href")).toBe("/music");
  });
});

describe("the artist's identity on the landing", () => {
  it("shows each iconic hit's real cover (decorative, the title is the heading), the note tile where there is none", async () => {
    await renderLanding();
    const hits = screen.getByRole("region", { name: "Iconic Hits" });
    await waitFor(() => expect(hits.querySelectorAll("img.hit-cover-img")).toHaveLength(2));
    const covers = Array.from(hits.querySelectorAll<HTMLImageElement>("img.hit-cover-img"));
    expect(covers.map((img) => img.getAttribute("src"))).toEqual(["/media/covers/spring-love-single.png", "/media/covers/moonlight-boulevard.png"]);
    expect(covers.map((img) => img.getAttribute("alt"))).toEqual(["", ""]);
    expect(hits.querySelectorAll(".hit-cover-note")).toHaveLength(1);
  });

  it.each([
    ["en", "Biography", "Portrait of Marina Sol", "Freestyle singer from New York."],
    ["pt-BR", "Biografia", "Retrato de Marina Sol", "Cantora de freestyle de Nova York."],
  ] as const)("in %s, the biography shows the portrait with its alt text and the saved short bio", async (locale, title, alt, short) => {
    await renderLanding({ locale });
    const bio = screen.getByRole("region", { name: title });
    const portrait = await within(bio).findByRole("img", { name: alt });
    expect(portrait.getAttribute("src")).toBe("/media/site/artist-portrait.jpg");
    expect(bio.querySelector(".bio-short")!.textContent).toBe(short);
  });
});

describe("biography and about", () => {
  const listOf = (heading: string) =>
    within(screen.getByRole("heading", { level: 3, name: heading }).closest(".card") as HTMLElement)
      .getAllByRole("listitem")
      .map((li) => li.textContent);

  it("tells the story and lists career, awards and performances, in English", async () => {
    await renderLanding();
    const bio = screen.getByRole("region", { name: "Biography" });
    expect(bio.textContent).toContain("New York");
    expect(bio.textContent).toContain("Brazil");
    expect(listOf("Career")).toHaveLength(4);
    expect(listOf("Career")).toContain("More than 25 singles on the dance and pop charts");
    expect(listOf("Awards")).toContain("15 gold and platinum certifications in the United States and Brazil");
    expect(listOf("Performances")).toContain("More than 2,000 concerts on four continents");
    // The About cards carry the same figures.
    const about = screen.getByRole("region", { name: "About" });
    expect(
      within(about)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["25+Singles on the charts", "2,000+Concerts on four continents", "15Gold and platinum certifications"]);
  });

  it("renders the story and the three lists in Portuguese, numbers formatted for pt-BR", async () => {
    await renderLanding({ locale: "pt-BR" });
    const bio = screen.getByRole("region", { name: "Biografia" });
    expect(bio.textContent).toContain("Brasil");
    expect(listOf("Carreira")).toEqual([
      "Primeiro single, City Lights Calling, em 1986; álbum de estreia, Freestyle Nights, em 1987",
      "Os sucessos Spring Love e Dreamin' of Love em 1988, e I Wanna Be the One em 1989",
      "Mais de 25 singles nas paradas dance e pop",
      "Novos álbuns e singles em todas as décadas desde os anos 1980",
    ]);
    expect(listOf("Prêmios")).toHaveLength(3);
    expect(listOf("Prêmios")[0]).toBe("15 certificações de ouro e platina nos Estados Unidos e no Brasil");
    expect(listOf("Apresentações")).toHaveLength(4);
    expect(listOf("Apresentações")[0]).toBe("Mais de 2.000 shows em quatro continentes");
    const about = screen.getByRole("region", { name: "Sobre" });
    expect(within(about).getAllByRole("listitem")[1]!.textContent).toBe("2.000+Shows em quatro continentes");
  });
});

describe("events section", () => {
  const banner = () => screen.getByRole("button", { name: /View the tour poster full screen/ });

  it("shows the tour poster as a button with a srcset and its size, and a link to the events page", async () => {
    await renderLanding();
    const section = screen.getByRole("region", { name: "Upcoming Events" });
    const img = within(banner()).getByRole("img");
    expect(img.getAttribute("src")).toBe("/media/site/events-banner.jpg");
    expect(img.getAttribute("srcset")).toBe("/media/site/events-banner-800.jpg 800w, /media/site/events-banner.jpg 1600w");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1600", "600"]);
    expect(img.getAttribute("alt")).toMatch(/^Tour poster: /);
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(within(section).getByRole("link", { name: "See all events" }).getAttribute("href")).toBe("/events");
  });

  it("opens the poster full screen in a dialog that keeps focus inside, locks the page, and closes on Escape back to the poster", async () => {
    await renderLanding();
    fireEvent.click(banner());
    const dialog = screen.getByRole("dialog", { name: "Live on tour" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(within(dialog).getByRole("img").getAttribute("src")).toBe("/media/site/events-banner.jpg");
    expect(document.body.style.overflow).toBe("hidden");
    const close = within(dialog).getByRole("button", { name: "Close" });
    const last = within(dialog).getByRole("link", { name: "See all events" });
    expect(document.activeElement).toBe(close);
    // Tab from the last control wraps to the first, Shift+Tab from the first to the last.
    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);

    fireEvent.keyDown(last, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(banner());
    expect(document.body.style.overflow).toBe("");
  });

  it("closes the lightbox on a click on the backdrop or on Close, not on the picture", async () => {
    await renderLanding();
    fireEvent.click(banner());
    const dialog = screen.getByRole("dialog", { name: "Live on tour" });
    fireEvent.mouseDown(within(dialog).getByRole("img"));
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.mouseDown(dialog.parentElement!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(banner());

    fireEvent.click(banner());
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(banner());
  });

  it("makes the promo video, with its source and poster, only once it comes near the viewport", async () => {
    await renderLanding();
    // Until then an empty frame holds its place: no <video>, so no controls for the browser to build.
    expect(document.querySelector(".promo-video video")).toBeNull();
    const frame = document.querySelector<HTMLElement>(".promo-video .promo-video-frame")!;
    expect(frame).not.toBeNull();
    const observer = FakeObserver.instances.find((o) => [...o.observed].some((el) => el.contains(frame)))!;
    expect(observer.options.rootMargin).toBe("200px 0px");
    act(() => FakeObserver.enter());
    const video = document.querySelector<HTMLVideoElement>(".promo-video video")!;
    expect(document.querySelector(".promo-video-frame")).toBeNull();
    expect(video.hasAttribute("controls")).toBe(true);
    expect(video.getAttribute("preload")).toBe("none");
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(video.hasAttribute("autoplay")).toBe(false);
    expect([video.getAttribute("width"), video.getAttribute("height")]).toEqual(["640", "360"]);
    expect(video.getAttribute("src")).toBe("/media/site/promo.mp4");
    expect(video.getAttribute("poster")).toBe("/media/site/promo-poster.jpg");
    expect(video.getAttribute("aria-labelledby")).toBe("promo-title");
    expect(observer.observed.size).toBe(0); // done watching
  });
});

// A part of a server-rendered page that nobody can see or reach yet is not hydrated with the rest:
// its HTML stays the server's, links in it work as links, and React makes it the app's once it
// nears the viewport, is pointed at, touched or focused, or the page changes language (decision 178). The footer, the
// landing page's sections below the hero and the event cards below the first screen are most of what a first load
// hydrated and nobody used.
import { Suspense, use, useEffect, useId, useState, type ReactNode } from "react";
import { LOCALE_SWITCH_EVENT } from "../i18n/I18nProvider";
import { adoptEarlyInput, captureEarlyInput, type EarlyInput } from "./hydrated";

/**
 * What says a part is about to be used: a pointer over it or pressed on it, a touch, a focus, a
 * click itself (the page's loader replays a tap held before hydration as a bare click; so does a
 * keyboard's Enter on a link), and a field changed without a focus first (a browser's autofill, a
 * script choosing a list's option).
 */
const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "click", "input", "change"] as const;
/**
 * In the viewport itself: every page's main part is at least a screen tall (.app-main), so any
 * margin ahead would take in the footer of every short page. A part scrolled to is hydrated in a
 * short task of its own; a tap on it before then is answered, as the press makes it the app's.
 */
const NEAR = "0px";
const ATTRIBUTE = "data-hydrate-near";

type Gate = Promise<EarlyInput>;

/**
 * Resolves, with what was typed into the part's fields meanwhile, once `element` nears the viewport
 * or is about to be used; undefined where there is no such server-rendered element (the browser
 * renders the page itself, or this is the server).
 */
function whenNear(id: string): Gate | undefined {
  if (typeof document === "undefined") return undefined;
  const element = document.querySelector(`[${ATTRIBUTE}="${CSS.escape(id)}"]`);
  if (element === null || typeof IntersectionObserver === "undefined") return undefined;
  let resolve!: (early: EarlyInput) => void;
  const gate: Gate = new Promise<EarlyInput>((settle) => (resolve = settle));
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && release(), { rootMargin: NEAR });
  // On the document, ahead of React's own listener: React stops a press or a focus on a part that
  // is not hydrated yet from going further, after trying to hydrate it there and then. Marked
  // resolved at once, so that try succeeds and the press or focus reaches the app.
  const onIntent = (event: Event) => event.target instanceof Node && element.contains(event.target) && release();
  function release() {
    observer.disconnect();
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    document.removeEventListener(LOCALE_SWITCH_EVENT, release);
    const early = captureEarlyInput(element!);
    // The status fields React's `use` reads a promise's outcome from without waiting for it.
    Object.assign(gate, { status: "fulfilled", value: early });
    resolve(early);
  }
  observer.observe(element);
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  // A part still waiting when the language changes would be dropped and rendered afresh, out of
  // sight until scrolled to: it is hydrated as it was rendered first, then changes language.
  document.addEventListener(LOCALE_SWITCH_EVENT, release);
  // Made while a press or click on the part itself is being dispatched: the part's page was
  // itself still waiting (a tap the loader held until hydration and replays, or a tap on a page
  // that has not hydrated), React is hydrating it on the spot to deliver that event, and the
  // listeners above came too late to see it. Released at once, so the part hydrates in that same
  // dispatch and the event reaches it.
  if (intentUnderway(element)) release();
  return gate;
}

/**
 * The press or click seen last on its way down, ahead of React's listeners: while its dispatch
 * lasts (its phase is not NONE), it is the one being delivered.
 */
let lastIntent: Event | undefined;
if (typeof document !== "undefined") {
  for (const type of INTENT_EVENTS) document.addEventListener(type, (event) => (lastIntent = event), { capture: true, passive: true });
}

/** Whether the event being dispatched right now is a press or click on `element` or inside it. */
function intentUnderway(element: Element): boolean {
  return lastIntent !== undefined && lastIntent.eventPhase !== Event.NONE && lastIntent.target instanceof Node && element.contains(lastIntent.target);
}

/** Suspends hydration until `gate` resolves, then hands the early typing to the hydrated fields. */
function Gated({ gate, children }: { gate: Gate | undefined; children: ReactNode }) {
  const early = gate ? use(gate) : undefined;
  useEffect(() => {
    if (early?.size) adoptEarlyInput(early);
  }, [early]);
  return children;
}

/**
 * Hydrates `children` only once their server HTML nears the viewport or is about to be used; in a
 * page the browser renders itself they render at once. Wraps them in a block element (the one the
 * viewport is watched on), so it fits where a block fits.
 */
export function HydrateWhenNear({ children }: { children: ReactNode }) {
  const id = useId();
  const [gate] = useState(() => whenNear(id));
  const [released, setReleased] = useState(gate === undefined);
  useEffect(() => {
    let current = true;
    void gate?.then(() => current && setReleased(true));
    return () => {
      current = false;
    };
  }, [gate]);
  const boundary = (
    <Suspense>
      <Gated gate={gate}>{children}</Gated>
    </Suspense>
  );
  // Until released, every render hands React the first render's element: a boundary still waiting
  // that receives new props is rendered afresh instead (its server HTML dropped for nothing).
  const [waiting] = useState(boundary);
  return <div {...{ [ATTRIBUTE]: id }}>{released ? boundary : waiting}</div>;
}

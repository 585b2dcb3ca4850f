// The moment a server-rendered page becomes the app. Its HTML is on screen before its scripts run
// (index.html's loader starts them after the first paint), so a visitor may tap or type first:
// the loader holds the taps and replays them on APP_READY_EVENT; what was typed is handed to the
// app here, as if typed after hydration.
import { useEffect, type ReactNode } from "react";

/** Dispatched on `document` once the app has hydrated; index.html's loader listens for it. */
export const APP_READY_EVENT = "app:ready";

/**
 * Wraps the hydrated tree (it renders no element, so the server's HTML still matches). `early` is
 * what `captureEarlyInput` found before hydration started.
 */
export function AfterHydration({ early, children }: { early: EarlyInput; children: ReactNode }) {
  useEffect(() => {
    // In a task of its own, not while React runs effects: an event on a part of the page still
    // waiting to hydrate makes React hydrate that part on the spot, which it cannot do from here.
    const handOver = setTimeout(() => {
      adoptEarlyInput(early);
      document.dispatchEvent(new Event(APP_READY_EVENT));
    });
    return () => clearTimeout(handOver);
  }, [early]);
  return children;
}

const NOT_TYPED_INTO = new Set(["checkbox", "radio", "submit", "button", "reset", "image", "file", "hidden", "range", "color"]);

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** The text fields of the page and what was typed into them, by the time of the call. */
export type EarlyInput = ReadonlyMap<TextField, string>;

/**
 * The server-rendered text fields typed into so far. Read before hydrating: React puts a
 * textarea's server text back when it hydrates it.
 */
export const captureEarlyInput = (root: ParentNode): EarlyInput =>
  new Map(
    [...root.querySelectorAll<TextField>("input, textarea")]
      .filter((field) => (field.tagName === "TEXTAREA" || !NOT_TYPED_INTO.has(field.type)) && field.value !== field.defaultValue)
      .map((field) => [field, field.value]),
  );

/**
 * Text typed into the server's fields before hydration is on screen but not in React's state (a
 * controlled field's state is still the server's value, and React does not look again). For each
 * field typed into, this replays the typing as one input event, which React turns into an
 * onChange. A field typed into since the capture keeps its newer text.
 */
export function adoptEarlyInput(early: EarlyInput) {
  for (const [field, captured] of early) {
    if (!field.isConnected) continue;
    const typed = field.value !== field.defaultValue ? field.value : captured;
    // A discrete event first: React hydrates the Suspense boundary around the field at once if it
    // is still waiting, and so starts tracking the field's value.
    field.dispatchEvent(new Event("input", { bubbles: true }));
    // React's tracker watches the field's own `value` setter: it now remembers the server's value...
    field.value = field.defaultValue;
    // ...and the prototype's setter puts the typed text back behind its back, so the next input
    // event is a change for React.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")!.set!.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

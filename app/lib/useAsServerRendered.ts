// Data the Worker never reads while rendering a page (a member's cart, favorites) arrives in the
// browser after the page. A part of the page that hydrates late (a Suspense boundary: the buy box,
// a group of track rows) may hydrate after it arrived; rendered with it, the part differs from the
// server's HTML, and an attribute that differs (a disabled button, a heart's aria-pressed) keeps the
// server's value, since React neither reports nor mends attributes while hydrating. Such parts read
// that data as the server rendered it (not there yet) while they hydrate, and as it is right after.
import { useSyncExternalStore } from "react";

/** The answer changes only between hydrating and hydrated, which React itself re-renders for. */
const nothingToWatch = () => () => {};
const hydrated = () => false;
const onServerOrHydrating = () => true;

/**
 * True on the server and while the calling part of a server-rendered page hydrates; false from
 * then on (React re-renders the part at once) and in a part the browser renders itself.
 */
export const useAsServerRendered = () => useSyncExternalStore(nothingToWatch, hydrated, onServerOrHydrating);

// The site's origin (https://fans.example) for links the app writes out in full (calendar
// feeds, share links): the browser's location, or on the server the request's, so a page renders
// the same address on both sides.
import { createContext, useContext } from "react";

/** Set by the server entry to the request's origin; null in the browser. */
export const OriginContext = createContext<string | null>(null);

export const useOrigin = (): string => useContext(OriginContext) ?? window.location.origin;

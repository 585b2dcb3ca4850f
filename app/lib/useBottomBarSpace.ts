// A bar fixed at the bottom of the page (the music player, the mini radio) must never hide the
// footer: while it shows, <body> gets `bodyClass` and the bar's height is kept in the CSS variable
// `heightVar` (followed with a ResizeObserver), so the page's CSS can reserve that much room.
import { useEffect, type RefObject } from "react";

export function useBottomBarSpace(visible: boolean, barRef: RefObject<HTMLElement | null>, bodyClass: string, heightVar: `--${string}`) {
  useEffect(() => {
    if (!visible) return;
    const body = document.body;
    const root = document.documentElement;
    body.classList.add(bodyClass);
    const bar = barRef.current;
    let observer: ResizeObserver | undefined;
    if (bar && typeof ResizeObserver !== "undefined") {
      observer = new ResizeObserver(() => root.style.setProperty(heightVar, `${Math.ceil(bar.getBoundingClientRect().height)}px`));
      observer.observe(bar);
    }
    return () => {
      observer?.disconnect();
      body.classList.remove(bodyClass);
      root.style.removeProperty(heightVar);
    };
  }, [visible, barRef, bodyClass, heightVar]);
}

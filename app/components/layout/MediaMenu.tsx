// The desktop "Media" dropdown, following the disclosure-navigation pattern: a button with
// aria-expanded controlling a list of links. Arrow keys, Home and End move between the links,
// Escape closes and returns focus to the button; Tab, an outside click or a route change close it.
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { FormattedMessage } from "react-intl";
import { MEDIA_ITEMS, MediaItemLink } from "./mediaItems";
import { navMessages } from "./navMessages";

export function MediaMenu() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The menu belongs to the page it was opened on, so navigating away closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const links = () => Array.from(wrapperRef.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? []);
  const close = (returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const focusLink = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const toLast = event.key === "ArrowUp";
      setOpenOn(pathname);
      // The list renders on the next commit; focus once it is there.
      requestAnimationFrame(() => focusLink(toLast ? -1 : 0));
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = links();
    const current = all.indexOf(document.activeElement as HTMLAnchorElement);
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusLink(current + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusLink(current - 1);
        break;
      case "Home":
        event.preventDefault();
        focusLink(0);
        break;
      case "End":
        event.preventDefault();
        focusLink(-1);
        break;
      case "Escape":
        event.preventDefault();
        close(true);
        break;
    }
  };

  return (
    <div
      className="dropdown"
      ref={wrapperRef}
      onBlur={(event) => {
        // Tabbing out of the whole widget closes it; moving between its own links does not.
        if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpenOn(null);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
        onKeyDown={onButtonKeyDown}
      >
        <FormattedMessage {...navMessages.media} />
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="dropdown-menu" hidden={!open} onKeyDown={onListKeyDown}>
        {MEDIA_ITEMS.map((item) => (
          <li key={item.key}>
            <MediaItemLink item={item} variant="desktop" className="dropdown-item" onActivate={() => setOpenOn(null)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

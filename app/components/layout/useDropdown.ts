// What the header's dropdowns (Media, the account menu) share: open on the page it was opened on
// (a route change closes it), ArrowDown/ArrowUp on the button open it onto the first/last entry,
// arrows, Home and End move between entries, Escape closes and gives focus back to the button,
// Tab out of it or a click outside it closes it.
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";

export function useDropdown(itemSelector: string) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const items = () => Array.from(wrapperRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
  const focusItem = (index: number) => {
    const all = items();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };
  const close = (returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) buttonRef.current?.focus();
  };
  const openOnto = (index: number) => {
    setOpenOn(pathname);
    // The list shows on the next commit; focus once it is there.
    requestAnimationFrame(() => focusItem(index));
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openOnto(event.key === "ArrowUp" ? -1 : 0);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      // The phone menu around it closes on Escape too; one key closes one thing.
      event.stopPropagation();
      close(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const current = items().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(current + 1),
      ArrowUp: () => focusItem(current - 1),
      Home: () => focusItem(0),
      End: () => focusItem(-1),
      Escape: () => close(true),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    if (event.key === "Escape") event.stopPropagation();
    move();
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    // Tabbing out of the whole widget closes it; moving between its own entries does not.
    if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpenOn(null);
  };

  return {
    open,
    listId,
    wrapperRef,
    buttonRef,
    toggle: () => setOpenOn(open ? null : pathname),
    openOnto,
    close,
    onButtonKeyDown,
    onListKeyDown,
    onBlur,
  };
}

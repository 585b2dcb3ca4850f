// The header's search (docs/features.md#search-everywhere): one field, results as you type (after a
// pause) grouped by kind, each with its picture, in the ARIA combobox pattern: the field keeps focus
// and names the highlighted option (aria-activedescendant); Arrow keys move, Enter opens the option
// (or, with none highlighted, the /search page), Escape closes the list, then clears the field.
// `/` or Ctrl+K (⌘K) focuses the bar's field from anywhere but another text field.
import { useQuery } from "@tanstack/react-query";
import { linkOptions, useNavigate, useRouterState } from "@tanstack/react-router";
import { appHref } from "../../lib/appHref";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocale } from "../../i18n/I18nProvider";
import { useDebounced } from "../../lib/useDebounced";
import { searchableText, searchQueryOptions } from "../../lib/search/queries";
import { SEARCH_QUERY_MAX } from "#contracts/search-limits.ts";
import type { SearchItem } from "#contracts/search.ts";
import { kindMessages, noResultsMessage, searchMessages, seeAllMessage } from "./messages";
import { SearchResultRow } from "./SearchResultRow";
import "./search.css";

/** How long typing must pause before the field asks the Worker. */
export const SEARCH_TYPING_PAUSE_MS = 250;

/** Whether a key press belongs to a field being typed in (the shortcuts leave those alone). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * `/` or Ctrl+K (⌘K) focuses the bar's field (the one with `aria-keyshortcuts`) inside `header`,
 * from anywhere but another text field. The header listens, in the page's first commit, not the
 * field: the field hydrates in a pass of its own, and a key pressed before that was lost. Focusing
 * its server-rendered element is enough: React hydrates the field's part at once when it is typed in.
 */
export function useSearchShortcut(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey;
      const ctrlK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
      if ((!slash && !ctrlK) || isTypingTarget(event.target)) return;
      const field = header.current?.querySelector<HTMLInputElement>("input[aria-keyshortcuts]");
      if (!field) return;
      event.preventDefault();
      field.focus();
      field.select();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [header]);
}

type Props = {
  /** "bar": the desktop header's, which `/` and Ctrl+K focus (useSearchShortcut); "menu": the mobile menu's. */
  variant: "bar" | "menu";
  /** Called after the field takes the reader somewhere (the mobile menu closes). */
  onNavigate?: () => void;
};

export function SiteSearch({ variant, onNavigate }: Props) {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const baseId = useId();
  const listId = `${baseId}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  // The field's text and the open list belong to the page they were typed on: a new page starts
  // empty and closed (as the header's menus are tied to their page).
  const [typedOn, setTypedOn] = useState({ path: pathname, text: "" });
  const text = typedOn.path === pathname ? typedOn.text : "";
  const setText = (next: string) => setTypedOn({ path: pathname, text: next });
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const [active, setActive] = useState(-1);
  const typed = searchableText(text);
  const asked = useDebounced(typed, SEARCH_TYPING_PAUSE_MS);
  const results = useQuery(searchQueryOptions(asked, locale));

  const settled = typed !== "" && typed === asked && results.data?.query === asked;
  const groups = useMemo(() => (settled ? results.data!.groups : []), [settled, results.data]);
  const items: SearchItem[] = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  // Each group's first option's place in the whole list (the options are numbered across groups).
  const firstIndex = useMemo(() => groups.map((_, g) => groups.slice(0, g).reduce((n, group) => n + group.items.length, 0)), [groups]);
  // The last option is always "See all results", so Enter on it opens the page.
  const optionCount = typed === "" ? 0 : items.length + 1;
  const expanded = open && typed !== "";
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const go = (href: string) => {
    setOpen(false);
    setText("");
    inputRef.current?.blur();
    onNavigate?.();
    void navigate({ href });
  };
  const pageHref = appHref(linkOptions({ to: "/search", search: { q: typed } }));
  const choose = (index: number) => go(index < items.length ? items[index]!.href : pageHref);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (optionCount === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // -1 is the field itself: moving past either end comes back to it, then round again.
      setActive((current) => {
        const next = current + step;
        if (next >= optionCount) return -1;
        return next < -1 ? optionCount - 1 : next;
      });
    } else if (event.key === "Escape") {
      event.preventDefault();
      // An open list closes first; the mobile menu around the field stays open.
      if (expanded) event.stopPropagation();
      if (expanded) setOpen(false);
      else setText("");
      setActive(-1);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(active);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== "") go(pageHref);
  };

  let status: string | null = null;
  if (expanded && !settled)
    status = results.isError && typed === asked ? intl.formatMessage(searchMessages.failed) : intl.formatMessage(searchMessages.searching);
  else if (expanded && items.length === 0) status = intl.formatMessage(noResultsMessage, { query: typed });

  return (
    <form
      role="search"
      aria-label={intl.formatMessage(searchMessages.label)}
      className={`site-search site-search-${variant}`}
      action="/search"
      onSubmit={onSubmit}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      <label className="sr-only" htmlFor={`${baseId}-input`}>
        {intl.formatMessage(searchMessages.label)}
      </label>
      <input
        ref={inputRef}
        id={`${baseId}-input`}
        className="site-search-input"
        // A text field, not type="search": HTML allows the combobox role (and aria-expanded) on a
        // text input only. Phones still show their search key (enterKeyHint, inputMode).
        type="text"
        inputMode="search"
        enterKeyHint="search"
        name="q"
        role="combobox"
        autoComplete="off"
        maxLength={SEARCH_QUERY_MAX}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts={variant === "bar" ? "/ Control+K" : undefined}
        placeholder={intl.formatMessage(searchMessages.placeholder)}
        title={variant === "bar" ? intl.formatMessage(searchMessages.shortcutHint) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {/* Enter in the field submits; the button names that for screen readers and makes the form
          work the same before the app has loaded. Out of the tab order: the field is the stop. */}
      <button type="submit" className="sr-only" tabIndex={-1}>
        {intl.formatMessage(searchMessages.submit)}
      </button>
      <div className="site-search-panel" hidden={!expanded}>
        <p className="site-search-status" role="status">
          {status}
        </p>
        <ul id={listId} role="listbox" className="site-search-list" aria-label={intl.formatMessage(searchMessages.results)}>
          {groups.map((group, g) => (
            <li key={group.kind} role="presentation">
              <ul role="group" aria-labelledby={`${baseId}-${group.kind}`} className="site-search-group">
                <li role="presentation" id={`${baseId}-${group.kind}`} className="site-search-group-title">
                  <FormattedMessage {...kindMessages[group.kind]} />
                  {group.relaxed && <span className="site-search-close"> · {intl.formatMessage(searchMessages.closeMatches)}</span>}
                </li>
                {group.items.map((item, i) => {
                  const at = firstIndex[g]! + i;
                  return (
                    <li
                      key={`${item.kind}-${item.id}`}
                      id={optionId(at)}
                      role="option"
                      aria-selected={active === at}
                      className="site-search-option"
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => setActive(at)}
                      onClick={() => choose(at)}
                    >
                      <SearchResultRow item={item} />
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
          {typed !== "" && (
            <li
              id={optionId(items.length)}
              role="option"
              aria-selected={active === items.length}
              className="site-search-option site-search-all"
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(items.length)}
              onClick={() => choose(items.length)}
            >
              {intl.formatMessage(seeAllMessage, { query: typed })}
            </li>
          )}
        </ul>
      </div>
    </form>
  );
}

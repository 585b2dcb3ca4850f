// A textarea with the @username autocomplete (a text box controlling a listbox): typing "@ma" asks
// GET /api/profiles/mentions for members whose name starts with "ma" (150 ms after the last key)
// and lists them under the field. Up and Down move through the list, Enter or Tab picks, Escape
// closes it until the name changes; a click picks too. Picking puts "@username " at the caret.
// Focus never leaves the text box: the list's active option is named by aria-activedescendant.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { insertMention, mentionAt, mentionSuggestionsQueryOptions, type MentionToken } from "./mentions";
import { feedMessages as m } from "./messages";

/** Wait after the last key before asking, so a name typed quickly costs one request. */
export const MENTION_DEBOUNCE_MS = 150;

type MentionTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange" | "role"> & {
  value: string;
  onValueChange: (value: string) => void;
};

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function MentionTextarea({ value, onValueChange, onKeyDown, onBlur, ...props }: MentionTextareaProps) {
  const intl = useIntl();
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  /** The highlighted option, for the list of one asked name: a new list starts at its first member. */
  const [active, setActive] = useState<{ asked: string | null; index: number }>({ asked: null, index: 0 });
  /** The "@name" the reader closed with Escape (or by leaving the field): not offered again until it changes. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const token: MentionToken | null = caret === null ? null : mentionAt(value, caret);
  const tokenKey = token ? `${token.start}:${token.query}` : null;
  const wanted = token && tokenKey !== dismissed ? token.query : null;
  const asked = useDebounced(wanted, MENTION_DEBOUNCE_MS);
  const suggestions = useQuery({ ...mentionSuggestionsQueryOptions(asked ?? ""), enabled: asked !== null && wanted !== null });
  const members = wanted !== null && asked !== null ? (suggestions.data?.members ?? []) : [];
  const open = wanted !== null && members.length > 0;
  const noneFound = wanted !== null && asked !== null && suggestions.isSuccess && !suggestions.isPlaceholderData && members.length === 0;
  const activeIndex = active.asked === asked ? Math.min(active.index, Math.max(members.length - 1, 0)) : 0;

  // After a pick the caret goes after the inserted name, once React has put the new text in.
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !ref.current) return;
    ref.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const readCaret = () => setCaret(ref.current?.selectionStart ?? null);

  const pick = (username: string) => {
    if (!token) return;
    const next = insertMention(value, token, username);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    onValueChange(next.text);
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const step = e.key === "ArrowDown" ? 1 : -1;
        setActive({ asked, index: (activeIndex + step + members.length) % members.length });
        return;
      }
      if ((e.key === "Enter" || e.key === "Tab") && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        pick(members[activeIndex]!.username);
        return;
      }
    }
    if (e.key === "Escape" && (open || noneFound)) {
      // Closes the list only: a dialog around the field stays open.
      e.preventDefault();
      e.stopPropagation();
      setDismissed(tokenKey);
      return;
    }
    onKeyDown?.(e);
  };

  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div className="mention-field">
      <textarea
        {...props}
        ref={ref}
        value={value}
        // A textarea may not take the combobox role (ARIA in HTML): it stays a text box whose
        // suggestions it controls, with the active one named by aria-activedescendant while open.
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        onChange={(e) => {
          onValueChange(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={readCaret}
        onClick={readCaret}
        onKeyDown={onKey}
        onBlur={(e) => {
          setDismissed(tokenKey);
          onBlur?.(e);
        }}
      />
      <ul id={listId} role="listbox" className="mention-list" aria-label={intl.formatMessage(m.mentionSuggestions)} hidden={!open}>
        {open &&
          members.map((member, i) => (
            <li
              key={member.username}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className={i === activeIndex ? "mention-option is-active" : "mention-option"}
              // Keep the focus (and the caret) in the text box.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(member.username)}
            >
              <Avatar src={member.avatarUrl} alt="" size={24} />
              <span>@{member.username}</span>
            </li>
          ))}
      </ul>
      {noneFound && (
        <p className="mention-none muted" role="status">
          <FormattedMessage {...m.mentionNone} />
        </p>
      )}
    </div>
  );
}

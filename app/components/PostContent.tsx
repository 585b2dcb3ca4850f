// Member text as text (never HTML, docs/design.md#48-input-uploads-output): line breaks kept by the style sheet (pre-wrap), and
// http(s) addresses turned into links that open in a new tab without handing the site's window to
// the target (noopener), telling it where the visitor came from (noreferrer) or lending the site's
// reputation to the link (ugc nofollow). An @username becomes a link to that member's profile
// (/social/profile/@username, which the profile route resolves to the id). Nothing here ever goes
// through dangerouslySetInnerHTML.
import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { mentionPattern } from "#contracts/mentions.ts";

export const USER_LINK_REL = "noopener noreferrer ugc nofollow";

/** http:// or https:// up to the next white space or a character that cannot end a URL in text. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?'"*]+$/;

/** Trims the trailing punctuation (and an unbalanced closing bracket) a sentence puts after a URL. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, "");
    for (const [open, close] of [
      ["(", ")"],
      ["[", "]"],
      ["{", "}"],
    ] as const) {
      if (url.endsWith(close) && url.split(open).length < url.split(close).length) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

/** A web address if `text` is one (http or https, with a host), else null. */
function webUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url : null;
  } catch {
    return null;
  }
}

export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string } | { kind: "mention"; text: string; username: string };

/** Splits a plain run (no web addresses) into text and @mentions. */
function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  // The server's own rule (worker/contracts/mentions.ts): a name linked here is a name it notified.
  for (const match of text.matchAll(mentionPattern())) {
    if (match.index > plainFrom) parts.push({ kind: "text", text: text.slice(plainFrom, match.index) });
    parts.push({ kind: "mention", text: match[0], username: match[1]! });
    plainFrom = match.index + match[0].length;
  }
  if (plainFrom < text.length) parts.push({ kind: "text", text: text.slice(plainFrom) });
  return parts;
}

/** Splits text into plain runs, links and @mentions (an "@name" inside an address stays part of the address). */
export function splitText(text: string): TextPart[] {
  return splitLinks(text).flatMap((part) => (part.kind === "text" ? splitMentions(part.text) : [part]));
}

/** Splits text into plain runs and links (exported for tests). */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index;
    const raw = trimUrl(match[0]);
    const url = webUrl(raw);
    if (!url) continue;
    if (start > plainFrom) parts.push({ kind: "text", text: text.slice(plainFrom, start) });
    parts.push({ kind: "link", text: raw, href: url.href });
    plainFrom = start + raw.length;
  }
  if (plainFrom < text.length) parts.push({ kind: "text", text: text.slice(plainFrom) });
  return parts;
}

export function PostContent({ text, className = "post-content" }: { text: string; className?: string }) {
  const nodes: ReactNode[] = splitText(text).map((part, i) =>
    part.kind === "link" ? (
      <a key={i} href={part.href} target="_blank" rel={USER_LINK_REL}>
        {part.text}
      </a>
    ) : part.kind === "mention" ? (
      <Link key={i} to="/social/profile/$userId" params={{ userId: `@${part.username}` }} className="mention">
        {part.text}
      </Link>
    ) : (
      part.text
    ),
  );
  return <p className={className}>{nodes}</p>;
}

// A room message's text as text (never HTML): line breaks kept by the style sheet (pre-wrap) and
// http(s) addresses made links that open apart from the site (the feed's rules, PostContent.tsx).
import { splitLinks, USER_LINK_REL } from "../../components/PostContent";

export function MessageText({ text }: { text: string }) {
  return (
    <p className="room-message-text">
      {splitLinks(text).map((part, i) =>
        part.kind === "link" ? (
          <a key={i} href={part.href} target="_blank" rel={USER_LINK_REL}>
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

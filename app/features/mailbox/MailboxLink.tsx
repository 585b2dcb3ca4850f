import { useNavigate } from "@tanstack/react-router";
import type { MouseEvent } from "react";

function parseWebUrl(link: string): URL | null {
  try {
    const url = new URL(link, window.location.origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const opensElsewhere = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * A link found in an e-mail. Links to this site (the reset link) navigate inside the SPA, so the
 * session and cache survive; others open in a new tab. Anything but http(s) stays plain text.
 */
export function MailboxLink({ link }: { link: string }) {
  const navigate = useNavigate();
  const url = parseWebUrl(link);
  if (!url) return <span>{link}</span>;

  if (url.origin === window.location.origin) {
    const path = url.pathname + url.search + url.hash;
    return (
      <a
        href={path}
        onClick={(e) => {
          if (opensElsewhere(e)) return; // let the browser open a new tab or window
          e.preventDefault();
          void navigate({ href: path });
        }}
      >
        {link}
      </a>
    );
  }
  return (
    <a href={url.href} target="_blank" rel="noopener noreferrer">
      {link}
    </a>
  );
}

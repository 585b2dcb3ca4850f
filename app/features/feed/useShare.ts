// A post's Share button: the system's share sheet where there is one, else the link copied to the
// clipboard, with "Link copied" (or the failure) said for a few seconds.
import { useEffect, useState } from "react";

type ShareState = "idle" | "copied" | "failed";

/** Share: the system's share sheet where there is one, else the link copied to the clipboard. */
export function useShare(url: string, title: string) {
  const [state, setState] = useState<ShareState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return; // the reader closed the sheet
        // Refused (no user activation, not allowed): copy instead.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return [state, share] as const;
}

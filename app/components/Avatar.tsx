import { useState } from "react";
import { DEFAULT_AVATAR_URL } from "./defaultImages";

/** A user's picture, falling back to the stock avatar when there is none or it fails to load. */
export function Avatar({ src, alt, size = 96, className }: { src: string | null | undefined; alt: string; size?: number; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && src !== failedSrc ? src : DEFAULT_AVATAR_URL;
  return (
    <img
      className={className ? `avatar ${className}` : "avatar"}
      src={shown}
      alt={alt}
      width={size}
      height={size}
      onError={() => {
        if (shown !== DEFAULT_AVATAR_URL) setFailedSrc(shown);
      }}
    />
  );
}

// Stock images drawn in code (no downloads, no third-party hosts): the default avatar for users
// without a picture and the stand-in for a post image that fails to load (docs/features.md#social-feed, docs/features.md#sign-up-sign-in-and-profiles).
// Served as data: URIs, which the Content-Security-Policy allows for images.
const svgDataUri = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export const DEFAULT_AVATAR_URL = svgDataUri(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b0764"/><stop offset="1" stop-color="#0e7490"/></linearGradient></defs>` +
    `<rect width="128" height="128" fill="url(#bg)"/>` +
    `<circle cx="64" cy="50" r="22" fill="#f5d0fe" fill-opacity="0.9"/>` +
    `<path d="M22 118c4-24 21-38 42-38s38 14 42 38z" fill="#f5d0fe" fill-opacity="0.9"/>` +
    `</svg>`,
);

export const DEFAULT_PHOTO_URL = svgDataUri(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#be185d"/></linearGradient></defs>` +
    `<rect width="400" height="300" fill="url(#sky)"/>` +
    `<circle cx="300" cy="90" r="36" fill="#fde68a"/>` +
    `<path d="M0 300l110-130 70 80 60-55 160 105z" fill="#0f172a" fill-opacity="0.85"/>` +
    `</svg>`,
);

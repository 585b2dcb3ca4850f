/** The share arrow of the track rows and the album page's share button. */
export const ShareIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width={18}
    height={18}
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M4 12v7h16v-7M12 3v12m0-12L7 8m5-5 5 5" />
  </svg>
);

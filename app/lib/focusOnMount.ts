// A callback ref that focuses its element once it is in the page. React's autoFocus prop does
// this itself, but the production build renders with preact/compat, which only writes the HTML
// autofocus attribute, and browsers honour that for the first element of a page alone.
export const focusOnMount = (element: HTMLElement | null) => element?.focus();

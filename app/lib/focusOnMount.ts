// A callback ref that focuses its element once it is in the page, whether React created the
// element or hydrated it from the server's HTML: the HTML autofocus attribute alone is honoured
// by browsers for the first element of a page only.
export const focusOnMount = (element: HTMLElement | null) => element?.focus();

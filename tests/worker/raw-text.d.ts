// A file's text as a string (Vite's `?raw` import), for tests that read the docs.
declare module "*?raw" {
  const text: string;
  export default text;
}

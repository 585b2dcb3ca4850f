// The app's server entry (app/ssr/render.tsx) as the Worker sees it: vite.config.ts and
// vitest.config.ts resolve "app-ssr" to that file; the Worker's type check reads only this.
declare module "app-ssr" {
  const ssr: import("./contracts/ssr").AppSsr;
  export default ssr;
}

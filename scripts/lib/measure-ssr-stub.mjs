// Stands in for the app's server entry ("app-ssr", app/ssr/render.tsx, which only Vite can bundle)
// when a measurement (scripts/measure-notifications.mjs, scripts/measure-campaign.mjs) runs the
// Worker's source under plain `wrangler dev`: it calls the API and sockets only, never a page.
export default {
  setApiTransport() {},
  matchPage() {
    return { routeId: null };
  },
  async renderPage() {
    throw new Error("pages are not rendered in a queue measurement");
  },
};

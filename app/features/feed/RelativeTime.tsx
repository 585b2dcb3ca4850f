// Moved to app/components (the header's notification list shows relative times too); the feed's
// imports keep working through this re-export.
export { RelativeTime, relativeParts } from "../../components/RelativeTime";

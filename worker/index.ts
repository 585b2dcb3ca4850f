import { app } from "./app";

export { FeedHub } from "./durable-objects/FeedHub";

export default app;

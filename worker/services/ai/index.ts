// Picks the chat model: live when an OpenAI key is configured, the offline responder otherwise.
import { readConfig, type AppEnv } from "../../env";
import { createLiveChatModel } from "./live";
import { createOfflineChatModel } from "./offline";
import type { ChatModel } from "./types";

export * from "./types";
export { trimContext } from "./prompt";
export { replyLanguage } from "./language";

export function createChatModel(env: AppEnv): ChatModel {
  const config = readConfig(env);
  if (config.OPENAI_API_KEY) {
    // An empty OPENAI_BASE_URL means OpenAI itself.
    return createLiveChatModel({ apiKey: config.OPENAI_API_KEY, model: config.OPENAI_MODEL, baseUrl: config.OPENAI_BASE_URL || undefined });
  }
  return createOfflineChatModel();
}

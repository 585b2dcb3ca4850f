// The live chat model: a streamed Chat Completion from OpenAI or any server that speaks its API
// (OPENAI_BASE_URL), through the official SDK over the runtime's fetch. Failures become the chat's
// two error kinds; a cancelled reply just ends. Nothing this adapter yields, throws or logs holds
// the API key.
import type OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { CHAT_REPLY_TIMEOUT_MS } from "#contracts/chat-limits.ts";
import { buildSystemPrompt } from "./prompt";
import { ChatModelError, type ChatModel, type ChatRequest } from "./types";

export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";

export type LiveChatOptions = {
  apiKey: string;
  model: string;
  /** An OpenAI-compatible server (a proxy, another vendor, a fake server in tests); empty or absent: OpenAI. */
  baseUrl?: string;
  fetch?: typeof fetch;
};

/** The request as the API takes it: the instructions first, then the thread, oldest first. */
export function chatMessages(request: ChatRequest): ChatCompletionMessageParam[] {
  return [{ role: "system", content: buildSystemPrompt(request) }, ...request.turns.map((turn) => ({ role: turn.role, content: turn.content }))];
}

/** An error's text for the logs, with the key cut out in case a server echoed it back. */
function describe(error: unknown, apiKey: string): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return apiKey ? text.split(apiKey).join("[redacted]") : text;
}

/**
 * The OpenAI SDK, loaded on the first reply: at the Worker's start-up it would be compiled by every
 * new isolate for the few requests that chat (decision 075).
 */
let sdk: Promise<typeof OpenAI> | undefined;
function openAiSdk(): Promise<typeof OpenAI> {
  sdk ??= import("openai").then((module) => module.default);
  // A failed load is tried again by the next reply.
  sdk.catch(() => (sdk = undefined));
  return sdk;
}

export function createLiveChatModel(opts: LiveChatOptions): ChatModel {
  const makeClient = (Sdk: typeof OpenAI) =>
    new Sdk({
      apiKey: opts.apiKey,
      // Every option the SDK would otherwise read from process.env is given, so nothing but this
      // configuration decides where the request goes and what it carries.
      baseURL: opts.baseUrl || DEFAULT_OPENAI_BASE_URL,
      organization: null,
      project: null,
      adminAPIKey: null,
      webhookSecret: null,
      // One retry of a failed connection or a 5xx before any text; the thread's own timeout
      // (CHAT_REPLY_TIMEOUT_MS) bounds the whole reply anyway.
      maxRetries: 1,
      // Until the response headers; the body streams for as long as the thread allows.
      timeout: CHAT_REPLY_TIMEOUT_MS,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
  let client: OpenAI | undefined;

  return {
    offline: false,
    async *reply(request) {
      const { signal } = request;
      if (signal.aborted) return;

      let stream;
      try {
        client ??= makeClient(await openAiSdk());
        stream = await client.chat.completions.create({ model: opts.model, stream: true, messages: chatMessages(request) }, { signal });
      } catch (error) {
        if (signal.aborted) return;
        console.warn(`chat model: request failed: ${describe(error, opts.apiKey)}`);
        throw new ChatModelError("send_failed");
      }

      let finishReason: string | null = null;
      try {
        for await (const chunk of stream) {
          // One completion is asked for (n = 1): choice 0 is the reply. Some compatible servers
          // send chunks without choices (usage, keep-alives).
          const choices = chunk.choices ?? [];
          const choice = choices.find((c) => c.index === 0) ?? choices[0];
          if (!choice) continue;
          if (choice.finish_reason) finishReason = choice.finish_reason;
          const text = choice.delta?.content;
          if (text) yield text;
          if (signal.aborted) return;
        }
      } catch (error) {
        if (signal.aborted) return;
        console.warn(`chat model: stream failed: ${describe(error, opts.apiKey)}`);
        throw new ChatModelError("run_failed", "failed");
      }
      if (signal.aborted) return;
      if (finishReason === "content_filter") throw new ChatModelError("run_failed", "content_filter");
    },
  };
}

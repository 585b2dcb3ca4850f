// Thin fetch wrapper for the Worker's JSON API. Errors carry the server's
// { code, message, field?, params? }: the code to translate, the form field at fault and the
// values the text names.
import type { ErrorParams } from "#contracts/validation-codes.ts";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** `headers`: a request's own, such as the bot check's token (decision 090). */
type Options = { method?: string; json?: unknown; body?: BodyInit; signal?: AbortSignal; headers?: Record<string, string> };
type ErrorBody = { error?: { code?: string; message?: string; field?: string; params?: ErrorParams } } | null;

/** The error a failed answer's parsed body describes (any body: a proxy's page parses to null). */
export function apiErrorOf(status: number, data: unknown, statusText: string): ApiRequestError {
  const error = (data as ErrorBody)?.error;
  return new ApiRequestError(status, error?.code ?? "http_error", error?.message ?? statusText, error?.field, error?.params);
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

// The network in the browser; the Worker's own routes when it renders a page (app/ssr/render.tsx).
let transport: Transport = (path, init) => fetch(path, init);

/** Where api() sends its requests from now on. */
export function setApiTransport(next: Transport) {
  transport = next;
}

export async function api<T>(path: string, { method = "GET", json, body, signal, headers: own }: Options = {}): Promise<T> {
  const headers: Record<string, string> = { ...own, accept: "application/json" };
  if (json !== undefined) headers["content-type"] = "application/json";
  const res = await transport(path, {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : body,
    credentials: "same-origin",
    signal,
  });
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res.status, data, res.statusText);
  return data as T;
}

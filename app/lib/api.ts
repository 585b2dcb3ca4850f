// Thin fetch wrapper for the Worker's JSON API. Errors carry the server's { code, message }.
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

type Options = { method?: string; json?: unknown; body?: BodyInit; signal?: AbortSignal };

export async function api<T>(path: string, { method = "GET", json, body, signal }: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(path, {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : body,
    credentials: "same-origin",
    signal,
  });
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as { error?: { code: string; message: string }; field?: string } | null;
  if (!res.ok) {
    throw new ApiRequestError(res.status, data?.error?.code ?? "http_error", data?.error?.message ?? res.statusText, data?.field);
  }
  return data as T;
}

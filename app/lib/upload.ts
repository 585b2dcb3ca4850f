// File uploads with real progress: fetch() cannot report how much of a request body has been sent,
// XMLHttpRequest's upload events can. The file is the request body (PUT), so the server streams it
// on without a multipart wrapper. Errors come back as ApiRequestError, as from lib/api.
// Shared: the catalog's uploads and the settings page's artist portrait use it; a room's pictures go
// as a multipart POST (uploadForm), the form the Worker's picture checks read.
import { useCallback, useEffect, useRef, useState } from "react";
import { apiErrorOf, ApiRequestError } from "./api";

export type Progress = { loaded: number; total: number };

type UploadOptions = { onProgress?: (progress: Progress) => void; signal?: AbortSignal };

/** An AbortError, as fetch() rejects with when its signal aborts. */
const aborted = () => new DOMException("The upload was canceled", "AbortError");
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export const uploadFile = <T>(url: string, file: Blob, options: UploadOptions = {}) => send<T>("PUT", url, file, file.size, options);

/** A multipart form POSTed with progress (its total is the browser's count of the encoded body). */
export const uploadForm = <T>(url: string, form: FormData, options: UploadOptions = {}) => send<T>("POST", url, form, 0, options);

function send<T>(method: "PUT" | "POST", url: string, body: Blob | FormData, size: number, { onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : size });
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      reject(apiErrorOf(xhr.status, data, xhr.statusText));
    };
    // Status 0: the request never got an answer (network down, connection reset).
    xhr.onerror = () => reject(new ApiRequestError(0, "network_error", "The upload could not reach the server"));
    xhr.onabort = () => reject(aborted());
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

export type UploadState<T> =
  | { phase: "idle" }
  | { phase: "uploading"; progress: Progress }
  | { phase: "done"; result: T }
  | { phase: "canceled" }
  | { phase: "failed"; error: unknown };

/**
 * One upload at a time, with its progress, a cancel, and the outcome. An upload still running when
 * the component goes away (the dialog closed) is canceled.
 */
export function useUpload<T>() {
  const [state, setState] = useState<UploadState<T>>({ phase: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (url: string, file: File): Promise<T | null> => {
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    setState({ phase: "uploading", progress: { loaded: 0, total: file.size } });
    try {
      const result = await uploadFile<T>(url, file, {
        signal: ctl.signal,
        onProgress: (progress) => !ctl.signal.aborted && setState({ phase: "uploading", progress }),
      });
      setState({ phase: "done", result });
      return result;
    } catch (error) {
      if (controller.current === ctl) setState(isAbort(error) ? { phase: "canceled" } : { phase: "failed", error });
      return null;
    } finally {
      if (controller.current === ctl) controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  /** Shows an error found before any request (a file over the cap). */
  const fail = useCallback((error: unknown) => setState({ phase: "failed", error }), []);
  const reset = useCallback(() => setState({ phase: "idle" }), []);

  return { state, start, cancel, fail, reset };
}

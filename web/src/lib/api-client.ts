/**
 * The one fetch wrapper: JSON in and out, bearer token when a session exists, XHR marker header,
 * anti-forgery cookie echoed for same-origin calls, and typed errors from the server's 4xx/5xx JSON.
 */

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** Message exactly as the server sent it (empty when the answer had none). */
  readonly serverMessage: string;
  /** The whole JSON answer (for extra fields such as requires_confirmation). */
  readonly body: unknown;

  constructor(status: number, serverMessage: string, errors: FieldErrors = {}, body: unknown = null) {
    super(serverMessage || `Error ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
    this.body = body;
  }
}

/** The server's message when there is one, else the given fallback (spec 1 §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

export function fieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.errors : {};
}

/** A list field's messages: its own and its items' (the server names those `key.0`, `key.1` ...). */
export function listFieldErrors(errors: FieldErrors, key: string): string[] {
  return Object.entries(errors)
    .filter(([k]) => k === key || k.startsWith(`${key}.`))
    .flatMap(([, list]) => list);
}

let authToken: string | null = null;
let onUnauthorized: (() => void) | null = null;
let onPasswordChangeRequired: (() => void) | null = null;

/** Sets (or clears) the bearer token sent with later calls. */
export function setAuthToken(token: string | null): void {
  authToken = token;
}

/** Called when an authenticated call answers 401 (the auth module signs out). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Called when a call answers 403 PASSWORD_CHANGE_REQUIRED (the auth module shows 'Cambia tu contraseña'). */
export function setPasswordChangeHandler(handler: () => void): void {
  onPasswordChangeRequired = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** 'required' (default) and 'optional' send the token when there is one; 'none' never does. */
  auth?: 'required' | 'optional' | 'none';
  /** Do not sign out on 401 (the login call, where 401 means wrong credentials). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
  /**
   * A write the server accepts an Idempotency-Key for (a public submission, a door scan): one key per call, and a
   * network error (no answer at all) is tried once more with the same key — the server answers a repeat with the
   * first answer, never doing the change twice (docs/decisions/plataforma.md, «Reintentos con Idempotency-Key»).
   */
  idempotent?: boolean;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

function buildHeaders(auth: RequestOptions['auth'], jsonBody: boolean): { headers: Record<string, string>; sentToken: string | null } {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (jsonBody) headers['Content-Type'] = 'application/json';
  const sentToken = auth !== 'none' ? authToken : null;
  if (sentToken) headers.Authorization = `Bearer ${sentToken}`;
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  return { headers, sentToken };
}

/** A random UUID (v4). `crypto.randomUUID` exists only on https and localhost; `getRandomValues` everywhere. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, '');
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Turns a 4xx/5xx answer into an ApiError (and signs out on a 401 of an authenticated call). */
function toApiError(response: Response, data: unknown, sentToken: string | null, options: RequestOptions): ApiError {
  const payload = (data ?? {}) as { message?: unknown; errors?: unknown; code?: unknown };
  const message = typeof payload.message === 'string' ? payload.message : '';
  const errors =
    payload.errors && typeof payload.errors === 'object' && !Array.isArray(payload.errors) ? (payload.errors as FieldErrors) : {};
  if (response.status === 401 && sentToken && !options.ignoreUnauthorized && (options.auth ?? 'required') === 'required') {
    onUnauthorized?.();
  }
  if (response.status === 403 && payload.code === 'PASSWORD_CHANGE_REQUIRED') onPasswordChangeRequired?.();
  return new ApiError(response.status, message, errors, data);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = 'required', signal, idempotent = false } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const { headers, sentToken } = buildHeaders(auth, body !== undefined && !isForm);
  if (idempotent) headers['Idempotency-Key'] = newIdempotencyKey();
  const init: RequestInit = {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    signal,
  };
  const response = await send(path, init).catch((error: unknown) => {
    // No answer (ApiError 0: the connection failed or closed): the same request once more, with the same key.
    if (idempotent && error instanceof ApiError && error.status === 0) return send(path, init);
    throw error;
  });
  const data = parseJson(await response.text());
  if (!response.ok) throw toApiError(response, data, sentToken, options);
  return data as T;
}

/**
 * A GET that revalidates what the caller already holds: with its ETag sent as If-None-Match, an unchanged
 * answer is a 304 with no body and this resolves null (the caller keeps its copy). Used for large answers
 * a screen asks for again when it resyncs (the seating map).
 */
export async function apiGetRevalidated<T>(path: string, etag: string | null): Promise<{ data: T; etag: string | null } | null> {
  const { headers, sentToken } = buildHeaders('required', false);
  if (etag) headers['If-None-Match'] = etag;
  const response = await send(path, { method: 'GET', headers, cache: 'no-store' });
  if (response.status === 304) return null;
  const data = parseJson(await response.text());
  if (!response.ok) throw toApiError(response, data, sentToken, {});
  return { data: data as T, etag: response.headers.get('ETag') };
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  return (plain[2] ?? plain[1]).trim() || null;
}

/** GET a file (CSV export) with the same headers as any call; answers the body and the server's file name. */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions, 'auth' | 'signal'> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const { headers, sentToken } = buildHeaders(options.auth ?? 'required', false);
  headers.Accept = '*/*';
  const response = await send(path, { method: 'GET', headers, signal: options.signal });
  if (!response.ok) throw toApiError(response, parseJson(await response.text()), sentToken, options);
  return { blob: await response.blob(), filename: fileNameFromDisposition(response.headers.get('Content-Disposition')) };
}

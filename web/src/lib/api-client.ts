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

  constructor(status: number, serverMessage: string, errors: FieldErrors = {}) {
    super(serverMessage || `Error ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
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

let authToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

/** Sets (or clears) the bearer token sent with later calls. */
export function setAuthToken(token: string | null): void {
  authToken = token;
}

/** Called when an authenticated call answers 401 (the auth module signs out). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** 'required' (default) and 'optional' send the token when there is one; 'none' never does. */
  auth?: 'required' | 'optional' | 'none';
  /** Do not sign out on 401 (the login call, where 401 means wrong credentials). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = 'required', ignoreUnauthorized = false, signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const sentToken = auth !== 'none' ? authToken : null;
  if (sentToken) headers.Authorization = `Bearer ${sentToken}`;
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, '');
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }

  if (!response.ok) {
    const payload = (data ?? {}) as { message?: unknown; errors?: unknown };
    const message = typeof payload.message === 'string' ? payload.message : '';
    const errors =
      payload.errors && typeof payload.errors === 'object' && !Array.isArray(payload.errors) ? (payload.errors as FieldErrors) : {};
    if (response.status === 401 && sentToken && !ignoreUnauthorized && auth === 'required') {
      onUnauthorized?.();
    }
    throw new ApiError(response.status, message, errors);
  }
  return data as T;
}

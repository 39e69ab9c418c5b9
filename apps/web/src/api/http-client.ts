// First: zod parses without eval under the CSP (see no-eval.ts); every screen that checks
// answers loads this client, and the sign-in page loads it only on the first attempt.
import './no-eval.ts';
import { errorEnvelopeSchema } from '@inspectra/contract';
import type { Envelope, TokenPair } from '@inspectra/contract';
import axios from 'axios';
import type { AxiosProgressEvent, InternalAxiosRequestConfig } from 'axios';
import { isEnvelope } from './envelope.ts';
import { ApiError, clientMessages } from './errors.ts';
import { queryEntries } from './payload.ts';
import { noteUnreached } from './server-reach.ts';
import { sessionRenewal } from './session-renewal.ts';
import {
  clearTokens,
  endSession,
  forgetReturnTo,
  readAccessToken,
  readRefreshToken,
  storeTokens,
} from './session.ts';

/**
 * The web app's one HTTP client (SPEC 7, 8): every call goes to `/api` with the bearer access token
 * from its cookie. A 401 triggers one token refresh, shared by every call that failed meanwhile and by
 * the other tabs (a refresh token is spent on use: presenting it twice revokes the session), then
 * each failed call is replayed once with the new token. A second 401 ends the session.
 */

export type ApiRequestConfig = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to /api: '/thermal-measurements'. */
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  signal?: AbortSignal;
  /** Upload progress of a multipart body, 0–100. */
  onUploadProgress?: (percent: number) => void;
  /** Headers of this call only (a queued change's `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/** The Web Locks name that keeps tabs from refreshing at the same time (tabs on other releases too). */
const refreshLockName = 'inspectra-token-refresh';

type SessionConfig = InternalAxiosRequestConfig & {
  /** The access token the request went out with; tells whether a refresh already happened since. */
  sentToken?: string;
  replayed?: boolean;
};

const client = axios.create({
  baseURL: '/api',
  headers: { Accept: 'application/json' },
  paramsSerializer: { serialize: (params) => new URLSearchParams(queryEntries(params)).toString() },
});

/** '/api/x' and '/x' both name the call '/x' (stored files are linked with the prefix). */
function withoutApiPrefix(url: string): string {
  return url.replace(/^\/api(?=\/)/, '');
}

/**
 * Sign-in and refresh answer 401 for bad credentials or a spent token, and sign-out carries its own
 * token: never given the bearer, refreshed or replayed.
 */
function isTokenCall(url: string | undefined): boolean {
  const path = withoutApiPrefix(url ?? '').replace(/[?#].*$/, '');
  return path === '/auth/login' || path === '/auth/refresh' || path === '/auth/logout';
}

client.interceptors.request.use((config: SessionConfig) => {
  if (isTokenCall(config.url)) return config;
  const token = readAccessToken();
  config.sentToken = token;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  else config.headers.delete('Authorization');
  return config;
});

client.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || error.response?.status !== 401) throw error;
  const config = error.config as SessionConfig | undefined;
  if (!config || isTokenCall(config.url)) throw error;
  if (config.replayed) {
    endSession();
    throw error;
  }
  await freshAccessToken(config.sentToken);
  config.replayed = true;
  // The request interceptor puts the new token from the cookie on the replay.
  return client.request(config);
});

/** The refresh token is missing, expired, spent or revoked: only signing in again helps. */
class SessionEnded extends Error {
  constructor(cause?: unknown) {
    super(clientMessages.refreshTokenNotFound, cause === undefined ? undefined : { cause });
  }
}

/** The session cannot be renewed: sign out, go to sign-in, and say so (SPEC 8). */
function sessionLost(cause?: unknown): ApiError {
  endSession();
  return new ApiError(clientMessages.refreshTokenNotFound, { status: 401, cause });
}

/**
 * The session has ended. When the page offers to sign in again (it holds unsaved input), the calls
 * wait for that and are replayed with the new token; declined, the tokens are gone but the page
 * stays, with its input, and the call fails with 'Refresh token not found'. Otherwise the session
 * ends as SPEC 4 says: to `/auth/?code=401`.
 */
async function renewOrEnd(cause: unknown): Promise<string> {
  const renewal = sessionRenewal();
  if (!renewal) throw sessionLost(cause);
  clearTokens();
  const renewed = await renewal().catch(() => false);
  const token = readAccessToken();
  if (renewed && token) return token;
  throw new ApiError(clientMessages.refreshTokenNotFound, { status: 401, cause });
}

let refreshInFlight: Promise<string> | undefined;

/**
 * A valid access token for a call that was refused with `sentToken`. Every 401 that arrives while a
 * refresh is running waits on that same refresh (the queue); a 401 for a token already replaced just
 * takes the new one.
 */
function freshAccessToken(sentToken: string | undefined): Promise<string> {
  const current = readAccessToken();
  if (current && current !== sentToken) return Promise.resolve(current);
  if (!refreshInFlight) {
    const seenRefreshToken = readRefreshToken();
    // The dialog of a renewal may stay open for minutes: it waits outside the cross-tab lock.
    refreshInFlight = withRefreshLock(() => refreshOnce(sentToken, seenRefreshToken))
      .catch((error: unknown) => {
        if (error instanceof SessionEnded) return renewOrEnd(error.cause);
        throw error;
      })
      .finally(() => {
        refreshInFlight = undefined;
      });
  }
  return refreshInFlight;
}

/** Runs `task` holding the cross-tab refresh lock when the browser has Web Locks, else directly. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return task();
  return locks.request(refreshLockName, task) as Promise<T>;
}

async function refreshOnce(sentToken: string | undefined, seenRefreshToken: string | undefined) {
  // Re-read the cookies under the lock: another tab may have refreshed while this one waited for it.
  const refreshToken = readRefreshToken();
  const accessToken = readAccessToken();
  if (refreshToken && accessToken && (refreshToken !== seenRefreshToken || accessToken !== sentToken)) {
    return accessToken;
  }
  if (!refreshToken) throw new SessionEnded();

  let pair: Partial<TokenPair> | undefined;
  try {
    const response = await client.post<Envelope<TokenPair> | undefined>('/auth/refresh', { refreshToken });
    pair = response.data?.data ?? undefined;
  } catch (error) {
    const status = axios.isAxiosError(error) ? error.response?.status : undefined;
    // 401/403: the refresh token is expired, spent or revoked. Anything else may pass: keep the session.
    if (status === 401 || status === 403) throw new SessionEnded(error);
    throw toApiError(error);
  }
  if (!pair?.accessToken) throw new SessionEnded();
  storeTokens({ accessToken: pair.accessToken, refreshToken: pair.refreshToken ?? refreshToken });
  return pair.accessToken;
}

/** An error response body: JSON already parsed, or text / bytes (file downloads) still to parse. */
function parseBody(body: unknown): unknown {
  try {
    if (body instanceof ArrayBuffer) return JSON.parse(new TextDecoder().decode(body));
    return typeof body === 'string' ? JSON.parse(body) : body;
  } catch {
    return undefined;
  }
}

/**
 * Any failure as an ApiError: the server's error envelope as it is (message, status, code, field
 * details); no response or a body that is not an envelope as the default message. Cancelled calls
 * and ApiErrors pass through unchanged, as do errors that are not HTTP failures (bugs must show).
 * No answer at all turns the app offline until the server answers again (server-reach.ts).
 */
function toApiError(error: unknown): unknown {
  if (error instanceof ApiError || axios.isCancel(error) || !axios.isAxiosError(error)) return error;
  const response = error.response;
  if (!response) {
    noteUnreached();
    return new ApiError(clientMessages.default, { status: 0, cause: error });
  }
  const body = errorEnvelopeSchema.safeParse(parseBody(response.data));
  if (!body.success) return new ApiError(clientMessages.default, { status: response.status, cause: error });
  const { message, error: failure } = body.data;
  const retryAfter = Number(response.headers['retry-after']);
  return new ApiError(message, {
    status: response.status,
    ...failure,
    ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
    cause: error,
  });
}

function percentOf(event: AxiosProgressEvent): number {
  if (event.total) return Math.min(100, Math.round((event.loaded * 100) / event.total));
  return event.progress === undefined ? 0 : Math.round(event.progress * 100);
}

/** One call to the API; resolves to the envelope, rejects with an ApiError. */
export async function apiRequest<T>(config: ApiRequestConfig): Promise<Envelope<T>> {
  const { onUploadProgress } = config;
  try {
    const response = await client.request<unknown>({
      method: config.method,
      url: config.url,
      params: config.params,
      data: config.data,
      signal: config.signal,
      headers: config.headers,
      onUploadProgress: onUploadProgress && ((event) => onUploadProgress(percentOf(event))),
    });
    if (!isEnvelope(response.data)) {
      throw new ApiError(clientMessages.default, { status: response.status });
    }
    return response.data as Envelope<T>;
  } catch (error) {
    throw toApiError(error);
  }
}

/**
 * A file under /api (an image, a download) with the same session handling; `url` may start with /api.
 * With `post`, the file is the answer to a POST of that JSON body (a sheet written from rows sent).
 */
export async function apiBlob(url: string, signal?: AbortSignal, post?: { data: unknown }): Promise<Blob> {
  try {
    // Read as bytes, not `responseType: 'blob'`: the same in browsers, and error bodies decode alike.
    const response = await client.request<ArrayBuffer>({
      method: post ? 'POST' : 'GET',
      url: withoutApiPrefix(url),
      data: post?.data,
      responseType: 'arraybuffer',
      headers: { Accept: '*/*' },
      signal,
    });
    const type = response.headers['content-type'];
    return new Blob([response.data], { type: typeof type === 'string' ? type : '' });
  } catch (error) {
    throw toApiError(error);
  }
}

/**
 * Signs in and keeps the token pair. Any failure (wrong password, throttled, invalid input, no
 * connection) clears the tokens and says 'Invalid username or password' (SPEC 8); the status and
 * server code stay on the error for whoever needs to tell them apart.
 */
export async function signIn(username: string, password: string): Promise<void> {
  let failure: unknown;
  try {
    const response = await client.post<Envelope<TokenPair> | undefined>('/auth/login', {
      username,
      password,
    });
    const pair = response.data?.data;
    if (pair?.accessToken && pair.refreshToken) {
      storeTokens({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
      return;
    }
    failure = new ApiError(clientMessages.default, { status: response.status });
  } catch (error) {
    failure = toApiError(error);
  }
  clearTokens();
  const known = failure instanceof ApiError ? failure : undefined;
  throw new ApiError(clientMessages.invalidLogin, {
    status: known?.status ?? 0,
    code: known?.code,
    cause: failure,
  });
}

/** How long sign-out waits for the server before it is done anyway (a plant Wi-Fi may be gone). */
const signOutTimeoutMs = 5000;

/**
 * Signs out: the tokens are forgotten on this browser first, so a tablet handed over without a
 * network is signed out all the same, then the server is asked to end the session (its refresh and
 * access tokens stop working everywhere). Best effort: it never fails and waits a few seconds at most.
 */
export async function signOut(): Promise<void> {
  const refreshToken = readRefreshToken();
  clearTokens();
  forgetReturnTo();
  if (!refreshToken) return;
  try {
    await client.post('/auth/logout', { refreshToken }, { timeout: signOutTimeoutMs });
  } catch {
    // Offline or refused: this browser is signed out; the session ends on the server when it expires.
  }
}

/**
 * Ends every session of the user on the server (every device, this one included), then here.
 * Rejects with an ApiError and keeps this session when the server cannot do it, so the user can
 * try again rather than believe the other devices are signed out.
 */
export async function signOutEverywhere(): Promise<void> {
  await apiRequest({ method: 'POST', url: '/auth/logout-all', data: {} });
  clearTokens();
}

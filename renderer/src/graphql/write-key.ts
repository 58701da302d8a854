/**
 * The write key lives only in Web Storage (session by default, local when remembered) and travels
 * only as the X-Api-Key header: never in a URL, never logged.
 */
const STORAGE_KEY = "airwave.writeKey";
export const WRITE_KEY_HEADER = "X-Api-Key";

export function readWriteKey(): string | null {
  return window.sessionStorage.getItem(STORAGE_KEY) ?? window.localStorage.getItem(STORAGE_KEY);
}

export function saveWriteKey(key: string, remember: boolean): void {
  forgetWriteKey();
  (remember ? window.localStorage : window.sessionStorage).setItem(STORAGE_KEY, key);
}

export function forgetWriteKey(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
  window.localStorage.removeItem(STORAGE_KEY);
}

/** Headers for a write request: the key when the user gave one. */
export function writeHeaders(): Record<string, string> {
  const key = readWriteKey();
  return key ? { [WRITE_KEY_HEADER]: key } : {};
}

type Listener = (resolve: (gotKey: boolean) => void) => void;
let promptListener: Listener | null = null;
let pending: Promise<boolean> | null = null;

/** The shell registers the dialog that asks for the key. */
export function onWriteKeyRequested(listener: Listener): () => void {
  promptListener = listener;
  return () => {
    if (promptListener === listener) promptListener = null;
  };
}

/** Asks the user for the key once (concurrent callers share the same question); true when one was given. */
export function requestWriteKey(): Promise<boolean> {
  if (!promptListener) return Promise.resolve(false);
  const listener = promptListener;
  pending ??= new Promise<boolean>((resolve) => listener(resolve)).finally(() => {
    pending = null;
  });
  return pending;
}

import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from "react";

/** A tiny History API router: the server answers every client path with index.html. */

const NAVIGATED = "airwave:navigated";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

const currentPath = () => window.location.pathname;
const currentSearch = () => window.location.search;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === window.location.pathname + window.location.search) return;
  if (options.replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  window.dispatchEvent(new Event(NAVIGATED));
  window.scrollTo(0, 0);
}

export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, currentSearch);
  return new URLSearchParams(search);
}

export type RouteParams = Record<string, string>;

/** Matches `/channels/:id` against a path; null when it does not match. */
export function matchPath(pattern: string, path: string): RouteParams | null {
  const want = pattern.split("/").filter(Boolean);
  const have = path.split("/").filter(Boolean);
  if (want.length !== have.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(":")) params[want[i].slice(1)] = decodeURIComponent(have[i]);
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

/** An anchor that navigates in-app on a plain click and behaves natively otherwise (new tab, copy link). */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handle} {...rest} />;
}

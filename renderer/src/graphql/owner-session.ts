import { useCallback, useEffect, useState } from "react";
import { rest, RestError } from "./rest";

/** `GET /api/v1/auth`: whether an owner password protects the server and whether this browser is signed in. */
export interface OwnerAccess {
  passwordSet: boolean;
  writeKeySet: boolean;
  passwordFromEnvironment: boolean;
  signedIn: boolean;
}

/** The session itself is an HttpOnly cookie the server sets: scripts here never see it. */
export function signIn(password: string): Promise<OwnerAccess> {
  return rest<OwnerAccess>("POST", "/api/v1/auth/sign-in", { password });
}

export async function signOut(): Promise<void> {
  await rest<void>("POST", "/api/v1/auth/sign-out");
}

/** Sets, changes (`currentPassword` needed once one is set) or removes (null) the owner password. */
export function setOwnerPassword(password: string | null, currentPassword?: string): Promise<OwnerAccess> {
  return rest<OwnerAccess>("PUT", "/api/v1/auth/password", currentPassword === undefined ? { password } : { password, currentPassword });
}

/** A message for a refused sign-in or change: the server's, with the wait when it is rate limited. */
export function ownerAccessError(error: unknown): string {
  if (error instanceof RestError) return error.problem.errors?.[0]?.message ?? error.problem.detail;
  return error instanceof Error ? error.message : String(error);
}

const listeners = new Set<() => void>();

/** Something answered 401 (a session ended, a password was set elsewhere): every `useOwnerAccess` asks the server again. */
export function ownerAccessChanged(): void {
  for (const listener of listeners) listener();
}

/** The sign-in state, asked of the server when mounted and whenever `ownerAccessChanged` is called. */
export function useOwnerAccess(): { access: OwnerAccess | null; refresh: () => void } {
  const [access, setAccess] = useState<OwnerAccess | null>(null);
  const refresh = useCallback(() => {
    rest<OwnerAccess>("GET", "/api/v1/auth").then(setAccess, () => setAccess({ passwordSet: false, writeKeySet: false, passwordFromEnvironment: false, signedIn: false }));
  }, []);
  useEffect(() => {
    refresh();
    listeners.add(refresh);
    return () => {
      listeners.delete(refresh);
    };
  }, [refresh]);
  return { access, refresh };
}

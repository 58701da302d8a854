import { ownerAccessChanged } from "./owner-session";
import { writeHeaders, requestWriteKey } from "./write-key";

/** Problem details (RFC 7807) the REST API answers errors with. */
export interface Problem {
  status: number;
  detail: string;
  errors?: { field: string; message: string }[];
}

export class RestError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/** REST, only where GraphQL has no equivalent. Requests carry the write key (when given) and ask for it on a refused write. */
export async function rest<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  const send = () =>
    fetch(path, {
      method,
      headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...writeHeaders() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response = await send();
  const signIn = path.startsWith("/api/v1/auth");
  if (response.status === 401 && !signIn) ownerAccessChanged();
  if (response.status === 401 && method !== "GET" && !signIn && (await requestWriteKey())) response = await send();
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new RestError(parsed ?? { status: response.status, detail: response.statusText });
  return parsed as T;
}

import { useState } from "react";
import { SetWriteKeyDocument } from "../graphql/generated";
import { toServerErrors } from "../graphql/server-errors";
import { useServerMutation } from "../graphql/use-server-mutation";
import { saveWriteKey } from "../graphql/write-key";

function randomKey(): string {
  const bytes = new Uint8Array(24);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Sets a random write key on the server and keeps it in this browser; `create` resolves to the key
 * (to show once) or null when the server refused, with the reason in `error`.
 */
export function useCreateWriteKey() {
  const [state, setWriteKey] = useServerMutation(SetWriteKeyDocument);
  const [error, setError] = useState<string | null>(null);
  const create = async (): Promise<string | null> => {
    const key = randomKey();
    const result = await setWriteKey({ key });
    if (result.error) {
      setError(toServerErrors(result.error, []).general);
      return null;
    }
    setError(null);
    saveWriteKey(key, true);
    return key;
  };
  return { create, fetching: state.fetching, error };
}

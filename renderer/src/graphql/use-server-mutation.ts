import { useCallback, useState } from "react";
import { useMutation, type AnyVariables, type OperationContext, type OperationResult, type TypedDocumentNode } from "urql";
import { isUnauthorized } from "./server-errors";
import { requestWriteKey } from "./write-key";

/**
 * A mutation that, when the server wants the write key, asks for it once and retries; the result's
 * error is what the server said.
 */
export function useServerMutation<Data, Variables extends AnyVariables>(document: TypedDocumentNode<Data, Variables>) {
  const [state, execute] = useMutation<Data, Variables>(document);
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (variables: Variables, context?: Partial<OperationContext>): Promise<OperationResult<Data, Variables>> => {
      setRunning(true);
      try {
        let result = await execute(variables, context);
        if (isUnauthorized(result.error) && (await requestWriteKey())) result = await execute(variables, context);
        return result;
      } finally {
        setRunning(false);
      }
    },
    [execute],
  );
  return [{ ...state, fetching: state.fetching || running }, run] as const;
}

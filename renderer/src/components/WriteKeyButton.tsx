import { Button } from "@mantine/core";
import { useState } from "react";
import { forgetWriteKey, readWriteKey, requestWriteKey } from "../graphql/write-key";

/** Shows whether this browser holds a write key; enter or forget it. */
export function WriteKeyButton() {
  const [hasKey, setHasKey] = useState(() => readWriteKey() !== null);
  if (hasKey) {
    return (
      <Button variant="subtle" size="xs" onClick={() => { forgetWriteKey(); setHasKey(false); }} aria-label="Forget the write key in this browser">
        Forget write key
      </Button>
    );
  }
  return (
    <Button variant="subtle" size="xs" onClick={async () => setHasKey(await requestWriteKey())}>
      Enter write key
    </Button>
  );
}

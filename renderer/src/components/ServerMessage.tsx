import { Alert } from "@mantine/core";

/** A message from the server that is not tied to one field. */
export function ServerMessage({ message, title = "The server refused this" }: { message: string | null | undefined; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" title={title} role="alert" style={{ whiteSpace: "pre-line" }}>
      {message}
    </Alert>
  );
}

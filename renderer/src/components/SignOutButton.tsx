import { Button } from "@mantine/core";
import { ownerAccessChanged, signOut, useOwnerAccess } from "../graphql/owner-session";

/** Ends this browser's session (shown while signed in with the owner password). */
export function SignOutButton() {
  const { access } = useOwnerAccess();
  if (!access?.signedIn) return null;
  return (
    <Button variant="subtle" size="xs" onClick={async () => { await signOut(); ownerAccessChanged(); }}>
      Sign out
    </Button>
  );
}

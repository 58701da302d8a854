import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { CopyField } from "../../components/CopyField";
import { ServerMessage } from "../../components/ServerMessage";
import { rest, RestError } from "../../graphql/rest";

/** Mints a one-day token for media players (REST: GraphQL has no equivalent). */
export function IptvTokenCard({ enabled }: { enabled: boolean }) {
  const [token, setToken] = useState<{ token: string; expiresAt: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const mint = async () => {
    try {
      setToken(await rest<{ token: string; expiresAt: string }>("POST", "/api/v1/iptv/tokens"));
      setMessage(null);
    } catch (error) {
      setMessage(error instanceof RestError ? error.problem.detail : String(error));
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>IPTV access token</Text>
        <Button variant="default" onClick={mint} disabled={!enabled}>Mint a token</Button>
      </Group>
      {!enabled && <Text size="sm" c="dimmed">No token key is in effect, so media players need no token.</Text>}
      <ServerMessage message={message} />
      {token && (
        <>
          <CopyField label="Token" value={token.token} />
          <Text size="xs" c="dimmed">Valid until {new Date(token.expiresAt).toLocaleString()}.</Text>
        </>
      )}
    </Stack>
  );
}

import { Stack, Text, Title } from "@mantine/core";
import { Link } from "./router";

export function NotFoundPage() {
  return (
    <Stack>
      <Title order={1}>Page not found</Title>
      <Text>
        Nothing lives at this address. <Link to="/channels">Go to the channels</Link>.
      </Text>
    </Stack>
  );
}

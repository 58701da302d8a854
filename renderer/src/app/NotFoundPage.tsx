import { Stack, Text, Title } from "@mantine/core";
import { Link } from "./router";
import { useTranslation } from "react-i18next";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t("shell.pageNotFound")}</Title>
      <Text>{t("shell.nothingLivesAtThisAddress")}{" "}<Link to="/channels">{t("shell.goToTheChannels")}</Link>.
      </Text>
    </Stack>
  );
}

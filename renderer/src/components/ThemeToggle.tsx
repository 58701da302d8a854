import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Switches between the light and dark theme (the first visit follows the system). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light");
  const next = scheme === "dark" ? "light" : "dark";
  return (
    <ActionIcon variant="default" size="lg" onClick={() => setColorScheme(next)} aria-label={next === "dark" ? t("common.switchToDarkTheme") : t("common.switchToLightTheme")} title={next === "dark" ? t("common.switchToDarkTheme") : t("common.switchToLightTheme")}>
      <span aria-hidden="true">{scheme === "dark" ? "☀" : "☾"}</span>
    </ActionIcon>
  );
}

import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";

/** Switches between the light and dark theme (the first visit follows the system). */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light");
  const next = scheme === "dark" ? "light" : "dark";
  return (
    <ActionIcon variant="default" size="lg" onClick={() => setColorScheme(next)} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`}>
      <span aria-hidden="true">{scheme === "dark" ? "☀" : "☾"}</span>
    </ActionIcon>
  );
}

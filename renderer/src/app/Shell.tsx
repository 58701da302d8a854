import { AppShell, Burger, Group, NavLink, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { HealthBadge } from "../components/HealthBadge";
import { LoopbackWarning } from "../components/LoopbackWarning";
import { SignOutButton } from "../components/SignOutButton";
import { ThemeToggle } from "../components/ThemeToggle";
import { WriteKeyButton } from "../components/WriteKeyButton";
import { WriteKeyDialog } from "../components/WriteKeyDialog";
import { NAV_SECTIONS, ROUTES, SECTION_KEYS } from "./routes";
import { Link, navigate, usePath } from "./router";
import { RouteView } from "./RouteView";
import { useTranslation } from "react-i18next";

/** Below this width the navigation collapses behind the menu button (global.css hides the button above it). */
const NAV_BREAKPOINT = "1000px";

/** Header, navigation (built from the route table), the banners every page shares, and the page. */
export function Shell() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const path = usePath();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !opened } }} padding="md">
      <a className="skip-link" href="#main">{t("shell.skipToContent")}</a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger className="nav-menu-button" opened={opened} onClick={toggle} size="sm" aria-label={t("common.menu")} aria-expanded={opened} />
            <Link to="/" className="brand" aria-label={t("common.airwaveHome")}>
              <Title order={2} size="h3">Airwave</Title>
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <HealthBadge />
            <WriteKeyButton />
            <SignOutButton />
            <ThemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t("common.mainNavigation")}>
        <ScrollArea>
          <Stack gap="md" component="nav">
            {NAV_SECTIONS.map((section) => {
              const entries = ROUTES.filter((r) => r.nav?.section === section);
              if (entries.length === 0) return null;
              return (
                <div key={section}>
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>{t(SECTION_KEYS[section])}</Text>
                  {entries.map((route) => {
                    const active = path === route.path || path.startsWith(`${route.path}/`);
                    return (
                      <NavLink
                        key={route.path}
                        href={route.path}
                        label={t(route.nav!.label)}
                        active={active}
                        aria-current={active ? "page" : undefined}
                        onClick={(event) => {
                          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                          event.preventDefault();
                          navigate(route.path);
                          close();
                        }}
                      />
                    );
                  })}
                </div>
              );
            })}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Stack gap="md">
          <LoopbackWarning />
          <RouteView />
        </Stack>
      </AppShell.Main>
      <WriteKeyDialog />
    </AppShell>
  );
}

import { Center, Loader } from "@mantine/core";
import { Suspense, useEffect } from "react";
import { NotFoundPage } from "./NotFoundPage";
import { ROUTES } from "./routes";
import { matchPath, usePath } from "./router";
import { useTranslation } from "react-i18next";

/** Renders the first route whose pattern matches the current path. */
export function RouteView() {
  const { t } = useTranslation();
  const path = usePath();
  let match: { route: (typeof ROUTES)[number]; params: Record<string, string> } | null = null;
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) {
      match = { route, params };
      break;
    }
  }
  const title = t(match ? match.route.title : "routes.notFound");
  useEffect(() => {
    document.title = match?.route.path === "/" ? title : `${title} · Airwave`;
  }, [title, match?.route.path]);
  if (!match) return <NotFoundPage />;
  const Page = match.route.page;
  return (
    <Suspense fallback={<Center h={200}><Loader aria-label={t("common.loadingPage")} /></Center>}>
      <Page key={match.route.path} params={match.params} />
    </Suspense>
  );
}

import "@mantine/core/styles.css";
import "./app/global.css";
import { createTheme, MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Provider as GraphqlProvider } from "urql";
import { Shell } from "./app/Shell";
import { OwnerGate } from "./components/OwnerGate";
import { createGraphqlClient } from "./graphql/client";
import { setupI18n } from "./i18n/i18n";

const theme = createTheme({
  primaryColor: "indigo",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  focusRing: "auto",
});

const client = createGraphqlClient();

// The catalog of the visitor's language loads first, so the first paint is already in it.
await setupI18n();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <GraphqlProvider value={client}>
        <OwnerGate>
          <Shell />
        </OwnerGate>
      </GraphqlProvider>
    </MantineProvider>
  </StrictMode>,
);

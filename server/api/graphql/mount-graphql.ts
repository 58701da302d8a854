import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginInlineTraceDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import type { Express, Request } from "express";
import { requestBaseUrl } from "../../http/base-url";
import { isCrossSite } from "../../http/cross-site";
import { keyMatches, WRITE_KEY_HEADER } from "../../http/write-key";
import type { Services } from "../../services";
import { createGraphqlContext, type GraphqlContext, type WriteAccess } from "./context";
import { formatGraphqlError } from "./errors";
import { EXPLORER_PAGE } from "./explorer-page";
import { buildGraphqlSchema } from "./schema";
import { writeKeyPlugin } from "./write-key-plugin";

export interface GraphqlOptions {
  services: Services;
  writeKey?: string;
  trustProxy: boolean;
}

/** Mounts Apollo at /graphql; returns a function that stops it. */
export async function mountGraphql(app: Express, options: GraphqlOptions): Promise<() => Promise<void>> {
  const apollo = new ApolloServer<GraphqlContext>({
    schema: await buildGraphqlSchema(),
    formatError: formatGraphqlError,
    includeStacktraceInErrorResponses: false,
    // The server owns shutdown (drain, then close the database); Apollo must not kill the process itself.
    stopOnTerminationSignals: false,
    // Inline tracing is for federated subgraphs; left implicit, Apollo loads it and its protobuf code (~2 MB).
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginInlineTraceDisabled(), writeKeyPlugin],
  });
  await apollo.start();

  app.get("/graphql", (req, res, next) => {
    if (req.query.query === undefined && req.accepts(["application/json", "text/html"]) === "text/html") {
      res.type("html").send(EXPLORER_PAGE);
      return;
    }
    next();
  });
  app.use(
    "/graphql",
    expressMiddleware(apollo, {
      context: async ({ req }) => createGraphqlContext(options.services, requestBaseUrl(req, options.trustProxy), writeAccess(req, options)),
    }),
  );
  return () => apollo.stop();
}

/** Mutations need the key when one is set; without one, only pages of this server's own origin may send them. */
function writeAccess(req: Request, options: GraphqlOptions): WriteAccess {
  if (options.writeKey) return keyMatches(req.headers[WRITE_KEY_HEADER], options.writeKey) ? "allowed" : "needs-key";
  return isCrossSite(req, options.trustProxy) ? "cross-site" : "allowed";
}

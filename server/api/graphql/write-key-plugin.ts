import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError } from "graphql";
import { CROSS_SITE_DETAIL } from "../../http/cross-site";
import type { GraphqlContext } from "./context";
import { GraphqlErrorCode } from "./errors";

/** Mutations obey the same write key and cross-site rule as REST writes. */
export const writeKeyPlugin: ApolloServerPlugin<GraphqlContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, contextValue }) {
        if (operation?.operation !== "mutation" || contextValue.mayWrite) return;
        if (contextValue.writeAccess === "cross-site") {
          throw new GraphQLError(CROSS_SITE_DETAIL, { extensions: { code: GraphqlErrorCode.Forbidden, http: { status: 403 } } });
        }
        throw new GraphQLError("a valid X-Api-Key header is required for mutations", {
          extensions: { code: GraphqlErrorCode.Unauthorized, http: { status: 401 } },
        });
      },
    };
  },
};

import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError } from "graphql";
import type { GraphqlContext } from "./context";
import { GraphqlErrorCode } from "./errors";

/** Mutations obey the same write key as REST writes. */
export const writeKeyPlugin: ApolloServerPlugin<GraphqlContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, contextValue }) {
        if (operation?.operation === "mutation" && !contextValue.mayWrite) {
          throw new GraphQLError("a valid X-Api-Key header is required for mutations", {
            extensions: { code: GraphqlErrorCode.Unauthorized, http: { status: 401 } },
          });
        }
      },
    };
  },
};

import "reflect-metadata";
import type { GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { registerEnums } from "./enums";
import { ChannelResolver } from "./resolvers/channel-resolver";
import { FFmpegProfileResolver } from "./resolvers/ffmpeg-profile-resolver";

export const RESOLVERS = [ChannelResolver, FFmpegProfileResolver] as const;

/** The GraphQL schema, built from the entity classes and resolvers. */
export async function buildGraphqlSchema(): Promise<GraphQLSchema> {
  registerEnums();
  return buildSchema({ resolvers: [...RESOLVERS], validate: false });
}

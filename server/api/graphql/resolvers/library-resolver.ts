import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Library } from "../../../db/entities/library";
import { LibraryPath } from "../../../db/entities/library-path";
import type { ScanStatus } from "../../../services/library-scanning";
import type { GraphqlContext } from "../context";
import { LibraryCreateInput, LibraryUpdateInput } from "../inputs/library-inputs";
import { MediaSourceBadgeType } from "../types/media-source-badge-type";
import { ScanQueuedType, ScanStatusType } from "../types/scan-status-type";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toScanStatusType(status: ScanStatus): ScanStatusType {
  return { state: status.state, percent: status.percent, currentFolder: status.currentFolder, startedAt: new Date(status.startedAt).toISOString() };
}

@Resolver(() => Library)
export class LibraryResolver {
  @Query(() => [Library])
  async libraries(@Ctx() ctx: GraphqlContext): Promise<Library[]> {
    return (await ctx.services.libraries.list()).map((v) => v.library);
  }

  @Query(() => Library)
  async library(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<Library> {
    return (await ctx.services.libraries.get(id)).library;
  }

  @Mutation(() => Library)
  async createLibrary(@Arg("input", () => LibraryCreateInput) input: LibraryCreateInput, @Ctx() ctx: GraphqlContext): Promise<Library> {
    return (await ctx.services.libraries.create(input)).library;
  }

  @Mutation(() => Library)
  async updateLibrary(@Arg("id", () => Int) id: number, @Arg("input", () => LibraryUpdateInput) input: LibraryUpdateInput, @Ctx() ctx: GraphqlContext): Promise<Library> {
    return (await ctx.services.libraries.update(id, input)).library;
  }

  @Mutation(() => ID)
  async deleteLibrary(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.libraries.delete(id);
    return id;
  }

  @Mutation(() => ScanQueuedType, { description: "Starts a scan, or joins the one already running." })
  async scanLibrary(
    @Arg("id", () => Int) id: number,
    @Arg("force", () => Boolean, { defaultValue: false }) force: boolean,
    @Ctx() ctx: GraphqlContext,
  ): Promise<ScanQueuedType> {
    const { status, coalesced } = await ctx.services.libraries.scan(id, force);
    return { started: !coalesced, scan: toScanStatusType(status) };
  }

  @FieldResolver(() => [LibraryPath])
  paths(@Root() library: Library): LibraryPath[] {
    return library.paths ?? [];
  }

  @FieldResolver(() => String, { nullable: true, description: "When the library was last scanned successfully (ISO 8601)." })
  lastScan(@Root() library: Library): string | null {
    return iso(library.lastScan);
  }

  @FieldResolver(() => ScanStatusType, { nullable: true, description: "Present while a scan runs." })
  async scan(@Root() library: Library, @Ctx() ctx: GraphqlContext): Promise<ScanStatusType | null> {
    const view = await ctx.services.libraries.get(library.id).catch(() => undefined);
    return view?.scan ? toScanStatusType(view.scan) : null;
  }

  @FieldResolver(() => MediaSourceBadgeType, { nullable: true, description: "The media server the library is synced from; null for a library of local folders." })
  async source(@Root() library: Library, @Ctx() ctx: GraphqlContext): Promise<MediaSourceBadgeType | null> {
    const firstPath = library.paths?.[0];
    return firstPath ? ctx.loaders.pathSource.load(firstPath.id) : null;
  }
}

import { Field, Int, InterfaceType } from "type-graphql";
import { Column } from "typeorm";
import { CollectionType } from "../../domain/enums";

/**
 * What an entry plays: a collection type and the one id that names the content (the others null).
 * Embedded without a prefix, so its columns keep their names in every table that holds one. Playlist
 * entries hold this much (their `playlistId` is the playlist they belong to).
 */
export class ContentRef {
  @Column({ type: "varchar", length: 30 })
  collectionType: CollectionType;

  @Column({ type: "integer", nullable: true })
  collectionId: number | null;

  /** Show, season, artist or a playable item. */
  @Column({ type: "integer", nullable: true })
  mediaItemId: number | null;

  @Column({ type: "integer", nullable: true })
  multiCollectionId: number | null;

  @Column({ type: "integer", nullable: true })
  smartCollectionId: number | null;
}

/** A content reference that may also name a playlist or a search: what schedule items, block items and filler presets play. */
export class ContentTarget extends ContentRef {
  @Column({ type: "integer", nullable: true })
  playlistId: number | null;

  @Column({ type: "text", nullable: true })
  searchQuery: string | null;
}

/**
 * An entity whose embedded `target` (a `ContentRef`) is flat on its GraphQL type: the one `ContentRef`
 * interface. The entity declares the embedded column itself.
 */
@InterfaceType("ContentRef", { description: "What an entry plays: collectionType and the one id it needs (the others null)." })
export abstract class TargetedRef {
  declare target: ContentRef;

  @Field(() => CollectionType)
  get collectionType(): CollectionType {
    return this.target.collectionType;
  }

  @Field(() => Int, { nullable: true })
  get collectionId(): number | null {
    return this.target.collectionId;
  }

  @Field(() => Int, { nullable: true, description: "Show, season, artist or a playable item." })
  get mediaItemId(): number | null {
    return this.target.mediaItemId;
  }

  @Field(() => Int, { nullable: true })
  get multiCollectionId(): number | null {
    return this.target.multiCollectionId;
  }

  @Field(() => Int, { nullable: true })
  get smartCollectionId(): number | null {
    return this.target.smartCollectionId;
  }
}

/** The same for a `ContentTarget`: the `ContentTarget` interface adds `playlistId` and `searchQuery`. */
@InterfaceType("ContentTarget", { description: "What an item plays: collectionType and the one field it needs (the others null).", implements: TargetedRef })
export abstract class Targeted extends TargetedRef {
  declare target: ContentTarget;

  @Field(() => Int, { nullable: true })
  get playlistId(): number | null {
    return this.target.playlistId;
  }

  @Field(() => String, { nullable: true })
  get searchQuery(): string | null {
    return this.target.searchQuery;
  }
}

/** A targeted entity's stored fields: the flat getters left out (the target is `target`; a playlist entry's own `playlistId` goes too). */
export type WithoutTargetGetters<T extends TargetedRef> = Omit<T, keyof ContentTarget>;

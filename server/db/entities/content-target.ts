import { Field, Int, InterfaceType } from "type-graphql";
import { Column } from "typeorm";
import { CollectionType } from "../../domain/enums";

/**
 * What an item plays: a collection type and the one field that names the content (the others null).
 * Embedded without a prefix, so its columns keep their names in every table that holds a target.
 */
export class ContentTarget {
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

  @Column({ type: "integer", nullable: true })
  playlistId: number | null;

  @Column({ type: "text", nullable: true })
  searchQuery: string | null;
}

/**
 * An entity that plays a target: the embedded columns, and the target's fields flat on its GraphQL type
 * (the one `ContentTarget` interface every such type implements).
 */
@InterfaceType("ContentTarget", { description: "What an item plays: collectionType and the one field it needs (the others null)." })
export abstract class Targeted {
  @Column(() => ContentTarget, { prefix: false })
  target: ContentTarget;

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

  @Field(() => Int, { nullable: true })
  get playlistId(): number | null {
    return this.target.playlistId;
  }

  @Field(() => String, { nullable: true })
  get searchQuery(): string | null {
    return this.target.searchQuery;
  }
}

/** A targeted entity's stored fields: the flat target getters left out (the target is `target`). */
export type WithoutTargetGetters<T extends Targeted> = Omit<T, keyof ContentTarget>;

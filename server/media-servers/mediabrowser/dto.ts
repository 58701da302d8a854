/**
 * The Jellyfin/Emby wire shapes, from `@jellyfin/sdk`'s generated models (types only). Emby speaks the
 * same "MediaBrowser" item model for everything Airwave reads.
 *
 * Each model is imported from its own file: the SDK's declaration files re-export each other without
 * file extensions, which this project's `node16` resolution cannot follow, so a nested model seen
 * through another one is untyped. Code that builds nested values annotates them with these types.
 */
import type { BaseItemDto } from "@jellyfin/sdk/lib/generated-client/models/base-item-dto.js" with { "resolution-mode": "import" };
import type { BaseItemDtoQueryResult } from "@jellyfin/sdk/lib/generated-client/models/base-item-dto-query-result.js" with { "resolution-mode": "import" };
import type { BaseItemKind } from "@jellyfin/sdk/lib/generated-client/models/base-item-kind.js" with { "resolution-mode": "import" };
import type { ChapterInfo } from "@jellyfin/sdk/lib/generated-client/models/chapter-info.js" with { "resolution-mode": "import" };
import type { CollectionType } from "@jellyfin/sdk/lib/generated-client/models/collection-type.js" with { "resolution-mode": "import" };
import type { ItemFields } from "@jellyfin/sdk/lib/generated-client/models/item-fields.js" with { "resolution-mode": "import" };
import type { MediaSourceInfo } from "@jellyfin/sdk/lib/generated-client/models/media-source-info.js" with { "resolution-mode": "import" };
import type { MediaStream as MediaStreamDto } from "@jellyfin/sdk/lib/generated-client/models/media-stream.js" with { "resolution-mode": "import" };
import type { MediaStreamType } from "@jellyfin/sdk/lib/generated-client/models/media-stream-type.js" with { "resolution-mode": "import" };
import type { NameGuidPair } from "@jellyfin/sdk/lib/generated-client/models/name-guid-pair.js" with { "resolution-mode": "import" };
import type { PublicSystemInfo } from "@jellyfin/sdk/lib/generated-client/models/public-system-info.js" with { "resolution-mode": "import" };
import type { SystemInfo } from "@jellyfin/sdk/lib/generated-client/models/system-info.js" with { "resolution-mode": "import" };
import type { UserDto } from "@jellyfin/sdk/lib/generated-client/models/user-dto.js" with { "resolution-mode": "import" };

export type { BaseItemDto, BaseItemDtoQueryResult, BaseItemKind, ChapterInfo, CollectionType, ItemFields, MediaSourceInfo, MediaStreamDto, MediaStreamType, NameGuidPair, PublicSystemInfo, SystemInfo, UserDto };

/** Emby sends an item's tags as `TagItems` (name/id pairs; Emby's own API description), not Jellyfin's `Tags`. */
export interface EmbyItemExtras {
  TagItems?: Array<{ Name?: string | null; Id?: string | number | null }> | null;
}

/** A page of items as both servers send it (`Items` typed: the SDK's own result type leaves them untyped here). */
export interface ItemsPage {
  Items: BaseItemDto[];
  TotalRecordCount: number;
  StartIndex?: number;
}

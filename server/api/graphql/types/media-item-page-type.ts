import { MediaItem } from "../../../db/entities/media-item";
import { PageType } from "./page-type";

export const MediaItemPageType = PageType("MediaItemPage", MediaItem);
export type MediaItemPageType = InstanceType<typeof MediaItemPageType>;

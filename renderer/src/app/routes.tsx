import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type en from "../i18n/locales/en.json";
import type { RouteParams } from "./router";

export interface PageProps {
  params: RouteParams;
}

export type NavSection = "Watch" | "Media" | "Scheduling" | "System";

/** Catalog keys (renderer/src/i18n/locales/): the texts themselves are translated where they show. */
export type RouteTitleKey = `routes.${keyof typeof en.routes}`;
export type NavLabelKey = `nav.${keyof typeof en.nav}`;
export const SECTION_KEYS = { Watch: "navSection.watch", Media: "navSection.media", Scheduling: "navSection.scheduling", System: "navSection.system" } as const;

export interface AppRoute {
  /** `/channels/:id` style pattern; the first match wins. */
  path: string;
  /** The document title while the page shows (a catalog key). */
  title: RouteTitleKey;
  /** Present when the page has an entry in the navigation. */
  nav?: { label: NavLabelKey; section: NavSection };
  /** Lazy, so each page is its own chunk and the first load stays small. */
  page: LazyExoticComponent<ComponentType<PageProps>>;
}

/**
 * Every page of the UI. Adding a page: put it under `pages/<page>/` with a default export taking
 * `PageProps`, and add one entry here (with `nav` to list it in the navigation).
 */
export const ROUTES: readonly AppRoute[] = [
  { path: "/", title: "routes.home", page: lazy(() => import("../pages/home/HomePage")) },
  { path: "/welcome", title: "routes.welcome", page: lazy(() => import("../pages/first-run/FirstRunPage")) },
  { path: "/channels", title: "routes.channels", nav: { label: "nav.channels", section: "Watch" }, page: lazy(() => import("../pages/channels/ChannelsPage")) },
  { path: "/channels/generate", title: "routes.makeChannels", page: lazy(() => import("../pages/channels/GenerateChannelsPage")) },
  { path: "/channels/new", title: "routes.newChannel", page: lazy(() => import("../pages/channels/ChannelEditPage")) },
  { path: "/channels/:id/edit", title: "routes.editChannel", page: lazy(() => import("../pages/channels/ChannelEditPage")) },
  { path: "/channels/:id/playout", title: "routes.channelPlayout", page: lazy(() => import("../pages/channels/ChannelPlayoutPage")) },
  { path: "/watch/:number", title: "routes.livePreview", page: lazy(() => import("../pages/preview/PreviewPage")) },
  { path: "/libraries", title: "routes.libraries", nav: { label: "nav.libraries", section: "Media" }, page: lazy(() => import("../pages/libraries/LibrariesPage")) },
  { path: "/libraries/:id", title: "routes.library", page: lazy(() => import("../pages/libraries/LibraryBrowsePage")) },
  { path: "/media/:id", title: "routes.media", page: lazy(() => import("../pages/libraries/MediaItemPage")) },
  { path: "/libraries/:id/add-stream", title: "routes.addRemoteStream", page: lazy(() => import("../pages/remote-streams/AddRemoteStreamPage")) },
  { path: "/media/:id/edit-stream", title: "routes.editRemoteStream", page: lazy(() => import("../pages/remote-streams/EditRemoteStreamPage")) },
  { path: "/guide", title: "routes.guide", nav: { label: "nav.guide", section: "Watch" }, page: lazy(() => import("../pages/guide/GuidePage")) },
  { path: "/media-sources", title: "routes.mediaSources", nav: { label: "nav.mediaSources", section: "Media" }, page: lazy(() => import("../pages/media-sources/MediaSourcesPage")) },
  { path: "/collections", title: "routes.collections", nav: { label: "nav.collections", section: "Media" }, page: lazy(() => import("../pages/collections/CollectionsPage")) },
  { path: "/collections/:id", title: "routes.collection", page: lazy(() => import("../pages/collections/CollectionPage")) },
  { path: "/schedules", title: "routes.schedules", nav: { label: "nav.schedules", section: "Scheduling" }, page: lazy(() => import("../pages/schedules/SchedulesPage")) },
  { path: "/schedules/:id", title: "routes.schedule", page: lazy(() => import("../pages/schedules/ScheduleEditPage")) },
  { path: "/filler", title: "routes.fillerPresets", nav: { label: "nav.fillerPresets", section: "Scheduling" }, page: lazy(() => import("../pages/filler/FillerPresetsPage")) },
  { path: "/blocks", title: "routes.blocks", nav: { label: "nav.blocks", section: "Scheduling" }, page: lazy(() => import("../pages/blocks/BlocksPage")) },
  { path: "/playouts", title: "routes.playouts", nav: { label: "nav.playouts", section: "Scheduling" }, page: lazy(() => import("../pages/playouts/PlayoutsPage")) },
  { path: "/settings", title: "routes.settings", nav: { label: "nav.settings", section: "System" }, page: lazy(() => import("../pages/settings/SettingsPage")) },
  { path: "/ffmpeg-profiles", title: "routes.ffmpegProfiles", nav: { label: "nav.ffmpegProfiles", section: "System" }, page: lazy(() => import("../pages/ffmpeg-profiles/FFmpegProfilesPage")) },
  { path: "/watermarks", title: "routes.watermarks", nav: { label: "nav.watermarks", section: "System" }, page: lazy(() => import("../pages/watermarks/WatermarksPage")) },
  { path: "/graphics", title: "routes.graphics", nav: { label: "nav.graphics", section: "System" }, page: lazy(() => import("../pages/graphics/GraphicsPage")) },
  { path: "/sessions", title: "routes.liveSessions", nav: { label: "nav.liveSessions", section: "System" }, page: lazy(() => import("../pages/sessions/SessionsPage")) },
  { path: "/logs", title: "routes.logs", nav: { label: "nav.logs", section: "System" }, page: lazy(() => import("../pages/logs/LogsPage")) },
  { path: "/troubleshoot", title: "routes.streamTroubleshooter", nav: { label: "nav.troubleshootAStream", section: "System" }, page: lazy(() => import("../pages/troubleshoot/TroubleshootPage")) },
  { path: "/health-checks", title: "routes.health", nav: { label: "nav.health", section: "System" }, page: lazy(() => import("../pages/health/HealthPage")) },
];

export const NAV_SECTIONS: readonly NavSection[] = ["Watch", "Media", "Scheduling", "System"];

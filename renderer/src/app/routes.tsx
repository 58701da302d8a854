import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteParams } from "./router";

export interface PageProps {
  params: RouteParams;
}

export type NavSection = "Watch" | "Media" | "Scheduling" | "System";

export interface AppRoute {
  /** `/channels/:id` style pattern; the first match wins. */
  path: string;
  /** The document title while the page shows. */
  title: string;
  /** Present when the page has an entry in the navigation. */
  nav?: { label: string; section: NavSection };
  /** Lazy, so each page is its own chunk and the first load stays small. */
  page: LazyExoticComponent<ComponentType<PageProps>>;
}

/**
 * Every page of the UI. Adding a page: put it under `pages/<page>/` with a default export taking
 * `PageProps`, and add one entry here (with `nav` to list it in the navigation).
 */
export const ROUTES: readonly AppRoute[] = [
  { path: "/", title: "Airwave", page: lazy(() => import("../pages/home/HomePage")) },
  { path: "/welcome", title: "Welcome", page: lazy(() => import("../pages/first-run/FirstRunPage")) },
  { path: "/channels", title: "Channels", nav: { label: "Channels", section: "Watch" }, page: lazy(() => import("../pages/channels/ChannelsPage")) },
  { path: "/channels/generate", title: "Make channels", page: lazy(() => import("../pages/channels/GenerateChannelsPage")) },
  { path: "/channels/new", title: "New channel", page: lazy(() => import("../pages/channels/ChannelEditPage")) },
  { path: "/channels/:id/edit", title: "Edit channel", page: lazy(() => import("../pages/channels/ChannelEditPage")) },
  { path: "/channels/:id/playout", title: "Channel playout", page: lazy(() => import("../pages/channels/ChannelPlayoutPage")) },
  { path: "/watch/:number", title: "Live preview", page: lazy(() => import("../pages/preview/PreviewPage")) },
  { path: "/libraries", title: "Libraries", nav: { label: "Libraries", section: "Media" }, page: lazy(() => import("../pages/libraries/LibrariesPage")) },
  { path: "/libraries/:id", title: "Library", page: lazy(() => import("../pages/libraries/LibraryBrowsePage")) },
  { path: "/media/:id", title: "Media", page: lazy(() => import("../pages/libraries/MediaItemPage")) },
  { path: "/guide", title: "Guide", nav: { label: "Guide", section: "Watch" }, page: lazy(() => import("../pages/guide/GuidePage")) },
  { path: "/media-sources", title: "Media sources", nav: { label: "Media sources", section: "Media" }, page: lazy(() => import("../pages/media-sources/MediaSourcesPage")) },
  { path: "/collections", title: "Collections", nav: { label: "Collections", section: "Media" }, page: lazy(() => import("../pages/collections/CollectionsPage")) },
  { path: "/collections/:id", title: "Collection", page: lazy(() => import("../pages/collections/CollectionPage")) },
  { path: "/schedules", title: "Schedules", nav: { label: "Schedules", section: "Scheduling" }, page: lazy(() => import("../pages/schedules/SchedulesPage")) },
  { path: "/schedules/:id", title: "Schedule", page: lazy(() => import("../pages/schedules/ScheduleEditPage")) },
  { path: "/filler", title: "Filler presets", nav: { label: "Filler presets", section: "Scheduling" }, page: lazy(() => import("../pages/filler/FillerPresetsPage")) },
  { path: "/blocks", title: "Blocks", nav: { label: "Blocks", section: "Scheduling" }, page: lazy(() => import("../pages/blocks/BlocksPage")) },
  { path: "/playouts", title: "Playouts", nav: { label: "Playouts", section: "Scheduling" }, page: lazy(() => import("../pages/playouts/PlayoutsPage")) },
  { path: "/settings", title: "Settings", nav: { label: "Settings", section: "System" }, page: lazy(() => import("../pages/settings/SettingsPage")) },
  { path: "/ffmpeg-profiles", title: "FFmpeg profiles", nav: { label: "FFmpeg profiles", section: "System" }, page: lazy(() => import("../pages/ffmpeg-profiles/FFmpegProfilesPage")) },
  { path: "/watermarks", title: "Watermarks", nav: { label: "Watermarks", section: "System" }, page: lazy(() => import("../pages/watermarks/WatermarksPage")) },
  { path: "/sessions", title: "Live sessions", nav: { label: "Live sessions", section: "System" }, page: lazy(() => import("../pages/sessions/SessionsPage")) },
  { path: "/logs", title: "Logs", nav: { label: "Logs", section: "System" }, page: lazy(() => import("../pages/logs/LogsPage")) },
  { path: "/troubleshoot", title: "Stream troubleshooter", nav: { label: "Troubleshoot a stream", section: "System" }, page: lazy(() => import("../pages/troubleshoot/TroubleshootPage")) },
  { path: "/health-checks", title: "Health", nav: { label: "Health", section: "System" }, page: lazy(() => import("../pages/health/HealthPage")) },
];

export const NAV_SECTIONS: readonly NavSection[] = ["Watch", "Media", "Scheduling", "System"];

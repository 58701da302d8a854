/** The playout views both transports return: REST sends these shapes, GraphQL's object types have the same fields. */
import type { DayOfWeek, PlayoutKind } from "../../domain/enums";
import type { Playout, PlayoutItemRow } from "../../db/entities/playout";
import type { BuildSummary, NowPlayingView } from "../../services/playout-service";
import type { SequentialItem } from "../../playout/sequential";

export interface BuildStatusDto {
  /** When the last build ran (ISO 8601). */
  lastBuild?: string;
  success?: boolean;
  message?: string;
}

export interface PlayoutDto {
  /** @isInt */
  id: number;
  /** @isInt */
  channelId: number;
  kind: PlayoutKind;
  /** Classic: the schedule it cycles through. @isInt */
  scheduleId?: number;
  /** Block: which block templates play on which dates. */
  templates?: PlayoutTemplateAssignmentDto[];
  scheduleFile?: string;
  definition?: string;
  buildStatus: BuildStatusDto;
}

export interface BuildSummaryDto {
  /** @isInt */
  playoutId: number;
  mode: string;
  success: boolean;
  message: string;
  /** @isInt */
  itemCount: number;
  builtAt: string;
  coversUntil?: string;
}

export interface PlayoutCreatedDto extends PlayoutDto {
  build: BuildSummaryDto;
}

/** One item of a timeline: stored (PlayoutItemDto) or only previewed. */
export interface PreviewItemDto {
  start: string;
  finish: string;
  /** Absent for an offline gap. @isInt */
  mediaItemId?: number;
  /** @isLong */
  inPointMs: number;
  /** @isLong */
  outPointMs: number;
  fillerKind: string;
  /** @isInt */
  guideGroup: number;
  customTitle?: string;
  contentKey?: string;
}

export interface PlayoutItemDto extends PreviewItemDto {
  /** @isInt */
  id: number;
  title?: string;
  mediaKind?: string;
}

export interface PlayoutItemPageDto {
  /** @isInt */
  pageNumber: number;
  /** @isInt */
  pageSize: number;
  /** @isInt */
  totalCount: number;
  items: PlayoutItemDto[];
}

export interface NowPlayingDto {
  /** @isInt */
  channelId: number;
  at: string;
  /** Absent in a gap (offline). */
  current?: PlayoutItemDto;
  /** ms into the current item's media. */
  offsetMs?: number;
  /** ms until the current item (or the gap) ends. */
  remainingMs?: number;
  next: PlayoutItemDto[];
}


export interface PreviewDto {
  items: PreviewItemDto[];
  warnings: string[];
}

/** A template assignment of a Block playout. */
export interface PlayoutTemplateAssignmentDto {
  /** @isInt */
  templateId: number;
  /** @isInt */
  priority: number;
  daysOfWeek?: DayOfWeek[];
  daysOfMonth?: number[];
  monthsOfYear?: number[];
  startDate?: string;
  endDate?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toPlayoutDto(p: Playout): PlayoutDto {
  return {
    id: p.id,
    channelId: p.channelId,
    kind: p.kind,
    scheduleId: p.scheduleId ?? undefined,
    templates: p.templates?.map((t) => ({
      templateId: t.templateId,
      priority: t.priority,
      daysOfWeek: t.daysOfWeek ?? undefined,
      daysOfMonth: t.daysOfMonth ?? undefined,
      monthsOfYear: t.monthsOfYear ?? undefined,
      startDate: t.startDate ?? undefined,
      endDate: t.endDate ?? undefined,
    })),
    scheduleFile: p.scheduleFile ?? undefined,
    definition: p.definition ?? undefined,
    buildStatus: {
      lastBuild: p.lastBuildAt === null ? undefined : iso(p.lastBuildAt),
      success: p.lastBuildSuccess ?? undefined,
      message: p.lastBuildMessage ?? undefined,
    },
  };
}

export function toBuildSummaryDto(b: BuildSummary): BuildSummaryDto {
  return { playoutId: b.playoutId, mode: b.mode, success: b.success, message: b.message, itemCount: b.itemCount, builtAt: iso(b.builtAt), coversUntil: b.coversUntil === null ? undefined : iso(b.coversUntil) };
}

export function toPlayoutItemDto(r: PlayoutItemRow): PlayoutItemDto {
  return {
    id: r.id,
    start: iso(r.start),
    finish: iso(r.finish),
    mediaItemId: r.mediaItemId ?? undefined,
    title: r.title ?? undefined,
    mediaKind: r.mediaKind ?? undefined,
    inPointMs: r.inPointMs,
    outPointMs: r.outPointMs,
    fillerKind: r.fillerKind,
    guideGroup: r.guideGroup,
    customTitle: r.customTitle ?? undefined,
    contentKey: r.source ?? undefined,
  };
}

export function toNowPlayingDto(n: NowPlayingView): NowPlayingDto {
  return {
    channelId: n.channelId,
    at: iso(n.at),
    current: n.current ? toPlayoutItemDto(n.current) : undefined,
    offsetMs: n.offsetMs ?? undefined,
    remainingMs: n.remainingMs ?? undefined,
    next: n.next.map(toPlayoutItemDto),
  };
}

export function toPreviewItemDto(i: SequentialItem): PreviewItemDto {
  return {
    start: iso(i.start),
    finish: iso(i.finish),
    mediaItemId: i.mediaItemId ?? undefined,
    inPointMs: i.inPointMs,
    outPointMs: i.outPointMs,
    fillerKind: i.fillerKind,
    guideGroup: i.guideGroup,
    customTitle: i.customTitle,
    contentKey: i.contentKey ?? undefined,
  };
}

import { Box, Button, Group, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { GuideGridDocument } from "../../graphql/generated";
import { boxOf, clock, PX_PER_MINUTE, SLOT_MINUTES, slotsOf, WINDOW_HOURS, windowStart, xOf } from "./guide-layout";
import { episodeLabel, ProgrammeDetails, type GuideProgramme, type GuideRow } from "./ProgrammeDetails";
import classes from "./guide.module.css";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format";

const HOUR_MS = 3600_000;
const CHANNEL_COLUMN = 180;

function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Arrow keys move between programmes: left/right along a channel, up/down to the programme at the same time. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const current = event.target as HTMLElement;
  if (!current.dataset.programme) return;
  const row = current.closest<HTMLElement>("[data-guide-row]");
  if (!row) return;
  let next: HTMLElement | null | undefined;
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    const buttons = [...row.querySelectorAll<HTMLElement>("[data-programme]")];
    next = buttons[buttons.indexOf(current) + (event.key === "ArrowRight" ? 1 : -1)];
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    const rows = [...(row.parentElement?.querySelectorAll<HTMLElement>("[data-guide-row]") ?? [])];
    const target = rows[rows.indexOf(row) + (event.key === "ArrowDown" ? 1 : -1)];
    const x = current.offsetLeft + 1;
    const candidates = [...(target?.querySelectorAll<HTMLElement>("[data-programme]") ?? [])];
    next = candidates.find((b) => b.offsetLeft <= x && b.offsetLeft + b.offsetWidth > x) ?? candidates[0];
  } else return;
  if (next) {
    event.preventDefault();
    next.focus();
    next.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}

/** `/guide`: channels × time, 30-minute columns, a now line, programme details on click. */
export default function GuidePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const now = useNow();
  const [from, setFrom] = useState(() => windowStart(Date.now()));
  const to = from + WINDOW_HOURS * HOUR_MS;
  const variables = useMemo(() => ({ from: new Date(from).toISOString(), to: new Date(to).toISOString() }), [from, to]);
  const [{ data, error, fetching }] = useQuery({ query: GuideGridDocument, variables, requestPolicy: "cache-and-network" });
  const [selected, setSelected] = useState<{ row: GuideRow; programme: GuideProgramme } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const slots = slotsOf(from);
  const width = WINDOW_HOURS * 60 * PX_PER_MINUTE;
  const nowX = now >= from && now < to ? xOf(now, from) : null;

  useEffect(() => {
    if (scroller.current && nowX !== null) scroller.current.scrollLeft = Math.max(0, nowX - 120);
    // Only when the window moves, not on every tick of the clock.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.guide")}</Title>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setFrom(from - 3 * HOUR_MS)}>{t("common.earlier")}</Button>
          <Button variant="default" size="xs" onClick={() => setFrom(windowStart(Date.now()))}>{t("common.now")}</Button>
          <Button variant="default" size="xs" onClick={() => setFrom(from + 3 * HOUR_MS)}>{t("common.later")}</Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">{t("guide.useTabAnd", { day: format.dayAndDate(from), start: clock(from), stop: clock(to) })}</Text>
      <ServerMessage title={t("guide.cannotLoadTheGuide")} message={error?.message} />
      {data && data.guide.length === 0 && <Text>{t("guide.noChannelHasAGuideYet")}</Text>}
      {data && data.guide.length > 0 && (
        <Box ref={scroller} className={classes.scroller} aria-busy={fetching}>
          <div className={classes.grid} style={{ width: CHANNEL_COLUMN + width }} onKeyDown={moveFocus} role="region" aria-label={t("common.programmeGuide")}>
            <div className={classes.header} aria-hidden="true">
              <div className={classes.corner} style={{ width: CHANNEL_COLUMN }} />
              {slots.map((slot) => (
                <div key={slot} className={classes.slot} style={{ width: SLOT_MINUTES * PX_PER_MINUTE }}>{clock(slot)}</div>
              ))}
            </div>
            <div className={classes.rows}>
              {data.guide.map((row) => (
                <div key={row.channelId} className={classes.row} data-guide-row role="group" aria-label={t("guide.channel", { number: row.number, name: row.name })}>
                  <div className={classes.channel} style={{ width: CHANNEL_COLUMN }}>
                    <Text fw={700} size="sm">{row.number}</Text>
                    <Text size="sm" truncate>{row.name}</Text>
                  </div>
                  <div className={classes.track} style={{ width }}>
                    {row.programmes.map((p) => {
                      const start = Date.parse(p.start);
                      const stop = Date.parse(p.stop);
                      const box = boxOf(start, stop, from, to);
                      if (box.width <= 0) return null;
                      const onAir = now >= start && now < stop;
                      const episode = episodeLabel(p);
                      return (
                        <UnstyledButton
                          key={p.start}
                          data-programme
                          className={classes.programme}
                          data-on-air={onAir || undefined}
                          style={{ left: box.left, width: box.width }}
                          onClick={() => setSelected({ row, programme: p })}
                          aria-label={t(onAir ? "guide.programmeOnNow" : "guide.programme", { title: p.subtitle ? `${p.title}, ${p.subtitle}` : p.title, start: clock(start), stop: clock(stop) })}
                        >
                          <Text size="sm" fw={600} truncate>{p.title}</Text>
                          <Text size="xs" c="dimmed" truncate>{clock(start)}{episode ? ` · ${episode}` : ""}{p.subtitle ? ` · ${p.subtitle}` : ""}</Text>
                        </UnstyledButton>
                      );
                    })}
                  </div>
                </div>
              ))}
              {nowX !== null && <div className={classes.nowLine} style={{ left: CHANNEL_COLUMN + nowX }} data-testid="guide-now-line" aria-label={t("guide.now", { clock: clock(now) })} role="img" />}
            </div>
          </div>
        </Box>
      )}
      <ProgrammeDetails selected={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}

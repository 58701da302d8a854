import { Avatar, Button, Group, NumberInput, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Link, navigate } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { GenerateChannelsDocument, type ChannelGrouping, type GenerateChannelsMutation, type GeneratedPlayoutStyle } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

type Report = GenerateChannelsMutation["generateChannels"];

const GROUPINGS = () => ([
  { value: "Network", label: t("channels.aChannelPerTvNetworkStudio") },
  { value: "Genre", label: t("channels.aChannelPerGenre") },
  { value: "Decade", label: t("channels.aChannelPerDecade") },
  { value: "Collection", label: t("channels.aChannelPerCollection") },
  { value: "Show", label: t("channels.aChannelPerShow") },
]);

const STYLES = () => ([
  { value: "ShuffledShows", label: t("channels.showsShuffledEachShowSEpisodesIn") },
  { value: "BlockDay", label: t("channels.aDayOfEqualTimeSlots") },
]);

const FIELDS = ["grouping", "minimumItems", "firstNumber", "style", "slotMinutes"];

/** `/channels/generate`: channels made from the library's metadata, previewed first, then created all at once. */
export default function GenerateChannelsPage() {
  const { t } = useTranslation();
  const [grouping, setGrouping] = useState<ChannelGrouping>("Network");
  const [minimumItems, setMinimumItems] = useState<number>(5);
  const [firstNumber, setFirstNumber] = useState("");
  const [style, setStyle] = useState<GeneratedPlayoutStyle>("ShuffledShows");
  const [slotMinutes, setSlotMinutes] = useState("30");
  const [report, setReport] = useState<Report | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof toServerErrors> | null>(null);
  const [{ fetching }, generate] = useServerMutation(GenerateChannelsDocument);

  const input = () => ({
    grouping,
    minimumItems,
    firstNumber: firstNumber.trim() || null,
    style,
    slotMinutes: style === "BlockDay" ? Number(slotMinutes) : null,
  });

  const run = async (apply: boolean) => {
    const result = await generate({ input: input(), apply });
    const problems = toServerErrors(result.error, FIELDS);
    setErrors(result.error ? problems : null);
    if (!result.data) return;
    if (apply) navigate("/channels");
    else setReport(result.data.generateChannels);
  };
  const changed = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setReport(null);
  };

  return (
    <Stack maw={1000}>
      <Title order={1}>{t("channels.makeChannelsFromYourLibrary")}</Title>
      <Text c="dimmed">{t("channels.airwaveGroupsYourMediaByIts")}</Text>
      <Group align="flex-end" wrap="wrap">
        <Select label={t("common.groupBy")} data={GROUPINGS()} value={grouping} allowDeselect={false} onChange={(v) => v && changed(setGrouping)(v as ChannelGrouping)} error={errors?.fields.grouping} w={320} />
        <NumberInput label={t("channels.smallestGroupItems")} min={1} max={10000} value={minimumItems} onChange={(v) => changed(setMinimumItems)(typeof v === "number" ? v : 1)} error={errors?.fields.minimumItems} w={180} />
        <TextInput label={t("channels.firstChannelNumber")} placeholder={t("channels.afterTheHighest")} value={firstNumber} onChange={(e) => changed(setFirstNumber)(e.currentTarget.value)} error={errors?.fields.firstNumber} w={180} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <Select label={t("channels.whatEachChannelPlays")} data={STYLES()} value={style} allowDeselect={false} onChange={(v) => v && changed(setStyle)(v as GeneratedPlayoutStyle)} error={errors?.fields.style} w={420} />
        {style === "BlockDay" && (
          <Select label={t("common.slotLength")} data={[{ value: "30", label: t("common.n30Minutes") }, { value: "60", label: t("common.n60Minutes") }]} value={slotMinutes} allowDeselect={false} onChange={(v) => v && changed(setSlotMinutes)(v)} error={errors?.fields.slotMinutes} w={180} />
        )}
        <Button variant="light" onClick={() => run(false)} loading={fetching && !report}>{t("common.preview")}</Button>
      </Group>
      <ServerMessage message={errors?.general} />
      {report && (
        <Stack>
          <Title order={2}>{report.channels.length === 0 ? t("channels.noGroupIsLargeEnough") : t("channels.channelsToMakeCount", { count: report.channels.length })}</Title>
          {report.channels.length > 0 && (
            <Table verticalSpacing="xs" aria-label={t("channels.channelsToMake")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}><span className="visually-hidden">{t("common.logo")}</span></Table.Th>
                  <Table.Th>{t("common.number")}</Table.Th>
                  <Table.Th>{t("common.name")}</Table.Th>
                  <Table.Th>{t("common.items")}</Table.Th>
                  <Table.Th>{t("common.hours")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.channels.map((c) => (
                  <Table.Tr key={c.number}>
                    <Table.Td><Avatar src={c.logoUrl} alt={t("channels.logo", { name: c.name })} radius="sm" /></Table.Td>
                    <Table.Td fw={700}>{c.number}</Table.Td>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>{c.itemCount}</Table.Td>
                    <Table.Td>{c.estimatedHours}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {report.skipped.length > 0 && (
            <Stack gap={2}>
              <Text fw={600}>{t("common.leftOut")}</Text>
              {report.skipped.map((s) => <Text key={s.name} size="sm">{s.name}: {s.reason}</Text>)}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button component={Link} to="/channels" variant="default">{t("common.cancel")}</Button>
            <Button onClick={() => run(true)} disabled={report.channels.length === 0} loading={fetching}>{t("channels.createChannels", { count: report.channels.length })}</Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

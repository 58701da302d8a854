import { Avatar, Button, Group, NumberInput, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Link, navigate } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { GenerateChannelsDocument, type ChannelGrouping, type GenerateChannelsMutation, type GeneratedPlayoutStyle } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";

type Report = GenerateChannelsMutation["generateChannels"];

const GROUPINGS = [
  { value: "Network", label: "A channel per TV network (studio)" },
  { value: "Genre", label: "A channel per genre" },
  { value: "Decade", label: "A channel per decade" },
  { value: "Collection", label: "A channel per collection" },
  { value: "Show", label: "A channel per show" },
];

const STYLES = [
  { value: "ShuffledShows", label: "Shows shuffled, each show's episodes in order" },
  { value: "BlockDay", label: "A day of equal time slots (blocks)" },
];

const FIELDS = ["grouping", "minimumItems", "firstNumber", "style", "slotMinutes"];

/** `/channels/generate`: channels made from the library's metadata, previewed first, then created all at once. */
export default function GenerateChannelsPage() {
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
      <Title order={1}>Make channels from your library</Title>
      <Text c="dimmed">Airwave groups your media by its metadata and makes a channel for each group that has enough to play. Nothing is created until you confirm.</Text>
      <Group align="flex-end" wrap="wrap">
        <Select label="Group by" data={GROUPINGS} value={grouping} allowDeselect={false} onChange={(v) => v && changed(setGrouping)(v as ChannelGrouping)} error={errors?.fields.grouping} w={320} />
        <NumberInput label="Smallest group (items)" min={1} max={10000} value={minimumItems} onChange={(v) => changed(setMinimumItems)(typeof v === "number" ? v : 1)} error={errors?.fields.minimumItems} w={180} />
        <TextInput label="First channel number" placeholder="after the highest" value={firstNumber} onChange={(e) => changed(setFirstNumber)(e.currentTarget.value)} error={errors?.fields.firstNumber} w={180} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <Select label="What each channel plays" data={STYLES} value={style} allowDeselect={false} onChange={(v) => v && changed(setStyle)(v as GeneratedPlayoutStyle)} error={errors?.fields.style} w={420} />
        {style === "BlockDay" && (
          <Select label="Slot length" data={[{ value: "30", label: "30 minutes" }, { value: "60", label: "60 minutes" }]} value={slotMinutes} allowDeselect={false} onChange={(v) => v && changed(setSlotMinutes)(v)} error={errors?.fields.slotMinutes} w={180} />
        )}
        <Button variant="light" onClick={() => run(false)} loading={fetching && !report}>Preview</Button>
      </Group>
      <ServerMessage message={errors?.general} />
      {report && (
        <Stack>
          <Title order={2}>{report.channels.length === 0 ? "No group is large enough" : `${report.channels.length} channel(s) to make`}</Title>
          {report.channels.length > 0 && (
            <Table verticalSpacing="xs" aria-label="Channels to make">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}><span className="visually-hidden">Logo</span></Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Items</Table.Th>
                  <Table.Th>Hours</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.channels.map((c) => (
                  <Table.Tr key={c.number}>
                    <Table.Td><Avatar src={c.logoUrl} alt={`${c.name} logo`} radius="sm" /></Table.Td>
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
              <Text fw={600}>Left out</Text>
              {report.skipped.map((s) => <Text key={s.name} size="sm">{s.name}: {s.reason}</Text>)}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button component={Link} to="/channels" variant="default">Cancel</Button>
            <Button onClick={() => run(true)} disabled={report.channels.length === 0} loading={fetching}>Create {report.channels.length} channel(s)</Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

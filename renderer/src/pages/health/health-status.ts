/** How each check status shows: colour and label, and the order problems come in. */
export const STATUS_LOOK: Record<string, { color: string; label: string; rank: number }> = {
  failed: { color: "red", label: "Failed", rank: 0 },
  warning: { color: "yellow", label: "Warning", rank: 1 },
  info: { color: "gray", label: "Note", rank: 2 },
  ok: { color: "green", label: "OK", rank: 3 },
};

export function statusLook(status: string) {
  return STATUS_LOOK[status] ?? { color: "gray", label: status, rank: 2 };
}

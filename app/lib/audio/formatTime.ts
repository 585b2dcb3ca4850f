/** m:ss with padded seconds (docs/features.md#music): every track time the music pages and the players show. */
export function formatTime(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

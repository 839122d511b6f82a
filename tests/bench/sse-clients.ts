import { readSse } from '@switchboard/server/testing/sse';

export type SseStream = ReturnType<typeof readSse>;

/** Opens `count` SSE streams on `url`, 50 at a time, and waits until each one has said `ready`. */
export async function openStreams(
  url: string,
  headers: Record<string, string>,
  count: number,
  readyTimeoutMs = 60_000,
): Promise<SseStream[]> {
  const streams: SseStream[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, async () => readSse(await fetch(url, { headers }))),
    );
    streams.push(...batch);
  }
  await Promise.all(
    streams.map((stream) => stream.next((message) => message.event === 'ready', readyTimeoutMs)),
  );
  return streams;
}

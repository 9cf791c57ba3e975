/**
 * One HTTP range of a file behind a signed link. A server that ignores Range answers 200 with the
 * whole file: then only the bytes up to `end` are read and the rest of the download is cancelled,
 * so a viewer never pulls a whole multi-gigabyte file by accident.
 */
export async function fetchRange(url: string, start: number, end: number, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, {
    headers: { Range: `bytes=${start}-${end}` },
    signal,
    credentials: 'same-origin',
  });
  if (response.status === 416) return new Uint8Array(0);
  if (!response.ok) throw new Error(`The file could not be read (HTTP ${response.status}).`);
  if (response.status === 206) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const wanted = end + 1;
  const out = new Uint8Array(wanted);
  let received = 0;
  while (received < wanted) {
    const { done, value } = await reader.read();
    if (done) break;
    const take = Math.min(value.length, wanted - received);
    out.set(value.subarray(0, take), received);
    received += take;
  }
  await reader.cancel().catch(() => undefined);
  return out.slice(Math.min(start, received), received);
}

import type { TViewerFile } from './viewer-kind.ts';

/** Gives a fresh signed link when the one in hand has expired (links live 300 seconds). */
export type TRenewUrl = () => Promise<string>;

/** What every viewer is given: the file, its signed link, and how to get a fresh one when it expires. */
export type TViewerFileLink = { file: TViewerFile; url: string; renewUrl?: TRenewUrl | undefined };

/**
 * Fetches a deliverable through its signed link. An expired link answers 403: the link is renewed
 * once and the request repeated, so a viewer opened long ago still loads.
 */
export async function fetchFile(
  url: string,
  options: { renewUrl?: TRenewUrl | undefined; range?: { start: number; end: number }; signal?: AbortSignal } = {},
): Promise<Response> {
  const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };
  if (options.signal) init.signal = options.signal;
  if (options.range) init.headers = { Range: `bytes=${options.range.start}-${options.range.end}` };
  let response = await fetch(url, init);
  if (response.status === 403 && options.renewUrl) response = await fetch(await options.renewUrl(), init);
  if (!response.ok) throw new Error(`The file could not be read (HTTP ${response.status}).`);
  return response;
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipcChannels, type EventMessage } from '../../src/shared/contract/host';
import { standIn, type WebContents, type WebFrameMain } from './stand-in/electron';
export { steady, until } from '../support/until';
// Zombies count as ended: some containers' init never reaps them.
export { isAlive } from '../../src/main/process/process-tree';

export async function tempDir(prefix: string) {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** A request from the page, as the preload sends it. */
export function request(
  contents: WebContents,
  name: string,
  params: unknown,
  frame: WebFrameMain | null = contents.mainFrame,
) {
  return standIn.invoke(ipcChannels.request, contents, frame, name, params) as Promise<{
    ok: boolean;
    error?: string;
    result?: unknown;
  }>;
}

/** A notification from the page, as the preload sends it: no answer. */
export function notify(
  contents: WebContents,
  name: string,
  params: unknown,
  frame: WebFrameMain | null = contents.mainFrame,
): void {
  standIn.send(ipcChannels.notify, contents, frame, name, params);
}

/** The host events a page received. */
export function eventsOf(contents: WebContents): EventMessage[] {
  return contents.sent
    .filter((message) => message.channel === ipcChannels.event)
    .map((message) => message.args[0] as EventMessage);
}

/** What a terminal printed, as the page received it. */
export function outputOf(contents: WebContents, terminalId: string): string {
  return Buffer.concat(
    eventsOf(contents)
      .filter((event) => event.name === 'terminalData' && event.payload.terminalId === terminalId)
      .map((event) => (event.payload as { data: Uint8Array }).data),
  ).toString();
}

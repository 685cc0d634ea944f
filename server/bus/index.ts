// The bus's public entry. The in-process bus is the default; across processes, the NATS bus carries the same events
// and the JetStream command log carries the commands (README.md in this folder). The NATS client is loaded on first
// use, so the embedded server never pays for it at start.
import type { CommandLog, CommandLogOptions } from './command-log.ts';
import type { NatsBus, NatsBusOptions } from './nats.ts';

export { checkPattern, checkTopic, matches, type Bus, type Handler, type Unsubscribe } from './bus.ts';
export { createInProcessBus, type InProcessBusOptions } from './in-process.ts';
export { CODEC_VERSION, CodecError, decode, encode } from './codec.ts';
export { FenceError, LogGapError } from './errors.ts';
export type { NatsBus, NatsBusOptions } from './nats.ts';
export type { Appended, CommandHandler, CommandLog, CommandLogOptions, DurableOptions, LoggedCommand, Reader } from './command-log.ts';

/** The bus over NATS core publish/subscribe (nats.ts). */
export async function createNatsBus<E>(options: NatsBusOptions): Promise<NatsBus<E>> {
  return (await import('./nats.ts')).createNatsBus<E>(options);
}

/** The durable command log on JetStream (command-log.ts). */
export async function createCommandLog(options: CommandLogOptions): Promise<CommandLog> {
  return (await import('./command-log.ts')).createCommandLog(options);
}

// Work for one key (a user) one at a time, in order of arrival: two uploads or creates at once can't both pass a limit
// or a state check that each reads before writing. Different keys run side by side; a failed piece of work doesn't stop
// the next. A key's entry goes once its last piece of work is done, so the map holds only keys with work in flight.
export type PerKeySerial<K> = <T>(key: K, work: () => Promise<T>) => Promise<T>;

export function perKeySerial<K>(): PerKeySerial<K> {
  const busy = new Map<K, Promise<unknown>>();
  return async (key, work) => {
    const before = busy.get(key) ?? Promise.resolve();
    const done = before.catch(() => undefined).then(work);
    busy.set(key, done);
    try {
      return await done;
    } finally {
      if (busy.get(key) === done) busy.delete(key);
    }
  };
}

// The jobs' round of the seconds desk's record (desks/seconds/logged-record.ts sendRound): the entries, then
// `deliverDue` until nothing more is due, or until one moves nothing on (it would only spin); a refusal rejects.
import { expect, it } from 'vitest';
import { sendRound, type RoundDesk } from '../../../server/desks/seconds/logged-record.ts';

type Due = Awaited<ReturnType<RoundDesk['deliverDue']>>;

function desk(answers: Due[], entries: { ok: boolean; code?: string } = { ok: true }) {
  const calls = { entries: 0, due: 0 };
  const d: RoundDesk = {
    recordEntries: async () => {
      calls.entries++;
      return entries;
    },
    deliverDue: async () => answers[Math.min(calls.due++, answers.length - 1)]!,
  };
  return { d, calls };
}

it('asks for deliveries until none is due', async () => {
  const { d, calls } = desk([{ ok: true, value: { handled: 100, more: true } }, { ok: true, value: { handled: 3, more: true } }, { ok: true, value: { handled: 1, more: false } }]);
  await sendRound(d, []);
  expect(calls).toEqual({ entries: 1, due: 3 });
});

it('stops when a delivery moved nothing on, though more is due: the next round asks again, rather than spin', async () => {
  // A desk whose due contracts wait for an entry it can't read answers this for ever.
  const { d, calls } = desk([{ ok: true, value: { handled: 0, more: true } }]);
  await sendRound(d, []);
  expect(calls).toEqual({ entries: 1, due: 1 });
  const later = desk([{ ok: true, value: { handled: 2, more: true } }, { ok: true, value: { handled: 0, more: true } }]);
  await sendRound(later.d, []);
  expect(later.calls.due).toBe(2);
});

it('rejects on a refused round or refused deliveries', async () => {
  await expect(sendRound(desk([{ ok: true, value: { handled: 0, more: false } }], { ok: false, code: 'record.chain' }).d, [])).rejects.toThrow(/record.chain/);
  await expect(sendRound(desk([{ ok: false, code: 'desk.stopped' }]).d, [])).rejects.toThrow(/desk.stopped/);
});

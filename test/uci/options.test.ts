// Every option of bin/options.ts, as both protocols offer and take it: listed in the `uci` or `ucci`
// reply with its declared type and default, its default value accepted by `setoption`, and a value out
// of its range or of the wrong type refused with an error that names the option and the value.
import { describe, expect, test } from 'vitest';
import { OPTIONS, type EngineOption } from '../../bin/options.ts';
import { uciSession } from './session.ts';

const { ask, readyAfter } = uciSession();

/** A value of the option's type that it must take (the default, or an existing file's path). */
function goodValue(option: EngineOption, reply: string[], name: string): string | null {
  if (option.type === 'spin' || option.type === 'check' || option.type === 'combo') return String(option.default);
  if (option.type === 'string')
    return reply.find((l) => l.includes(` ${name} type string default `))!.split(' default ')[1]!;
  return null;
}

/** A value the option must refuse, and the error that says so. */
function badValue(option: EngineOption, name: string): [string, RegExp] | null {
  if (option.type === 'spin')
    return [
      String(option.max + 1),
      new RegExp(`error: ${name} must be a whole number from ${option.min} to ${option.max}, not "${option.max + 1}"`),
    ];
  if (option.type === 'check') return ['maybe', new RegExp(`error: ${name} must be true or false, not "maybe"`)];
  if (option.type === 'combo') return ['nonsense', new RegExp(`error: ${name} must be .*, not "nonsense"`)];
  return null;
}

for (const protocol of ['uci', 'ucci'] as const) {
  describe(`${protocol}: the declared options`, () => {
    const declared = OPTIONS.filter((o) => (protocol === 'uci' ? o.uci : o.ucci) !== null);
    const setoption = (name: string, value: string | null) =>
      protocol === 'uci'
        ? `setoption name ${name}${value === null ? '' : ` value ${value}`}`
        : `setoption ${name}${value === null ? '' : ` ${value}`}`;

    test('are all offered, with their type', async () => {
      const reply = await ask(protocol, (l) => l === `${protocol}ok`);
      const offered = reply.filter((l) => l.startsWith('option '));
      expect(offered).toHaveLength(declared.length);
      for (const option of declared) {
        const name = (protocol === 'uci' ? option.uci : option.ucci)!;
        const head =
          protocol === 'uci' ? `option name ${name} type ${option.type}` : `option ${name} type ${option.type}`;
        expect(offered.some((l) => l === head || l.startsWith(`${head} `))).toBe(true);
      }
    });

    test('take a good value and refuse a bad one by name', async () => {
      const reply = await ask(protocol, (l) => l === `${protocol}ok`);
      for (const option of declared) {
        const name = (protocol === 'uci' ? option.uci : option.ucci)!;
        const good = goodValue(option, reply, name);
        const answer = await readyAfter(setoption(name, good));
        expect(
          answer.filter((l) => l.includes('error')),
          `${name} ${good}`,
        ).toEqual([]);
        const bad = badValue(option, name);
        if (bad) {
          const refused = await readyAfter(setoption(name, bad[0]));
          expect(
            refused.some((l) => bad[1].test(l)),
            `${name} ${bad[0]}: ${refused.join(' | ')}`,
          ).toBe(true);
        }
      }
      await ask('uci', (l) => l === 'uciok');
    });
  });
}

test('an option that is not declared is refused by name', async () => {
  await ask('uci', (l) => l === 'uciok');
  const lines = await readyAfter('setoption name Contempt value 10');
  expect(lines).toContain('info string error: unknown option "contempt"');
});

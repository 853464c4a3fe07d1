// The page's network evaluation (page-network.ts): every search worker the page makes gets the
// network, those made before it arrived included; the setting switches all of them; a network that
// cannot be fetched leaves them on the hand-written evaluation, with a warning.
import { describe, expect, test, vi } from 'vitest';
import { PageNetwork, type NetworkUser } from '../../web/app/page-network.ts';

function worker(): NetworkUser & { told: (Uint8Array | null)[] } {
  const told: (Uint8Array | null)[] = [];
  return { told, setNetwork: (file) => told.push(file) };
}

describe('the page network', () => {
  test('workers made before and after it arrives evaluate with it; the setting turns it off and on for all', async () => {
    const file = new Uint8Array([7]);
    const network = new PageNetwork(true, () => Promise.resolve(file));
    const early = network.attach(worker());
    expect(early.told).toEqual([]);
    expect(await network.load()).toBe(file);
    expect(network.ready).toBe(true);
    const late = network.attach(worker());
    expect(early.told).toEqual([file]);
    expect(late.told).toEqual([file]);
    network.setEnabled(false);
    network.setEnabled(false);
    expect(early.told).toEqual([file, null]);
    expect(late.told).toEqual([file, null]);
    network.attach(worker());
    network.setEnabled(true);
    expect(late.told).toEqual([file, null, file]);
  });

  test('off from the start: nobody is given it until the setting is turned on', async () => {
    const file = new Uint8Array([7]);
    const network = new PageNetwork(false, () => Promise.resolve(file));
    const w = network.attach(worker());
    await network.load();
    expect(w.told).toEqual([]);
    network.setEnabled(true);
    expect(w.told).toEqual([file]);
  });

  test('a network that cannot be fetched: a warning, and the workers keep the hand-written evaluation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const network = new PageNetwork(true, () => Promise.reject(new Error('HTTP 404')));
    const w = network.attach(worker());
    expect(await network.load()).toBeNull();
    expect(await network.load()).toBeNull();
    network.setEnabled(false);
    network.setEnabled(true);
    expect(w.told).toEqual([]);
    expect(network.ready).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/network evaluation could not be loaded.*HTTP 404/);
    warn.mockRestore();
  });
});

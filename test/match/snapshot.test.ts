// The match's private copy of build/: the engine in it finds the shipped book and network beside it
// as it does in the repository (without them it would quietly play without), a different network
// is a different engine by its fingerprint, and the copy is removed afterwards.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { snapshotBuild } from '../../bench/match-snapshot.ts';

const root = mkdtempSync(join(tmpdir(), 'xq-snapshot-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

test('the copy holds build/ with book/ and nnue/ beside it; the network is part of the fingerprint', () => {
  for (const file of ['uci.js', 'search-thread.js', 'engine.wasm', 'engine.js']) write(`build/${file}`, file);
  write('book/xiangqi.book', 'book');
  write('nnue/xiangqi.nnue', 'network 1');
  const buildDir = pathToFileURL(join(root, 'build') + '/');
  const first = snapshotBuild(buildDir);
  const copy = dirname(dirname(first.uci));
  expect(readFileSync(join(copy, 'book/xiangqi.book'), 'utf8')).toBe('book');
  expect(readFileSync(join(copy, 'nnue/xiangqi.nnue'), 'utf8')).toBe('network 1');
  expect(readFileSync(first.uci, 'utf8')).toBe('uci.js');
  write('nnue/xiangqi.nnue', 'network 2');
  const second = snapshotBuild(buildDir);
  expect(second.fingerprint).not.toBe(first.fingerprint);
  first.remove();
  expect(existsSync(copy)).toBe(false);
  second.remove();
});

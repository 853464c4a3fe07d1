// The match's games run a few at a time (`--concurrency`).

/**
 * Runs `work` over the items, `workers` at a time; after a failure, or once `stop()` says so, no new
 * item is started.
 */
export async function pool<T, R>(
  items: readonly T[],
  workers: number,
  work: (item: T) => Promise<R>,
  stop = () => false,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && !stop() && next < items.length) {
      const item = items[next++]!;
      try {
        results.push(await work(item));
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker));
  return results;
}

/**
 * Group commit: calls that arrive while the database is busy with earlier ones wait
 * and go together, as one statement and one commit, instead of one statement and one commit
 * each. A call alone goes at once; under load, each statement that ends sends everything that
 * queued meanwhile. `run` gets the waiting items in arrival order and answers one result per
 * item, in the same order; each caller's promise settles only when the statement that carried
 * its item has returned (for an autocommitted statement: once it is committed).
 *
 * A statement that fails for a group is tried again item by item, so one item's failure is
 * that caller's alone.
 */
export function groupCommit<Item, Result>(
  run: (items: readonly Item[]) => Promise<readonly Result[]>,
  options: { readonly inFlight: number; readonly maxItems: number },
): (item: Item) => Promise<Result> {
  interface Waiting {
    readonly item: Item;
    resolve(result: Result): void;
    reject(error: unknown): void;
  }
  const queue: Waiting[] = [];
  let running = 0;

  const settle = async (group: Waiting[]) => {
    try {
      const results = await run(group.map((waiting) => waiting.item));
      if (results.length !== group.length)
        throw new Error(`group commit: ${results.length} results for ${group.length} items`);
      group.forEach((waiting, i) => waiting.resolve(results[i]!));
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else await Promise.all(group.map((waiting) => settle([waiting])));
    }
  };

  const next = () => {
    while (running < options.inFlight && queue.length > 0) {
      const group = queue.splice(0, options.maxItems);
      running++;
      void settle(group).finally(() => {
        running--;
        next();
      });
    }
  };

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      next();
    });
}

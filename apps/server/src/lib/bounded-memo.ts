/**
 * Remembers the answers of a pure function of a string, for inputs that repeat (a client sends
 * the same header again and again). At most `limit` are kept: when full, it starts over, so
 * whatever is asked, memory stays bounded.
 */
export function boundedMemo<T>(limit: number, compute: (input: string) => T): (input: string) => T {
  const known = new Map<string, T>();
  return (input) => {
    if (known.has(input)) return known.get(input) as T;
    const value = compute(input);
    if (known.size >= limit) known.clear();
    known.set(input, value);
    return value;
  };
}

/**
 * Whether following `next` from any of `starts` reaches `target`. Used to refuse cycles: a unit placed
 * under one of its own descendants, or a task blocked by something that (transitively) waits on it.
 */
export function reaches(
  starts: readonly string[],
  target: string,
  next: (id: string) => readonly string[],
): boolean {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (id === target) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...next(id));
  }
  return false;
}

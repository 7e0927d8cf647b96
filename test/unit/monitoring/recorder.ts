/** A `Track` for the watchers' tests: every event it is given, in order, as [name, data]. */
type Event = [string, Record<string, unknown> | undefined];

export function recorder() {
  const events: Event[] = [];
  return {
    events,
    track: (name: string, data?: Record<string, unknown>) => void events.push([name, data]),
  };
}

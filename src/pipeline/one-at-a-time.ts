/**
 * Runs an async `work` one at a time: a request while it runs makes it run once more after it
 * (every request in between folds into that one), so there are never two at once and none is
 * lost. Used by the assets refresher and the money watch, whose reads must not overlap (an older
 * answer landing after a newer one) nor be dropped (a refresh asked for after a user's action).
 */
export interface OneAtATime {
  /** Run now, or once more right after the run in flight. */
  request(): void;
  /** Resolves when no run is in flight or queued. */
  idle(): Promise<void>;
}

export function oneAtATime(
  work: () => Promise<void>,
  stopped: () => boolean,
  /** Called after each stretch of runs ends, also when `work` threw. */
  settled?: () => void,
): OneAtATime {
  let running: Promise<void> | null = null;
  let again = false;
  const request = () => {
    if (stopped()) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await work();
        } while (again && !stopped());
      } finally {
        running = null;
        settled?.();
      }
    })();
  };
  return {
    request,
    idle: async () => {
      while (running) await running.catch(() => undefined);
    },
  };
}

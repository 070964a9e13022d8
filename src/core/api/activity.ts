/**
 * Work under way that may still send a request or write state: requests in flight and pending
 * debounces. Anyone who must know that the extension is done (its tests, before they count
 * requests or reload) waits for it to be idle instead of for a clock.
 */
export interface Timer {
  clear(): void;
}

export class Activity {
  private count = 0;

  /** Work begins; the result ends it (once, however often it is called). */
  begin(): () => void {
    this.count++;
    let ended = false;
    return () => {
      if (!ended) {
        ended = true;
        this.count--;
      }
    };
  }

  async track<T>(work: Promise<T>): Promise<T> {
    const end = this.begin();
    try {
      return await work;
    } finally {
      end();
    }
  }

  /** `setTimeout`, under way until it has run or is cleared. */
  timeout(run: () => void, ms: number): Timer {
    const end = this.begin();
    const handle = setTimeout(() => {
      end();
      run();
    }, ms);
    return {
      clear: () => {
        clearTimeout(handle);
        end();
      },
    };
  }

  /** `run` once the task under way ends (a microtask), under way until it has run or is cleared. */
  soon(run: () => void): Timer {
    const end = this.begin();
    let cleared = false;
    queueMicrotask(() => {
      if (!cleared) {
        end();
        run();
      }
    });
    return {
      clear: () => {
        cleared = true;
        end();
      },
    };
  }

  /** Resolves once nothing has been under way for `turns` turns of the event loop in a row. */
  async idle(turns = 3): Promise<void> {
    for (let quiet = 0; quiet < turns;) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      quiet = this.count === 0 ? quiet + 1 : 0;
    }
  }
}

/** The extension's activity: one per extension host. */
export const activity = new Activity();

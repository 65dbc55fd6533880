/** The one source of "now" for every business rule, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move; used by tests and benchmarks. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: Date | string = "2026-03-02T09:00:00Z") {
    this.#now = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#now);
  }
  advanceSeconds(seconds: number): void {
    this.#now += seconds * 1000;
  }
  set(to: Date | string): void {
    this.#now = new Date(to).getTime();
  }
}

export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);

/** A bounded FIFO: the newest `capacity` items, the oldest forgotten first. */
export class Ring<T> {
  private items: T[] = [];
  private dropped = 0;

  constructor(readonly capacity: number) {
    if (!(capacity > 0)) throw new RangeError(`ring capacity ${capacity}`);
  }

  push(...values: T[]): void {
    this.items.push(...values);
    const over = this.items.length - this.capacity;
    if (over > 0) {
      this.items.splice(0, over);
      this.dropped += over;
    }
  }

  list(): T[] {
    return [...this.items];
  }

  get size(): number {
    return this.items.length;
  }

  /** How many items were forgotten to stay within capacity. */
  get droppedCount(): number {
    return this.dropped;
  }
}

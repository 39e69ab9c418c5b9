/**
 * A map of at most `bound` entries: when full, the entry set longest ago goes to make room, and a
 * key set again counts as set now. For what a process keeps to save work (a verified token, a guess
 * at a report's technique, a range page's short walk), never for what decides an answer.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #bound: number;

  constructor(bound: number) {
    super();
    this.#bound = bound;
  }

  override set(key: K, value: V): this {
    this.delete(key);
    if (this.size >= this.#bound) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}

/** The part of autocannon 9 the engine benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds a request may take before it counts as an error. */
    timeout?: number;
    headers?: Record<string, string>;
  };
  export type Result = {
    /** Seconds the load actually ran. */
    duration: number;
    /** Connection errors and timeouts. */
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): EventEmitter;
}

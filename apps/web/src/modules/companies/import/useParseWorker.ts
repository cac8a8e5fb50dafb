import { useCallback, useEffect, useRef } from 'react';
import type { TParseReply, TParseRequest } from './worker-protocol';

type TOk = Extract<TParseReply, { ok: true }>;

/** The wizard was closed or went back while a file was being read; nothing to report. */
export class ParserStopped extends Error {}
type TPending = { resolve: (r: TOk) => void; reject: (e: Error) => void };
type TRequestBody = TParseRequest extends infer R ? (R extends TParseRequest ? Omit<R, 'id'> : never) : never;

/** The import parser in a Web Worker, as promises. The worker lives until reset or unmount. */
export function useParseWorker() {
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, TPending>());
  const nextId = useRef(1);

  const reset = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
    for (const p of pending.current.values()) p.reject(new ParserStopped('The file reader was stopped'));
    pending.current.clear();
  }, []);

  useEffect(() => reset, [reset]);

  const request = useCallback((body: TRequestBody): Promise<TOk> => {
    if (!worker.current) {
      const w = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<TParseReply>) => {
        const reply = e.data;
        const p = pending.current.get(reply.id);
        if (!p) return;
        pending.current.delete(reply.id);
        if (reply.ok) p.resolve(reply);
        else p.reject(new Error(reply.message));
      };
      w.onerror = (e) => {
        e.preventDefault();
        for (const p of pending.current.values()) p.reject(new Error(e.message || 'The file could not be read'));
        pending.current.clear();
        w.terminate();
        worker.current = null;
      };
      worker.current = w;
    }
    const id = nextId.current++;
    const w = worker.current;
    return new Promise<TOk>((resolve, reject) => {
      pending.current.set(id, { resolve, reject });
      w.postMessage({ ...body, id } as TParseRequest);
    });
  }, []);

  const open = useCallback((file: File) => request({ type: 'open', file }), [request]);
  const sheet = useCallback((name: string) => request({ type: 'sheet', sheet: name }), [request]);
  return { open, sheet, reset };
}

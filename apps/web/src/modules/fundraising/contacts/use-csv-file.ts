import { autoMapColumns, mappingComplete, type TContactColumnMapping } from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { readFileText } from '../wizard/PlayersStep';
import { parseCsvText } from './step-contacts';

const M = FUNDRAISING_MESSAGES;

/** A read file waiting for its column mapping. */
export interface TPendingCsv {
  fileName: string;
  headers: string[];
  rows: Record<string, string>[];
  initial: TContactColumnMapping;
}

export interface TStepMessage {
  title: string;
  text?: string;
}

/**
 * The first half of the CSV import flow (spec 002 §4.3): choose a file, read and parse it, guess
 * the mapping (autoMapColumns). The wrong kind of file, a parse failure ('CSV parsing failed' with
 * the first message) and anything else ('Error processing CSV') become the step's message; a
 * guess without the required columns says 'Please map required columns.' until they are mapped.
 */
export function useCsvFile(accepts: (file: File) => boolean, wrongKind: string) {
  const [pending, setPending] = useState<TPendingCsv | null>(null);
  const [message, setMessage] = useState<TStepMessage | null>(null);

  const load = async (file: File) => {
    setPending(null);
    if (!accepts(file)) {
      setMessage({ title: wrongKind });
      return;
    }
    try {
      const parsed = parseCsvText(await readFileText(file));
      if (!parsed.ok) {
        setMessage({ title: parsed.title, text: parsed.message });
        if (parsed.title === M.csvParseFailed) toast.error(parsed.title, { description: parsed.message });
        return;
      }
      const initial = autoMapColumns(parsed.headers);
      setMessage(mappingComplete(initial) ? null : { title: M.mapRequiredColumns });
      setPending({ fileName: file.name, headers: parsed.headers, rows: parsed.rows, initial });
    } catch {
      setMessage({ title: M.csvError });
      toast.error(M.csvError);
    }
  };

  return {
    pending,
    message,
    setMessage,
    load,
    /** The mapping dialog was closed: the file is dropped (its message, if any, stays). */
    cancel: () => setPending(null),
    /** The mapping was confirmed: the rows go to the preview. */
    done: () => {
      setPending(null);
      setMessage(null);
    },
  };
}
